package dev.schemaop.connectors.values.script;

import dev.schemaop.api.SkippedSourceChange;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;

/**
 * Reads a values source script (YAML, format in the module's README) into a {@link ValuesScript}.
 * The readers keep the current schema of every table while they read, so every row is checked
 * against, and encoded with {@link BinaryRecordDataGenerator} for, the schema the table has at that
 * point of the script.
 *
 * <p>This class walks the events and hands each to its reader: {@link SchemaChangeReader} for table
 * and column changes, {@link RowChangeReader} for rows. The first bad event ends the reading with a
 * {@link ScriptException} naming it and its line.
 */
public final class ScriptParser {

    private final ScriptPosition position;
    private final TableSchemas tables = new TableSchemas();
    private final SchemaChangeReader schemaChanges;
    private final RowChangeReader rowChanges;
    private final EventFields fields;
    private final List<ScriptItem> items = new ArrayList<>();

    private ScriptParser(String name) {
        this.position = new ScriptPosition(name);
        this.fields = new EventFields(position, tables);
        this.schemaChanges = new SchemaChangeReader(position, tables, fields);
        this.rowChanges = new RowChangeReader(position, tables, fields);
    }

    /**
     * Parses a script.
     *
     * @param name how messages name the script (usually its path)
     * @param text the YAML text
     * @throws ScriptException when the script is not valid
     */
    public static ValuesScript parse(String name, String text) {
        ScriptParser parser = new ScriptParser(name);
        new EventListReader(parser.position).read(text, parser::readEvent);
        return new ValuesScript(name, parser.items, parser.tables.initialSchemas());
    }

    private void readEvent(JsonNode event) {
        EventType type = typeOf(event);
        switch (type) {
            case CREATE_TABLE -> items.add(schemaChanges.createTable(event));
            case ADD_COLUMN -> items.add(schemaChanges.addColumn(event));
            case ALTER_COLUMN_TYPE -> items.add(schemaChanges.alterColumnType(event));
            case RENAME_COLUMN -> items.add(schemaChanges.renameColumn(event));
            case DROP_COLUMN -> items.add(schemaChanges.dropColumn(event));
            case TRUNCATE_TABLE -> items.add(schemaChanges.truncateTable(event));
            case DROP_TABLE -> items.add(schemaChanges.dropTable(event));
            case INSERT -> items.addAll(rowChanges.insert(event));
            case UPDATE -> items.add(rowChanges.update(event));
            case DELETE -> items.addAll(rowChanges.delete(event));
            case SKIPPED_CHANGE -> items.add(skippedChange(event));
            case CHECKPOINT -> items.add(checkpoint());
        }
    }

    /** The event's type, once its keys are known to be the type's. */
    private EventType typeOf(JsonNode event) {
        if (event.isTextual()) {
            String word = event.textValue().trim();
            if (!EventType.CHECKPOINT.id().equals(word)) {
                throw position.eventError(
                        "an event must be a mapping with key 'type' (only 'checkpoint' may be"
                                + " written alone), got '"
                                + word
                                + "'");
            }
            return EventType.CHECKPOINT;
        }
        if (!event.isObject()) {
            throw position.eventError("an event must be a mapping with key 'type', got " + event);
        }
        JsonNode typeNode = event.get("type");
        if (typeNode == null || !typeNode.isTextual()) {
            throw position.eventError("missing 'type'; valid types: " + EventType.allIds());
        }
        String id = typeNode.textValue().trim();
        Optional<EventType> type = EventType.withId(id);
        if (type.isEmpty()) {
            throw position.eventError(
                    "unknown event type '" + id + "'; valid types: " + EventType.allIds());
        }
        checkKeys(event, type.get());
        return type.get();
    }

    private void checkKeys(JsonNode event, EventType type) {
        for (Iterator<String> it = event.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!type.keys().contains(key)) {
                throw position.eventError(
                        "unknown key '"
                                + key
                                + "' for "
                                + type.id()
                                + "; valid keys: "
                                + String.join(", ", type.keys()));
            }
        }
    }

    /** Emitted by every split, as schema changes are; the runtime records it once. */
    private ScriptItem skippedChange(JsonNode event) {
        SkippedSourceChange skipped =
                new SkippedSourceChange(
                        fields.table(event),
                        fields.text(event, "statement"),
                        fields.text(event, "reason"),
                        fields.text(event, "position"));
        return new ScriptItem(
                position.eventNumber(),
                position.line(),
                ScriptItem.Kind.SKIPPED_CHANGE,
                skipped,
                0);
    }

    private ScriptItem checkpoint() {
        return new ScriptItem(
                position.eventNumber(), position.line(), ScriptItem.Kind.CHECKPOINT, null, 0);
    }
}
