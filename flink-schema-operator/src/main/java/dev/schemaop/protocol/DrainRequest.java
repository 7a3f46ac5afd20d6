package dev.schemaop.protocol;

import org.apache.flink.runtime.operators.coordination.OperatorEvent;

/**
 * Registry to every schema operator subtask: the job fails on a change the sink does not have; send
 * a drain marker down every sink channel first, so the rows sink subtasks hold get written (G7).
 * {@code sources} is how many subtasks were asked.
 */
public record DrainRequest(long drainId, int sources) implements OperatorEvent {}
