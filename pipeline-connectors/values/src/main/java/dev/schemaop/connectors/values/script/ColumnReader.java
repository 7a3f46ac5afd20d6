package dev.schemaop.connectors.values.script;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.types.DataType;

import java.util.Iterator;
import java.util.List;

/**
 * Reads one column definition, {@code {name, type[, comment]}}, of create.table or add.column
 * (which also allows a {@code position}, read by {@link ColumnPlacement}).
 */
final class ColumnReader {

    private static final List<String> TABLE_COLUMN_KEYS = List.of("name", "type", "comment");
    private static final List<String> ADDED_COLUMN_KEYS =
            List.of("name", "type", "comment", "position");

    private final ScriptPosition position;
    private final EventFields fields;

    ColumnReader(ScriptPosition position, EventFields fields) {
        this.position = position;
        this.fields = fields;
    }

    /** Column {@code index} (1-based) of a create.table event. */
    Column tableColumn(JsonNode definition, int index) {
        return read(definition, index, TABLE_COLUMN_KEYS);
    }

    /** Column {@code index} (1-based) of an add.column event. */
    Column addedColumn(JsonNode definition, int index) {
        return read(definition, index, ADDED_COLUMN_KEYS);
    }

    private Column read(JsonNode definition, int index, List<String> validKeys) {
        if (!definition.isObject()) {
            throw position.eventError(
                    "column " + index + " must be a mapping {name, type[, comment]}");
        }
        checkKeys(definition, index, validKeys);
        JsonNode nameNode = definition.get("name");
        if (nameNode == null || !nameNode.isTextual() || nameNode.textValue().trim().isEmpty()) {
            throw position.eventError("column " + index + ": missing 'name'");
        }
        String name = nameNode.textValue().trim();
        JsonNode typeNode = definition.get("type");
        if (typeNode == null || typeNode.isNull()) {
            throw position.eventError("column '" + name + "': missing 'type'");
        }
        DataType type = fields.type(typeNode, "column '" + name + "'");
        JsonNode comment = definition.get("comment");
        return Column.physicalColumn(
                name, type, comment == null || comment.isNull() ? null : comment.asText());
    }

    private void checkKeys(JsonNode definition, int index, List<String> validKeys) {
        for (Iterator<String> it = definition.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!validKeys.contains(key)) {
                throw position.eventError(
                        "column "
                                + index
                                + ": unknown key '"
                                + key
                                + "'; valid keys: "
                                + String.join(", ", validKeys)
                                + quotingHint(key));
            }
        }
    }

    /**
     * In a flow mapping, {@code {type: DECIMAL(10,2)}} splits at the comma and leaves a key {@code
     * 2)}: a key with a ')' is most likely that.
     */
    private static String quotingHint(String key) {
        return key.contains(")")
                ? " (quote a type that contains a comma, e.g. type: \"DECIMAL(10,2)\")"
                : "";
    }
}
