package dev.schemaop.registry;

import dev.schemaop.protocol.DiscardedValuesReport;

import java.util.Map;
import java.util.TreeMap;

/**
 * The subtasks' reports of discarded values, by the checkpoint they were taken with, until a
 * checkpoint completes: then the reports up to it are what the rows before it discarded, once. A
 * restore of checkpoint C drops the reports taken after it: their rows are read again.
 */
final class DiscardTally {
    /** checkpoint -> sink table -> column -> count. */
    private final TreeMap<Long, Map<String, Map<String, Long>>> byCheckpoint = new TreeMap<>();

    void add(DiscardedValuesReport report) {
        addTo(
                byCheckpoint.computeIfAbsent(report.checkpointId(), id -> new TreeMap<>()),
                report.counts());
    }

    /** The counts of every report taken with checkpoint {@code completed} or before, summed. */
    Map<String, Map<String, Long>> takeUpTo(long completed) {
        Map<String, Map<String, Long>> sum = new TreeMap<>();
        Map<Long, Map<String, Map<String, Long>>> done = byCheckpoint.headMap(completed, true);
        done.values().forEach(counts -> addTo(sum, counts));
        done.clear();
        return sum;
    }

    private static void addTo(
            Map<String, Map<String, Long>> sum, Map<String, Map<String, Long>> counts) {
        counts.forEach(
                (table, columns) -> {
                    Map<String, Long> summed = sum.computeIfAbsent(table, t -> new TreeMap<>());
                    columns.forEach((column, count) -> summed.merge(column, count, Long::sum));
                });
    }

    /** A restore of {@code restored}: the reports of later checkpoints are of rows read again. */
    void restored(long restored) {
        byCheckpoint.tailMap(restored, false).clear();
    }
}
