package dev.schemaop.pipeline.definition;

import dev.schemaop.api.PipelineConfigException;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads YAML text into {@link YamlNode}s that keep the line and column of every key and value.
 *
 * <p>Jackson's tree model drops token locations, so this walks Jackson's streaming YAML parser once
 * and builds the small tree itself. Syntax errors, duplicate keys and aliases become one {@link
 * PipelineConfigException} with file, line and column. No cause is attached to syntax errors:
 * Jackson's own message quotes the offending source line, which may hold a password.
 */
final class YamlTreeReader {

    private static final YAMLFactory FACTORY = new YAMLFactory();

    private final String file;
    private final YAMLParser parser;

    private YamlTreeReader(String file, YAMLParser parser) {
        this.file = file;
        this.parser = parser;
    }

    /** The document's root node; empty when the text holds no YAML document at all. */
    static Optional<YamlNode> read(String yamlText, String file) {
        try (YAMLParser parser = FACTORY.createParser(yamlText)) {
            return new YamlTreeReader(file, parser).readDocument();
        } catch (JsonProcessingException e) {
            throw syntaxError(e, file);
        } catch (IOException e) {
            throw new UncheckedIOException("Reading YAML from memory failed", e);
        }
    }

    private Optional<YamlNode> readDocument() throws IOException {
        if (parser.nextToken() == null) {
            return Optional.empty();
        }
        YamlNode root = readNode();
        if (parser.nextToken() != null) {
            throw tokenLocation()
                    .error(
                            "a second YAML document starts here. Put the whole pipeline definition in one"
                                    + " document (remove the '---' separator and what follows it).");
        }
        return Optional.of(root);
    }

    /** Reads the node starting at the current token. */
    private YamlNode readNode() throws IOException {
        JsonToken token = parser.currentToken();
        Location location = tokenLocation();
        switch (token) {
            case START_OBJECT:
                return readMapping(location);
            case START_ARRAY:
                return readSequence(location);
            case VALUE_STRING:
                return new YamlNode.Scalar(
                        YamlNode.ScalarKind.STRING, stringText(location), location);
            case VALUE_NUMBER_INT:
            case VALUE_NUMBER_FLOAT:
                return new YamlNode.Scalar(YamlNode.ScalarKind.NUMBER, parser.getText(), location);
            case VALUE_TRUE:
                return new YamlNode.Scalar(YamlNode.ScalarKind.TRUE, parser.getText(), location);
            case VALUE_FALSE:
                return new YamlNode.Scalar(YamlNode.ScalarKind.FALSE, parser.getText(), location);
            case VALUE_NULL:
                return new YamlNode.Scalar(YamlNode.ScalarKind.NULL, parser.getText(), location);
            default:
                throw location.error(
                        "this YAML value (%s) is not supported. Write it as plain text, a list or a"
                                + " mapping.",
                        token);
        }
    }

    private YamlNode.Mapping readMapping(Location location) throws IOException {
        List<YamlNode.Entry> entries = new ArrayList<>();
        Map<String, Location> seen = new HashMap<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String key = parser.currentName();
            Location keyLocation = tokenLocation();
            Location first = seen.putIfAbsent(key, keyLocation);
            if (first != null) {
                throw keyLocation.error(
                        "duplicate key '%s' (first written at line %d). Keep only one of them.",
                        key, first.line());
            }
            parser.nextToken();
            entries.add(new YamlNode.Entry(key, keyLocation, readNode()));
        }
        return new YamlNode.Mapping(entries, location);
    }

    private YamlNode.Sequence readSequence(Location location) throws IOException {
        List<YamlNode> items = new ArrayList<>();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            items.add(readNode());
        }
        return new YamlNode.Sequence(items, location);
    }

    private String stringText(Location location) throws IOException {
        if (parser.isCurrentAlias()) {
            throw location.error(
                    "YAML aliases ('*%s') are not supported. Write the value out in full.",
                    parser.getText());
        }
        return parser.getText();
    }

    private Location tokenLocation() {
        JsonLocation location = parser.currentTokenLocation();
        return new Location(file, location.getLineNr(), location.getColumnNr());
    }

    private static PipelineConfigException syntaxError(JsonProcessingException e, String file) {
        MarkedYAMLException marked = findMarked(e);
        if (marked != null && marked.getProblemMark() != null) {
            Mark mark = marked.getProblemMark();
            return syntaxError(file, mark.getLine() + 1, mark.getColumn() + 1, describe(marked));
        }
        JsonLocation location = e.getLocation();
        String problem = e.getOriginalMessage().lines().findFirst().orElse("unreadable YAML");
        return location == null
                ? syntaxError(file, 0, 0, problem)
                : syntaxError(file, location.getLineNr(), location.getColumnNr(), problem);
    }

    private static PipelineConfigException syntaxError(
            String file, int line, int column, String problem) {
        String where = line > 0 ? file + ":" + line + ":" + column : file;
        return new PipelineConfigException(
                String.format(
                        "%s: invalid YAML: %s. Correct the YAML at that position: indent with"
                                + " spaces, close every quote and bracket, and quote values that"
                                + " contain ': ' or ' #'.",
                        where, problem));
    }

    /** SnakeYAML's short problem, with the construct it was reading when there is one. */
    private static String describe(MarkedYAMLException marked) {
        String problem = marked.getProblem();
        if (marked.getContext() == null) {
            return problem;
        }
        Mark context = marked.getContextMark();
        return context == null
                ? String.format("%s (%s)", problem, marked.getContext())
                : String.format(
                        "%s (%s started at line %d, column %d)",
                        problem,
                        marked.getContext(),
                        context.getLine() + 1,
                        context.getColumn() + 1);
    }

    private static MarkedYAMLException findMarked(Throwable error) {
        for (Throwable t = error; t != null && t != t.getCause(); t = t.getCause()) {
            if (t instanceof MarkedYAMLException) {
                return (MarkedYAMLException) t;
            }
        }
        return null;
    }
}
