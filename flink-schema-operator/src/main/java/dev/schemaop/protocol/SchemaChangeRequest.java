package dev.schemaop.protocol;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.runtime.operators.coordination.OperatorEvent;

import java.util.Map;

/**
 * A source subtask met an upstream schema change and asks the registry what the sink
 * makes of it.
 *
 * @param flushId the flush marker the subtask sent down every channel right before this
 *     request; the registry calls no applier before every sink subtask acknowledged it
 *     (SPEC G2). {@link #NO_FLUSH} when nothing of this subtask needs flushing.
 * @param ordinal for truncate.table and drop.table: how many of them this subtask reported
 *     for the table so far, this one included. Each source split reports the same DDL, and a
 *     truncate leaves no trace in a schema, so the ordinal is what tells a repeat (SPEC G5).
 * @param knownSinkVersions the sink schema versions this subtask knows for the sink tables
 *     of the changed table; the answer carries the steps from there.
 */
public record SchemaChangeRequest(
        int subtask,
        long requestId,
        SchemaChangeEvent change,
        long flushId,
        int ordinal,
        Map<TableId, Integer> knownSinkVersions)
        implements OperatorEvent {
    public static final long NO_FLUSH = -1L;
}
