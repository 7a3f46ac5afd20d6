package dev.schemaop.connectors.values.script;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

/**
 * Reads insert, update and delete events. Every row is checked against the schema its table has at
 * this point of the script and encoded with {@link BinaryRecordDataGenerator} for that schema, so a
 * row written after a column change has the shape the change gave the table.
 */
final class RowChangeReader {

    private final ScriptPosition position;
    private final TableSchemas tables;
    private final EventFields fields;

    RowChangeReader(ScriptPosition position, TableSchemas tables, EventFields fields) {
        this.position = position;
        this.tables = tables;
        this.fields = fields;
    }

    /** One item per row. */
    List<ScriptItem> insert(JsonNode event) {
        return rowByRow(event, "insert into ", DataChangeEvent::insertEvent);
    }

    /** One item per row. */
    List<ScriptItem> delete(JsonNode event) {
        return rowByRow(event, "delete from ", DataChangeEvent::deleteEvent);
    }

    /** An update goes to the split of its after key, where the key's later changes go too. */
    ScriptItem update(JsonNode event) {
        TableId table = fields.existingTable(event);
        JsonNode before = event.get("before");
        JsonNode after = event.get("after");
        if (before == null || after == null) {
            throw position.eventError(
                    "an update needs 'before' and 'after' (each a list of values)");
        }
        Object[] beforeValues = values(table, before, "before row of update of " + table);
        Object[] afterValues = values(table, after, "after row of update of " + table);
        BinaryRecordDataGenerator generator = tables.generatorOf(table);
        DataChangeEvent change =
                DataChangeEvent.updateEvent(
                        table, generator.generate(beforeValues), generator.generate(afterValues));
        return item(change, table, afterValues);
    }

    private List<ScriptItem> rowByRow(
            JsonNode event,
            String action,
            BiFunction<TableId, RecordData, DataChangeEvent> changeOfRow) {
        TableId table = fields.existingTable(event);
        JsonNode rows = fields.nonEmptyList(event, "rows", "rows (each a list of values)");
        List<ScriptItem> items = new ArrayList<>();
        int index = 0;
        for (JsonNode row : rows) {
            index++;
            Object[] values = values(table, row, "row " + index + " of " + action + table);
            RecordData record = tables.generatorOf(table).generate(values);
            items.add(item(changeOfRow.apply(table, record), table, values));
        }
        return items;
    }

    /** The row's values converted for the table's columns; {@code label} names the row. */
    private Object[] values(TableId table, JsonNode row, String label) {
        Schema schema = tables.schemaOf(table);
        if (!row.isArray()) {
            throw position.eventError(label + " must be a list of values, got " + row);
        }
        List<Column> columns = schema.getColumns();
        if (row.size() != columns.size()) {
            throw position.eventError(
                    label
                            + " has "
                            + row.size()
                            + " values, but "
                            + table
                            + " has "
                            + columns.size()
                            + " columns ("
                            + describe(schema)
                            + ")");
        }
        Object[] values = new Object[columns.size()];
        for (int i = 0; i < values.length; i++) {
            Column column = columns.get(i);
            try {
                values[i] = ScriptValues.toInternal(row.get(i), column.getType());
            } catch (IllegalArgumentException e) {
                throw position.eventError(
                        label
                                + ", column "
                                + column.getName()
                                + " "
                                + column.getType().asSerializableString()
                                + ": "
                                + e.getMessage());
            }
        }
        return values;
    }

    /** The item of a row change; {@code keyValues} choose its split. */
    private ScriptItem item(DataChangeEvent change, TableId table, Object[] keyValues) {
        Schema schema = tables.schemaOf(table);
        return new ScriptItem(
                position.eventNumber(),
                position.line(),
                ScriptItem.Kind.DATA_CHANGE,
                change,
                RowKeyHash.of(schema, keyValues));
    }

    /** "id INT NOT NULL, name VARCHAR(3)", for messages. */
    private static String describe(Schema schema) {
        return schema.getColumns().stream()
                .map(c -> c.getName() + " " + c.getType().asSerializableString())
                .collect(Collectors.joining(", "));
    }
}
