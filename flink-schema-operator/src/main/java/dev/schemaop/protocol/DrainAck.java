package dev.schemaop.protocol;

import org.apache.flink.runtime.operators.coordination.OperatorEvent;

/**
 * Sink subtask {@code sinkSubtask} wrote and flushed every row it held, for drain {@code drainId}.
 */
public record DrainAck(int sinkSubtask, long drainId) implements OperatorEvent {}
