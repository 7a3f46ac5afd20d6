package dev.schemaop.connectors.values.script;

import static dev.schemaop.connectors.values.script.ScriptPosition.lineOf;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.util.function.Consumer;

/**
 * Walks the YAML document of a script, a list of events or a mapping whose only key {@code events}
 * holds that list, and hands each event to a consumer as a tree. It streams the list rather than
 * reading the whole document as one tree, because only the parser knows the line each event starts
 * on; the position is moved to each event before it is handed on.
 */
final class EventListReader {

    private final ScriptPosition position;

    EventListReader(ScriptPosition position) {
        this.position = position;
    }

    /**
     * @throws ScriptException when the text is not YAML or not a list of events, uses YAML anchors
     *     or aliases, or when {@code onEvent} rejects an event
     */
    void read(String text, Consumer<JsonNode> onEvent) {
        YamlAliasCheck.rejectAnchorsAndAliases(text, position);
        try (JsonParser parser = ScriptYaml.MAPPER.getFactory().createParser(text)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                throw position.structureError(
                        0,
                        "the script is empty; expected a list of events or a mapping with key"
                                + " 'events'");
            }
            if (first == JsonToken.START_ARRAY) {
                readEvents(parser, onEvent);
            } else if (first == JsonToken.START_OBJECT) {
                readEventsKey(parser, onEvent);
            } else {
                throw position.structureError(
                        lineOf(parser.currentTokenLocation()),
                        "expected a list of events or a mapping with key 'events'");
            }
        } catch (JsonProcessingException e) {
            throw position.invalidYaml(e);
        } catch (IOException e) {
            throw position.unreadable(e);
        }
    }

    /**
     * Reads a document that must be one YAML list (the values sink's {@code existing.tables} file),
     * handing each element to {@code onItem}; {@code expected} describes the list for messages ("a
     * list of tables").
     *
     * @throws ScriptException when the text is not YAML or not a list, uses YAML anchors or
     *     aliases, or when {@code onItem} rejects an element
     */
    void readList(String text, Consumer<JsonNode> onItem, String expected) {
        YamlAliasCheck.rejectAnchorsAndAliases(text, position);
        try (JsonParser parser = ScriptYaml.MAPPER.getFactory().createParser(text)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                throw position.structureError(
                        0, "the file is empty; expected " + expected + " (write [] for none)");
            }
            if (first != JsonToken.START_ARRAY) {
                throw position.structureError(
                        lineOf(parser.currentTokenLocation()),
                        "expected " + expected + ", a YAML list with one '- ' item per table");
            }
            readEvents(parser, onItem);
        } catch (JsonProcessingException e) {
            throw position.invalidYaml(e);
        } catch (IOException e) {
            throw position.unreadable(e);
        }
    }

    private void readEventsKey(JsonParser parser, Consumer<JsonNode> onEvent) throws IOException {
        boolean seenEvents = false;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String key = parser.currentName();
            int keyLine = lineOf(parser.currentTokenLocation());
            if (!"events".equals(key)) {
                throw position.structureError(
                        keyLine, "unknown top-level key '" + key + "'; expected 'events'");
            }
            if (parser.nextToken() != JsonToken.START_ARRAY) {
                throw position.structureError(keyLine, "'events' must be a list of events");
            }
            readEvents(parser, onEvent);
            seenEvents = true;
        }
        if (!seenEvents) {
            throw position.structureError(
                    lineOf(parser.currentTokenLocation()),
                    "missing key 'events' (a list of events)");
        }
    }

    private void readEvents(JsonParser parser, Consumer<JsonNode> onEvent) throws IOException {
        JsonToken token;
        while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
            if (token == null) {
                return;
            }
            position.nextEvent(lineOf(parser.currentTokenLocation()));
            onEvent.accept(ScriptYaml.MAPPER.readTree(parser));
        }
    }
}
