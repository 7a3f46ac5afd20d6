package dev.schemaop.protocol;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.runtime.operators.coordination.OperatorEvent;

import javax.annotation.Nullable;

import java.util.Map;

/**
 * A source subtask met an upstream schema change and asks the registry what the sink
 * makes of it. It holds every later input event until the answer.
 *
 * @param unflushedRows whether the subtask sent rows since its last flush marker; when the
 *     change ends in a failure, those rows are flushed first (SPEC G7)
 * @param ordinal for truncate.table and drop.table: how many of them this subtask reported
 *     for the table so far, this one included. Each source split reports the same DDL, and a
 *     truncate leaves no trace in a schema, so the ordinal is what tells a repeat (SPEC G5).
 * @param position the how-manieth schema change of this table this subtask reports (1 for
 *     its first). Every split reports the same DDL in the same order, so a position the
 *     registry handled before is the same change: it is answered with the sink versions of
 *     that moment, not the newest, because the subtask's later rows still have that shape.
 * @param upstreamAfter the subtask's schema of the table after the change ({@code null}:
 *     dropped); a position counts as handled before only if it led to the same schema
 * @param knownSinkVersions the sink schema versions this subtask knows for the sink tables
 *     of the changed table; the answer carries the steps from there.
 */
public record SchemaChangeRequest(
        int subtask,
        long requestId,
        SchemaChangeEvent change,
        boolean unflushedRows,
        int ordinal,
        int position,
        @Nullable Schema upstreamAfter,
        Map<TableId, Integer> knownSinkVersions)
        implements OperatorEvent {}
