package dev.schemaop.connectors.values.script;

import dev.schemaop.connectors.values.types.SchemaEvolution;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AddColumnEvent.ColumnWithPosition;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the events that change a table: create.table, add/alter/rename/drop column, truncate.table
 * and drop.table. Each is checked against the table's current schema, so a change a database would
 * refuse is rejected at its line rather than downstream, then recorded in the {@link TableSchemas}
 * and returned as one schema change item.
 */
final class SchemaChangeReader {

    private final ScriptPosition position;
    private final TableSchemas tables;
    private final EventFields fields;
    private final ColumnReader columns;
    private final TableDefinitionReader definitions;

    SchemaChangeReader(ScriptPosition position, TableSchemas tables, EventFields fields) {
        this.position = position;
        this.tables = tables;
        this.fields = fields;
        this.columns = new ColumnReader(position, fields);
        this.definitions = new TableDefinitionReader(position, fields, columns);
    }

    ScriptItem createTable(JsonNode event) {
        TableId table = fields.table(event);
        if (tables.exists(table)) {
            throw position.eventError("table " + table + " already exists");
        }
        Schema schema = definitions.schema(table, event);
        tables.create(table, schema);
        return item(new CreateTableEvent(table, schema));
    }

    ScriptItem addColumn(JsonNode event) {
        TableId table = fields.existingTable(event);
        JsonNode newColumns =
                fields.nonEmptyList(event, "columns", "{name, type[, comment][, position]}");
        ColumnPlacement placement =
                new ColumnPlacement(position, table, tables.schemaOf(table).getColumnNames());
        List<ColumnWithPosition> added = new ArrayList<>();
        int index = 0;
        for (JsonNode definition : newColumns) {
            index++;
            Column column = columns.addedColumn(definition, index);
            added.add(placement.place(column, index, definition.get("position")));
        }
        return evolve(new AddColumnEvent(table, added));
    }

    ScriptItem alterColumnType(JsonNode event) {
        TableId table = fields.existingTable(event);
        Schema schema = tables.schemaOf(table);
        JsonNode newTypes = fields.nonEmptyMapping(event, "columns", "column name to new type");
        Map<String, DataType> types = new LinkedHashMap<>();
        // the event carries the old types too, as a source that knows them does
        Map<String, DataType> oldTypes = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = newTypes.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            Column existing = schema.getColumn(e.getKey()).orElse(null);
            if (existing == null) {
                throw position.eventError(notAColumn(e.getKey(), table));
            }
            types.put(e.getKey(), fields.type(e.getValue(), "column '" + e.getKey() + "'"));
            oldTypes.put(e.getKey(), existing.getType());
        }
        return evolve(new AlterColumnTypeEvent(table, types, oldTypes));
    }

    ScriptItem renameColumn(JsonNode event) {
        TableId table = fields.existingTable(event);
        Schema schema = tables.schemaOf(table);
        JsonNode newNames = fields.nonEmptyMapping(event, "columns", "old name to new name");
        Map<String, String> mapping = new LinkedHashMap<>();
        Set<String> remaining = new HashSet<>(schema.getColumnNames());
        for (Iterator<Map.Entry<String, JsonNode>> it = newNames.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!schema.getColumn(e.getKey()).isPresent()) {
                throw position.eventError(notAColumn(e.getKey(), table));
            }
            if (!e.getValue().isTextual() || e.getValue().textValue().trim().isEmpty()) {
                throw position.eventError(
                        "new name of column '" + e.getKey() + "' must be a string");
            }
            mapping.put(e.getKey(), e.getValue().textValue().trim());
            remaining.remove(e.getKey());
        }
        // checked once every renamed column has left: swapping two names is allowed
        for (String newName : mapping.values()) {
            if (!remaining.add(newName)) {
                throw position.eventError("column '" + newName + "' already exists in " + table);
            }
        }
        return evolve(new RenameColumnEvent(table, mapping));
    }

    ScriptItem dropColumn(JsonNode event) {
        TableId table = fields.existingTable(event);
        Schema schema = tables.schemaOf(table);
        List<String> dropped = fields.columnNames(event, "columns");
        if (dropped.isEmpty()) {
            throw position.eventError("'columns' must be a non-empty list of column names");
        }
        for (String column : dropped) {
            if (!schema.getColumn(column).isPresent()) {
                throw position.eventError(notAColumn(column, table));
            }
        }
        if (new HashSet<>(dropped).size() >= schema.getColumnCount()) {
            throw position.eventError("cannot drop every column of " + table);
        }
        return evolve(new DropColumnEvent(table, dropped));
    }

    ScriptItem truncateTable(JsonNode event) {
        return evolve(new TruncateTableEvent(fields.existingTable(event)));
    }

    ScriptItem dropTable(JsonNode event) {
        TableId table = fields.existingTable(event);
        tables.drop(table);
        return item(new DropTableEvent(table));
    }

    /** Applies a change to an existing table's schema, keys included ({@link SchemaEvolution}). */
    private ScriptItem evolve(SchemaChangeEvent change) {
        TableId table = change.tableId();
        Schema before = tables.schemaOf(table);
        Schema after;
        try {
            after = SchemaEvolution.apply(before, change);
        } catch (RuntimeException e) {
            // the checks above catch what a script gets wrong; report anything else at its line
            throw position.eventError(e.getMessage());
        }
        tables.change(table, after);
        return item(change);
    }

    private ScriptItem item(SchemaChangeEvent change) {
        return new ScriptItem(
                position.eventNumber(), position.line(), ScriptItem.Kind.SCHEMA_CHANGE, change, 0);
    }

    private static String notAColumn(String column, TableId table) {
        return "column '" + column + "' is not a column of " + table;
    }
}
