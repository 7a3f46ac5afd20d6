package dev.schemaop.registry;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;

import javax.annotation.Nullable;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything the registry knows and checkpoints (SPEC G6): per upstream table its schema and how
 * many truncates/drops were handled; per sink table its schema, version and sources; and the
 * sequence number of the last change it completed, which ties a checkpoint to the applied-change
 * log. Pure bookkeeping: no threads, no I/O.
 */
final class RegistryState {
    final Map<TableId, Schema> upstream = new HashMap<>();
    final Map<TableId, Integer> destructiveHandled = new HashMap<>();
    final Map<TableId, SinkTableState> sinks = new HashMap<>();

    /**
     * Per upstream table, where the sink tables stood right after the change at each position
     * (SchemaChangeRequest#position) was handled: a subtask that reports the same change later is
     * brought to these versions, not the newest, since its following rows have the shape of that
     * moment. Checkpointed.
     */
    final Map<TableId, TreeMap<Integer, Mark>> marks = new HashMap<>();

    /** A split further behind than this many changes of a table is answered by schema. */
    static final int MARKS_PER_TABLE = 10_000;

    long lastSequence;

    /**
     * The directory of the applied-change log that continues this state. It travels with
     * checkpoints, so a resubmission from a savepoint, even of an edited definition, reads the log
     * of the run that took it. Empty until the registry starts.
     */
    String logDir = "";

    @Nullable
    Schema upstreamOf(TableId table) {
        return upstream.get(table);
    }

    /** Whether none of the sink tables ever had a schema here: no row of them can be anywhere. */
    boolean areNewSinkTables(List<TableId> tables) {
        for (TableId table : tables) {
            SinkTableState sink = sinks.get(table);
            if (sink != null && sink.version > 0) {
                return false;
            }
        }
        return true;
    }

    SinkTableState sink(TableId table) {
        return sinks.computeIfAbsent(table, t -> new SinkTableState(t, null, 0));
    }

    void mark(TableId upstreamTable, int position, Mark mark) {
        TreeMap<Integer, Mark> recent = marks.computeIfAbsent(upstreamTable, t -> new TreeMap<>());
        recent.put(position, mark);
        if (recent.size() > MARKS_PER_TABLE) {
            recent.pollFirstEntry();
        }
    }

    /**
     * The sink versions right after the change at this position was handled, or null when no change
     * is recorded there or it led to another upstream schema.
     */
    @Nullable
    Map<TableId, Integer> versionsAfter(
            TableId upstreamTable, int position, @Nullable Schema upstreamAfter) {
        TreeMap<Integer, Mark> recent = marks.get(upstreamTable);
        Mark mark = recent == null ? null : recent.get(position);
        return mark != null && mark.leadsTo(upstreamAfter) ? mark.sinkVersions() : null;
    }

    int destructiveHandled(TableId table) {
        return destructiveHandled.getOrDefault(table, 0);
    }
}
