package dev.schemaop.registry;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;

import javax.annotation.Nullable;

import java.util.TreeMap;
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
    /**
     * Per upstream table, where the sink tables stood right after the change at each
     * position (SchemaChangeRequest#position) was handled: a subtask that reports the same
     * change later is brought to these versions, not the newest, since its following rows
     * have the shape of that moment. Checkpointed.
     */
    final Map<TableId, TreeMap<Integer, Map<TableId, Integer>>> marks = new HashMap<>();
    /** A split further behind than this many changes of a table is answered by schema. */
    static final int MARKS_PER_TABLE = 10_000;
    long lastSequence;

    @Nullable
    Schema upstreamOf(TableId table) {
        return upstream.get(table);
    }

    SinkTableState sink(TableId table) {
        return sinks.computeIfAbsent(table, t -> new SinkTableState(t, null, 0));
    }

    void mark(TableId upstreamTable, int position, Map<TableId, Integer> sinkVersions) {
        TreeMap<Integer, Map<TableId, Integer>> recent =
                marks.computeIfAbsent(upstreamTable, t -> new TreeMap<>());
        recent.put(position, sinkVersions);
        if (recent.size() > MARKS_PER_TABLE) {
            recent.pollFirstEntry();
        }
    }

    /** The sink versions right after the change at this position was handled, or null. */
    @Nullable
    Map<TableId, Integer> versionsAfter(TableId upstreamTable, int position) {
        TreeMap<Integer, Map<TableId, Integer>> recent = marks.get(upstreamTable);
        return recent == null ? null : recent.get(position);
    }

    int destructiveHandled(TableId table) {
        return destructiveHandled.getOrDefault(table, 0);
    }
}
