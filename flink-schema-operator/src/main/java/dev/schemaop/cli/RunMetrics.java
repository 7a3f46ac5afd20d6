package dev.schemaop.cli;

import dev.schemaop.sink.RowsWritten;

import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Metric;
import org.apache.flink.metrics.MetricConfig;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.reporter.MetricReporter;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * What the embedded run's summary counts, from Flink's own metrics: a reporter of the run's
 * MiniCluster that keeps, as they are registered, the counters of rows written per sink table (the
 * sink input tasks' {@code table.<t>.rowsWritten}) and of schema changes per upstream table (the
 * schema registry's {@code table.<t>.schemaChangesApplied}, ... : README "Metrics"). A counter
 * outlives its task, so the sums include task attempts that failed: rows written again after a
 * restart count again.
 */
final class RunMetrics implements MetricReporter {
    /** The outcomes the registry counts, each as its metric schemaChanges<Outcome>. */
    static final List<String> OUTCOMES = List.of("applied", "converted", "skipped", "rejected");

    private static final String CHANGES = "schemaChanges";

    private static final String TABLE = "<table>";

    private record Counted(String metric, String table, Counter counter) {}

    private final Queue<Counted> counters = new ConcurrentLinkedQueue<>();

    @Override
    public void open(MetricConfig config) {}

    @Override
    public void close() {}

    @Override
    public void notifyOfAddedMetric(Metric metric, String name, MetricGroup group) {
        if (metric instanceof Counter counter
                && (name.equals(RowsWritten.METRIC)
                        || OUTCOMES.stream().map(RunMetrics::metric).anyMatch(name::equals))) {
            String table = group.getAllVariables().get(TABLE);
            if (table != null) {
                counters.add(new Counted(name, table, counter));
            }
        }
    }

    @Override
    public void notifyOfRemovedMetric(Metric metric, String name, MetricGroup group) {
        // kept: its count is the summary's
    }

    /** Rows written per sink table, by table name. */
    Map<String, Long> rowsWritten() {
        return sum(List.of(RowsWritten.METRIC));
    }

    /** Schema changes per upstream table, by table name. */
    Map<String, Long> changedTables() {
        return sum(OUTCOMES.stream().map(RunMetrics::metric).toList());
    }

    /** Schema changes per outcome, in the order of {@link #OUTCOMES}. */
    Map<String, Long> changes() {
        Map<String, Long> byOutcome = new LinkedHashMap<>();
        for (String outcome : OUTCOMES) {
            byOutcome.put(
                    outcome,
                    sum(List.of(metric(outcome))).values().stream()
                            .mapToLong(Long::longValue)
                            .sum());
        }
        return byOutcome;
    }

    private static String metric(String outcome) {
        return CHANGES + Character.toUpperCase(outcome.charAt(0)) + outcome.substring(1);
    }

    private Map<String, Long> sum(List<String> metrics) {
        Map<String, Long> byTable = new TreeMap<>();
        for (Counted counted : counters) {
            if (metrics.contains(counted.metric())) {
                byTable.merge(counted.table(), counted.counter().getCount(), Long::sum);
            }
        }
        return byTable;
    }
}
