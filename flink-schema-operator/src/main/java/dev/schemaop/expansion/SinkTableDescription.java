package dev.schemaop.expansion;

import dev.schemaop.api.ExistingTableSchemaExpansionSupport;
import dev.schemaop.api.UnwrittenColumns;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;

/**
 * How the sink names and types columns, as the comparison needs it: a view of {@link
 * ExistingTableSchemaExpansionSupport} for one table.
 */
public interface SinkTableDescription {

    /** The type the sink would create for {@code pipelineType}. */
    DataType normalize(String column, DataType pipelineType);

    boolean caseSensitive();

    /** What the sink's writers leave in a column the pipeline does not write. */
    default UnwrittenColumns unwrittenColumns() {
        return UnwrittenColumns.DEFAULT_OR_KEPT;
    }

    static SinkTableDescription of(
            ExistingTableSchemaExpansionSupport sink, TableId table, Schema existing) {
        return new SinkTableDescription() {
            @Override
            public DataType normalize(String column, DataType pipelineType) {
                return sink.normalizeToTargetDataType(table, column, pipelineType, existing);
            }

            @Override
            public boolean caseSensitive() {
                return sink.isColumnNameCaseSensitive();
            }

            @Override
            public UnwrittenColumns unwrittenColumns() {
                return sink.unwrittenColumns();
            }
        };
    }
}
