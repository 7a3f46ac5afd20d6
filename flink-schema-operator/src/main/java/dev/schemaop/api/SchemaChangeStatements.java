package dev.schemaop.api;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;

import java.util.List;

/**
 * Optionally implemented by a sink's {@code MetadataApplier} (beside {@link
 * ExistingTableSchemaExpansionSupport}): the statements the sink runs for a schema change, in its
 * own dialect, with its own quoting. {@code flink-cdc.sh check} prints them for the expansion a
 * start would make, and the repair statements of a table that does not hold what the pipeline sends
 * are rendered through them. Pure: never touches a table.
 */
public interface SchemaChangeStatements {

    /**
     * The statements that apply {@code change} to its table, which now looks as {@code current} (as
     * {@link ExistingTableSchemaExpansionSupport#getExistingTableSchema} describes it). An {@code
     * AlterColumnTypeEvent} to a nullable type of a NOT NULL column also drops NOT NULL.
     */
    List<String> statementsFor(SchemaChangeEvent change, Schema current);

    /**
     * The statements that give {@code table} the primary key {@code key} instead of the one it has;
     * a sink that cannot change a table's key says so in an SQL comment.
     */
    List<String> primaryKeyStatements(TableId table, Schema current, List<String> key);
}
