package dev.schemaop.registry;

import dev.schemaop.protocol.FlushIds;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Which flush markers every sink subtask has acknowledged, per source subtask. Each schema operator
 * subtask numbers its own flush markers in increasing order, across attempts too ({@code
 * operator.FlushMarkers}), so one number per (source, sink) pair is enough: the acknowledgement of
 * a marker covers every earlier one of that source subtask.
 *
 * <p>Behind a connector's pre-write topology the writers acknowledge a flush by its number among
 * the flushes of that source subtask ({@code protocol.FlushIds#counted}); numbers are compared
 * then. They restart with each attempt, as the tracker does: a restarted subtask is forgotten.
 */
final class FlushTracker {
    private final int sinkSubtasks;
    private final boolean counted;
    private final Map<Integer, long[]> acked = new HashMap<>();

    FlushTracker(int sinkSubtasks, boolean counted) {
        this.sinkSubtasks = sinkSubtasks;
        this.counted = counted;
    }

    void ack(int sourceSubtask, int sinkSubtask, long flushId) {
        long[] bySink = acked.computeIfAbsent(sourceSubtask, s -> newRow());
        bySink[sinkSubtask] = Math.max(bySink[sinkSubtask], flushId);
    }

    boolean isFlushed(int sourceSubtask, long flushId) {
        long[] bySink = acked.get(sourceSubtask);
        if (bySink == null) {
            return false;
        }
        for (long ackedId : bySink) {
            if (counted
                    ? ackedId == Long.MIN_VALUE
                            || FlushIds.numberOf(ackedId) < FlushIds.numberOf(flushId)
                    : ackedId < flushId) {
                return false;
            }
        }
        return true;
    }

    /**
     * Counted only: the number of the source subtask's newest flush that every writer acknowledged,
     * 0 when none.
     */
    long throughNumber(int sourceSubtask) {
        long[] bySink = acked.get(sourceSubtask);
        if (bySink == null) {
            return 0;
        }
        long lowest = Long.MAX_VALUE;
        for (long ackedId : bySink) {
            if (ackedId == Long.MIN_VALUE) {
                return 0;
            }
            lowest = Math.min(lowest, FlushIds.numberOf(ackedId));
        }
        return lowest;
    }

    void forget(int sourceSubtask) {
        acked.remove(sourceSubtask);
    }

    void clear() {
        acked.clear();
    }

    private long[] newRow() {
        long[] row = new long[sinkSubtasks];
        Arrays.fill(row, Long.MIN_VALUE);
        return row;
    }
}
