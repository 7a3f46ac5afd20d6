package dev.schemaop.protocol;

import org.apache.flink.runtime.operators.coordination.OperatorEvent;

/**
 * Behind a connector's pre-write topology: schema operator subtask {@code sourceSubtask} sent the
 * steps of its answer to request {@code requestId} and, behind them, the fence {@code fenceId} (its
 * release marker). The registry applies no further change of the answered change's sink tables
 * until every writer acknowledged the fence: only then has every copy of the answered change's
 * events passed the topology, so no copy can reach a writer after a later change of those tables.
 * {@code fenceId} is {@link SchemaChangeRequest#NO_FLUSH} for an answer the subtask no longer
 * waited for. Several answers may name one fence (operator.FlushMarkers).
 */
public record FenceSent(int sourceSubtask, long requestId, long fenceId) implements OperatorEvent {}
