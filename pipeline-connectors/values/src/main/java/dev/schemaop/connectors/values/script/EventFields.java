package dev.schemaop.connectors.values.script;

import dev.schemaop.connectors.values.types.DataTypeParser;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.types.DataType;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads the fields several event types share: the table, lists and mappings of columns, lists of
 * column names and type strings. A bad field is an error of the event being read.
 */
final class EventFields {

    private final ScriptPosition position;
    private final TableSchemas tables;

    EventFields(ScriptPosition position, TableSchemas tables) {
        this.position = position;
        this.tables = tables;
    }

    /** The event's {@code table}: "db.table" or "table" (a namespace in front also works). */
    TableId table(JsonNode event) {
        JsonNode t = event.get("table");
        if (t == null || !t.isTextual() || t.textValue().trim().isEmpty()) {
            throw position.eventError("missing 'table' (\"db.table\" or \"table\")");
        }
        String text = t.textValue().trim();
        // checked here: TableId.parse takes empty parts (".t", "db.t.") and rejects more
        // than three parts with a message that does not say what a table id looks like
        String[] parts = text.split("\\.", -1);
        if (parts.length > 3 || Arrays.stream(parts).anyMatch(String::isEmpty)) {
            throw position.eventError(
                    "invalid table id '" + text + "'; expected \"db.table\" or \"table\"");
        }
        return TableId.parse(text);
    }

    /** The event's {@code table}, which must exist at this point of the script. */
    TableId existingTable(JsonNode event) {
        TableId table = table(event);
        if (!tables.exists(table)) {
            throw position.eventError("table " + table + " does not exist");
        }
        return table;
    }

    /** The text under {@code key}, which must be there and not blank. */
    String text(JsonNode event, String key) {
        JsonNode value = event.get(key);
        if (value == null || !value.isValueNode() || value.asText().isBlank()) {
            throw position.eventError("missing '" + key + "'");
        }
        return value.asText();
    }

    /** The list under {@code key}, which must have an element; {@code ofWhat} names them. */
    JsonNode nonEmptyList(JsonNode event, String key, String ofWhat) {
        JsonNode list = event.get(key);
        if (list == null || !list.isArray() || list.isEmpty()) {
            throw position.eventError("'" + key + "' must be a non-empty list of " + ofWhat);
        }
        return list;
    }

    /** The mapping under {@code key}, which must have an entry; {@code ofWhat} names them. */
    JsonNode nonEmptyMapping(JsonNode event, String key, String ofWhat) {
        JsonNode mapping = event.get(key);
        if (mapping == null || !mapping.isObject() || mapping.isEmpty()) {
            throw position.eventError("'" + key + "' must be a non-empty mapping of " + ofWhat);
        }
        return mapping;
    }

    /**
     * The column names under {@code key}: a list, or one string of comma-separated names; empty
     * when the key is missing.
     */
    List<String> columnNames(JsonNode event, String key) {
        JsonNode list = event.get(key);
        List<String> names = new ArrayList<>();
        if (list == null || list.isNull()) {
            return names;
        }
        if (list.isTextual()) {
            for (String name : list.textValue().split(",")) {
                if (!name.trim().isEmpty()) {
                    names.add(name.trim());
                }
            }
            return names;
        }
        if (!list.isArray()) {
            throw position.eventError("'" + key + "' must be a list of column names");
        }
        for (JsonNode name : list) {
            if (!name.isTextual()) {
                throw position.eventError(
                        "'" + key + "' must be a list of column names, got " + name);
            }
            names.add(name.textValue().trim());
        }
        return names;
    }

    /** A type string parsed by {@link DataTypeParser}; {@code what} says whose type it is. */
    DataType type(JsonNode typeNode, String what) {
        if (!typeNode.isTextual()) {
            throw position.eventError(
                    what + ": the type must be a string such as \"VARCHAR(20) NOT NULL\"");
        }
        try {
            return DataTypeParser.parse(typeNode.textValue());
        } catch (IllegalArgumentException e) {
            throw position.eventError(what + ": " + e.getMessage());
        }
    }
}
