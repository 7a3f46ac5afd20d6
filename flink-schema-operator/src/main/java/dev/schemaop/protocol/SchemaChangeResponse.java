package dev.schemaop.protocol;

import org.apache.flink.runtime.operators.coordination.OperatorEvent;

import java.util.List;

/**
 * The registry's answer: the sink schema steps the subtask sends down every channel (in order)
 * before the rows that follow the change, then the release of the marker it sent before asking, if
 * it sent one.
 */
public record SchemaChangeResponse(long requestId, List<SinkSchemaStep> steps)
        implements OperatorEvent {}
