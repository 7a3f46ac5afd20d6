package dev.schemaop.protocol;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.runtime.operators.coordination.CoordinationRequest;

/**
 * A sink subtask of a restored or restarted attempt asks where a sink table stands before it hands
 * the table's first event of this attempt to its writer: changes applied after the restored
 * checkpoint are already in the sink, so the writer must start from the sink's schema, not from the
 * checkpoint's (SPEC G6). Also asked when a row of a version older than any step the subtask knows
 * arrives.
 *
 * @param fromVersion the oldest version the subtask has rows of: the answer carries the steps after
 *     it, to bring those rows forward
 */
public record SinkTableQuery(TableId table, int fromVersion) implements CoordinationRequest {}
