package dev.schemaop.protocol;

import org.apache.flink.runtime.operators.coordination.OperatorEvent;

/**
 * Behind a connector's pre-write topology, schema operator subtask to registry: its input ended and
 * nothing of it waits any more. Its lane of the topology must stay open until every subtask's input
 * ended, because the topology aligns each flush over all its lanes ({@link LaneRelay}); the
 * registry answers {@link AllInputsEnded} once every subtask said so.
 */
public record InputEnded(int subtask) implements OperatorEvent {}
