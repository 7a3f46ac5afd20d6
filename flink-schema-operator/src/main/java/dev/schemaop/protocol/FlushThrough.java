package dev.schemaop.protocol;

import org.apache.flink.runtime.operators.coordination.OperatorEvent;

/**
 * Behind a connector's pre-write topology: every writer acknowledged the schema operator subtask's
 * flushes up to number {@code number} of its attempt ({@link FlushIds}), so it may send the next.
 */
public record FlushThrough(long number) implements OperatorEvent {}
