package dev.schemaop.connectors.values.sink;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;

import java.util.Map;

/**
 * Where a values writer's row changes go: straight into the {@link ValuesStore} (at least once), or
 * staged until a checkpoint commits them ({@link StagedRows}, exactly once).
 */
interface RowDestination {

    /**
     * One row event in the writer's current {@code schema}: the row with the key of {@code before}
     * is removed, then {@code after} is upserted; either may be null.
     */
    void apply(TableId table, Schema schema, Map<String, Object> before, Map<String, Object> after);
}
