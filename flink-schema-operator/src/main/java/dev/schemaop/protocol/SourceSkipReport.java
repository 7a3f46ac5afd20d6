package dev.schemaop.protocol;

import dev.schemaop.api.SkippedSourceChange;

import org.apache.flink.runtime.operators.coordination.OperatorEvent;

/**
 * Schema operator to registry: the source left a change out on purpose ({@link
 * SkippedSourceChange}); the registry records it in the decision history. Nothing waits for it.
 */
public record SourceSkipReport(SkippedSourceChange skipped) implements OperatorEvent {
    private static final long serialVersionUID = 1L;
}
