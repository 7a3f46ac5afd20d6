package dev.schemaop.registry;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Which flush markers every sink subtask has acknowledged, per source subtask. Each schema operator
 * subtask numbers its own flush markers in increasing order, across attempts too ({@code
 * operator.FlushMarkers}), so one number per (source, sink) pair is enough: the acknowledgement of
 * a marker covers every earlier one of that source subtask.
 */
final class FlushTracker {
    private final int sinkSubtasks;
    private final Map<Integer, long[]> acked = new HashMap<>();

    FlushTracker(int sinkSubtasks) {
        this.sinkSubtasks = sinkSubtasks;
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
            if (ackedId < flushId) {
                return false;
            }
        }
        return true;
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
