package dev.schemaop.connectors.values.sink;

import org.apache.flink.cdc.common.event.TableId;

import java.util.Map;

/**
 * A row event a writer staged: what to remove ({@code before}) and upsert ({@code after}), as
 * column name to value in the shape its table had at change number {@code sequence} of the {@link
 * ValuesStore}.
 */
record StagedRowEvent(
        TableId table, long sequence, Map<String, Object> before, Map<String, Object> after) {}
