package dev.schemaop.protocol;

import org.apache.flink.runtime.operators.coordination.OperatorEvent;

/** Registry to every schema operator subtask: every subtask's input ended ({@link InputEnded}). */
public record AllInputsEnded() implements OperatorEvent {}
