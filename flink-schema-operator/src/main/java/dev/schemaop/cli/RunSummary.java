package dev.schemaop.cli;

import dev.schemaop.registry.SchemaEvolutionException;

import org.apache.flink.util.ExceptionUtils;

import javax.annotation.Nullable;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The few lines the embedded run ends with, success or failure: how long it ran, the rows written
 * per sink table, and the schema changes by outcome ({@link RunMetrics}). A schema change that
 * failed ends the job, so "failed" is that failure's, when it is one.
 */
final class RunSummary {
    /** Sink tables named one by one; more are counted. */
    private static final int TABLES_NAMED = 10;

    private RunSummary() {}

    static List<String> lines(Duration took, RunMetrics metrics, @Nullable Throwable failure) {
        Map<String, Long> rows = metrics.rowsWritten();
        long total = rows.values().stream().mapToLong(Long::longValue).sum();
        String first =
                (failure == null ? "Run finished in " : "Run failed after ")
                        + duration(took)
                        + ": "
                        + (total == 0
                                ? "no rows written."
                                : count(total, "row")
                                        + " written into "
                                        + count(rows.size(), "sink table")
                                        + " ("
                                        + perTable(rows)
                                        + ").");
        Map<String, Long> changes = metrics.changes();
        changes.put(
                "failed",
                failure != null
                                && ExceptionUtils.findThrowable(
                                                failure, SchemaEvolutionException.class)
                                        .isPresent()
                        ? 1L
                        : 0L);
        Map<String, Long> tables = metrics.changedTables();
        if (tables.isEmpty() && changes.get("failed") == 0) {
            return List.of(first, "Schema changes: none.");
        }
        String second =
                "Schema changes of "
                        + count(tables.size(), "upstream table")
                        + ": "
                        + changes.entrySet().stream()
                                .map(e -> e.getValue() + " " + e.getKey())
                                .collect(Collectors.joining(", "))
                        + ".";
        return List.of(first, second);
    }

    private static String perTable(Map<String, Long> rows) {
        List<String> named = new ArrayList<>();
        rows.entrySet().stream()
                .limit(TABLES_NAMED)
                .forEach(e -> named.add(e.getKey() + " " + e.getValue()));
        if (rows.size() > TABLES_NAMED) {
            named.add((rows.size() - TABLES_NAMED) + " more");
        }
        return String.join(", ", named);
    }

    private static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    /** 850 ms, 12.3 s, 2 min 5 s, 1 h 2 min. */
    static String duration(Duration took) {
        long millis = took.toMillis();
        if (millis < 1_000) {
            return millis + " ms";
        }
        if (millis < 60_000) {
            return String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
        }
        long seconds = took.toSeconds();
        if (seconds < 3_600) {
            return seconds / 60 + " min " + seconds % 60 + " s";
        }
        return seconds / 3_600 + " h " + seconds % 3_600 / 60 + " min";
    }
}
