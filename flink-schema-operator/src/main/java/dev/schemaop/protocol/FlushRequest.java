package dev.schemaop.protocol;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.runtime.operators.coordination.OperatorEvent;

import java.util.List;

/**
 * The registry is about to change {@code holdTables} at the sink: the asking subtask sends
 * flush marker {@code flushId} down every channel. Each sink subtask flushes its writer,
 * then holds rows of those tables (from any source subtask) until the release marker with
 * the same id: a row that another source subtask shaped for the old schema must not reach
 * a table the applier is changing; it waits and is brought to the new schema (SPEC G1, G2).
 */
public record FlushRequest(long requestId, long flushId, List<TableId> holdTables)
        implements OperatorEvent {}
