package dev.schemaop.registry;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;

import javax.annotation.Nullable;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * Everything the registry knows and checkpoints (SPEC G6): per upstream table its schema
 * and how many truncates/drops were handled; per sink table its schema, version and
 * sources; and the sequence number of the last change it completed, which ties a
 * checkpoint to the applied-change log. Pure bookkeeping: no threads, no I/O.
 */
final class RegistryState {
    final Map<TableId, Schema> upstream = new HashMap<>();
    final Map<TableId, Integer> destructiveHandled = new HashMap<>();
    final Map<TableId, SinkTableState> sinks = new HashMap<>();
    /** Recent marks per upstream table; not checkpointed (after a restore: newest versions). */
    final Map<TableId, ArrayDeque<UpstreamMark>> marks = new HashMap<>();
    long lastSequence;

    @Nullable
    Schema upstreamOf(TableId table) {
        return upstream.get(table);
    }

    SinkTableState sink(TableId table) {
        return sinks.computeIfAbsent(table, t -> new SinkTableState(t, null, 0));
    }

    void mark(TableId upstreamTable, UpstreamMark mark) {
        ArrayDeque<UpstreamMark> recent = marks.computeIfAbsent(upstreamTable, t -> new ArrayDeque<>());
        recent.addLast(mark);
        if (recent.size() > SinkTableState.HISTORY) {
            recent.removeFirst();
        }
    }

    /** The sink versions right after this change was first handled, or null if not known. */
    @Nullable
    Map<TableId, Integer> versionsAfter(TableId upstreamTable, @Nullable Schema upstreamAfter, int ordinal) {
        ArrayDeque<UpstreamMark> recent = marks.get(upstreamTable);
        if (recent == null) {
            return null;
        }
        var newestFirst = recent.descendingIterator();
        while (newestFirst.hasNext()) {
            UpstreamMark mark = newestFirst.next();
            if (mark.matches(upstreamAfter, ordinal)) {
                return mark.sinkVersions();
            }
        }
        return null;
    }

    int destructiveHandled(TableId table) {
        return destructiveHandled.getOrDefault(table, 0);
    }
}
