package dev.schemaop.protocol;

import org.apache.flink.runtime.operators.coordination.OperatorEvent;

import java.util.List;

/**
 * The registry's answer: the sink schema steps the subtask must send down every channel
 * (in order) before the rows that follow the change.
 */
public record SchemaChangeResponse(long requestId, List<SinkSchemaStep> steps)
        implements OperatorEvent {}
