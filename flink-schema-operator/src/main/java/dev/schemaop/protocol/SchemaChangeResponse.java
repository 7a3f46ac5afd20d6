package dev.schemaop.protocol;

import org.apache.flink.runtime.operators.coordination.OperatorEvent;

import java.util.List;

/**
 * The registry's answer: the sink schema steps the subtask sends down every channel (in
 * order) before the rows that follow the change, then, when a flush marker held tables for
 * this change ({@code releaseFlushId >= 0}), the release marker.
 */
public record SchemaChangeResponse(long requestId, List<SinkSchemaStep> steps, long releaseFlushId)
        implements OperatorEvent {
    public static final long NO_RELEASE = -1L;
}
