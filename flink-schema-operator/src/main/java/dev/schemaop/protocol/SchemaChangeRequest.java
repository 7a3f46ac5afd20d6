package dev.schemaop.protocol;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.runtime.operators.coordination.OperatorEvent;

import javax.annotation.Nullable;

import java.util.Map;

/**
 * A source subtask met an upstream schema change and asks the registry what the sink makes of it.
 * It takes no further input until the answer.
 *
 * <p>Flush markers are the subtask's own: it sends one down every channel right before it asks,
 * unless nothing needs one (see {@code SchemaOperator}). Marker ids grow per subtask, so a sink
 * subtask's acknowledgement of a marker also covers every earlier one.
 *
 * @param flushId the newest flush marker the subtask sent, which covers every row it sent before
 *     the change ({@link #NO_FLUSH}: it never sent one). At parallelism > 1 it was sent right
 *     before this request and holds the changed sink tables at every sink subtask.
 * @param tableRowsFlushedBy the marker that covers every row the subtask sent to the sink tables of
 *     the changed table ({@link #NO_FLUSH}: it sent none); once every sink subtask acknowledged it,
 *     those tables can change (SPEC G2)
 * @param ordinal for truncate.table and drop.table: how many of them this subtask reported for the
 *     table so far, this one included. Each source split reports the same DDL, and a truncate
 *     leaves no trace in a schema, so the ordinal is what tells a repeat (SPEC G5).
 * @param position the how-manieth schema change of this table this subtask reports (1 for its
 *     first). Every split reports the same DDL in the same order, so a position the registry
 *     handled before is the same change: it is answered with the sink versions of that moment, not
 *     the newest, because the subtask's later rows still have that shape.
 * @param upstreamAfter the subtask's schema of the table after the change ({@code null}: dropped);
 *     a position counts as handled before only if it led to the same schema
 * @param knownSinkVersions the sink schema versions this subtask knows for the sink tables of the
 *     changed table; the answer carries the steps from there.
 */
public record SchemaChangeRequest(
        int subtask,
        long requestId,
        SchemaChangeEvent change,
        long flushId,
        long tableRowsFlushedBy,
        int ordinal,
        int position,
        @Nullable Schema upstreamAfter,
        Map<TableId, Integer> knownSinkVersions)
        implements OperatorEvent {
    public static final long NO_FLUSH = -1L;
}
