package dev.schemaop.protocol;

import org.apache.flink.runtime.operators.coordination.OperatorEvent;

/**
 * Sink subtask {@code sinkSubtask} flushed its writer after the flush marker {@code flushId} of
 * source subtask {@code sourceSubtask}: every row that subtask sent before the marker has been
 * handed to the sink.
 */
public record FlushAck(int sinkSubtask, int sourceSubtask, long flushId) implements OperatorEvent {}
