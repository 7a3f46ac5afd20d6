package dev.schemaop.connectors.values.script;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;

import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the schema a create.table event defines: columns, primary and partition keys (which must
 * name columns), comment and options.
 */
final class TableDefinitionReader {

    private final ScriptPosition position;
    private final EventFields fields;
    private final ColumnReader columns;

    TableDefinitionReader(ScriptPosition position, EventFields fields, ColumnReader columns) {
        this.position = position;
        this.fields = fields;
        this.columns = columns;
    }

    Schema schema(TableId table, JsonNode event) {
        JsonNode definitions = fields.nonEmptyList(event, "columns", "{name, type[, comment]}");
        Schema.Builder builder = Schema.newBuilder();
        Set<String> names = new HashSet<>();
        int index = 0;
        for (JsonNode definition : definitions) {
            index++;
            Column column = columns.tableColumn(definition, index);
            if (!names.add(column.getName())) {
                throw position.eventError("duplicate column '" + column.getName() + "'");
            }
            builder.column(column);
        }
        builder.primaryKey(keyColumns(event, "primaryKeys", "primary key", names, table));
        builder.partitionKey(keyColumns(event, "partitionKeys", "partition key", names, table));
        JsonNode comment = event.get("comment");
        if (comment != null && !comment.isNull()) {
            builder.comment(comment.asText());
        }
        addOptions(builder, event.get("options"));
        try {
            return builder.build();
        } catch (RuntimeException e) {
            throw position.eventError(e.getMessage());
        }
    }

    /** The columns of a key, {@code what} for messages ("primary key"). */
    private List<String> keyColumns(
            JsonNode event, String key, String what, Set<String> names, TableId table) {
        List<String> keyColumns = fields.columnNames(event, key);
        for (String column : keyColumns) {
            if (!names.contains(column)) {
                throw position.eventError(
                        what + " column '" + column + "' is not a column of " + table);
            }
        }
        return keyColumns;
    }

    private void addOptions(Schema.Builder builder, JsonNode options) {
        if (options == null || options.isNull()) {
            return;
        }
        if (!options.isObject()) {
            throw position.eventError("'options' must be a mapping of strings");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = options.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> option = it.next();
            builder.option(option.getKey(), option.getValue().asText());
        }
    }
}
