package dev.schemaop.connectors.postgres.catalog;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;

import java.io.Serializable;
import java.util.List;

/**
 * A table as PostgreSQL's catalog describes it at one moment: what the DDL capture writes into the
 * WAL after each DDL statement, and what the snapshot reads under the slot's exported snapshot.
 *
 * @param oid the table's object id, which a table rename keeps
 * @param highest the highest attnum the table had given a column then, dropped ones included: a
 *     column of a higher attnum was added after
 */
public record TableLayout(
        long oid,
        String schema,
        String table,
        List<ColumnLayout> columns,
        List<String> key,
        int highest)
        implements Serializable {

    public TableLayout {
        columns = List.copyOf(columns);
        key = List.copyOf(key);
        for (ColumnLayout column : columns) {
            highest = Math.max(highest, column.attnum());
        }
    }

    public TableId id() {
        return TableId.tableId(schema, table);
    }

    /** The table's schema in the pipeline: its columns' types by {@link PostgresTypes}. */
    public Schema pipelineSchema() {
        Schema.Builder builder = Schema.newBuilder();
        for (ColumnLayout column : columns) {
            builder.column(Column.physicalColumn(column.name(), PostgresTypes.of(column, this)));
        }
        return builder.primaryKey(key).build();
    }
}
