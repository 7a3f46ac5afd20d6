package dev.schemaop.api;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;

import java.util.Optional;

/**
 * Implemented by a sink's {@code MetadataApplier} that can describe the tables it already has (SPEC
 * §1). The runtime uses it to adopt an existing sink table when {@code create.table} is excluded,
 * and for existing-table schema expansion (SPEC §6).
 */
public interface ExistingTableSchemaExpansionSupport {

    /** The sink table's schema in canonical CDC types; empty when the table is missing. */
    Optional<Schema> getExistingTableSchema(TableId tableId);

    /**
     * The physical type the sink would create for {@code pipelineType}; never touches the table.
     */
    DataType normalizeToTargetDataType(
            TableId tableId, String column, DataType pipelineType, Schema existingTargetSchema);

    boolean isColumnNameCaseSensitive();

    /**
     * What the sink's writers leave in a column of an existing table that the pipeline does not
     * have (the table's own column). The runtime writes only the pipeline's columns into an adopted
     * table; this says what that means for the others, so that {@code check} can tell the user and
     * a NOT NULL column that would refuse every write fails the start before anything is written.
     * Default: {@link UnwrittenColumns#DEFAULT_OR_KEPT}, what a database does.
     */
    default UnwrittenColumns unwrittenColumns() {
        return UnwrittenColumns.DEFAULT_OR_KEPT;
    }
}
