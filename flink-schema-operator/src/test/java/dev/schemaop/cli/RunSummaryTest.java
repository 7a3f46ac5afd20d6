package dev.schemaop.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.registry.SchemaEvolutionException;

import org.apache.flink.api.common.JobID;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.SimpleCounter;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.runtime.client.JobExecutionException;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

class RunSummaryTest {
    private final RunMetrics metrics = new RunMetrics();

    private static MetricGroup table(String table) {
        return new UnregisteredMetricsGroup() {
            @Override
            public Map<String, String> getAllVariables() {
                return Map.of("<table>", table);
            }
        };
    }

    private void count(String metric, String table, long n) {
        SimpleCounter counter = new SimpleCounter();
        counter.inc(n);
        metrics.notifyOfAddedMetric(counter, metric, table(table));
    }

    @Test
    void rowsAreSummedOverTaskAttemptsAndChangesByOutcome() {
        count("rowsWritten", "db.a", 3);
        count("rowsWritten", "db.a", 2); // another subtask, or the attempt after a restart
        count("rowsWritten", "db.b", 1);
        count("schemaChangesApplied", "db.a", 2);
        count("schemaChangesSkipped", "db.b", 1);
        count("schemaChangeWaitMs", "db.a", 99); // not a count of changes

        assertThat(RunSummary.lines(Duration.ofMillis(12_345), metrics, null))
                .containsExactly(
                        "Run finished in 12.3 s: 6 rows written into 2 sink tables (db.a 5, db.b"
                                + " 1).",
                        "Schema changes of 2 upstream tables: 2 applied, 0 converted, 1 skipped,"
                                + " 0 rejected, 0 failed.");
    }

    @Test
    void aFailedChangeIsTheFailureThatEndedTheJob() {
        count("schemaChangesApplied", "db.a", 1);
        Exception failure =
                new JobExecutionException(
                        new JobID(),
                        "Job execution failed.",
                        new SchemaEvolutionException("The sink failed", null));

        assertThat(RunSummary.lines(Duration.ofSeconds(125), metrics, failure))
                .containsExactly(
                        "Run failed after 2 min 5 s: no rows written.",
                        "Schema changes of 1 upstream table: 1 applied, 0 converted, 0 skipped,"
                                + " 0 rejected, 1 failed.");
    }

    @Test
    void manySinkTablesAreCountedPastTheTenth() {
        for (int i = 10; i < 22; i++) {
            count("rowsWritten", "db.t" + i, 1);
        }

        assertThat(RunSummary.lines(Duration.ofMillis(800), metrics, null))
                .containsExactly(
                        "Run finished in 800 ms: 12 rows written into 12 sink tables (db.t10 1,"
                                + " db.t11 1, db.t12 1, db.t13 1, db.t14 1, db.t15 1, db.t16 1,"
                                + " db.t17 1, db.t18 1, db.t19 1, 2 more).",
                        "Schema changes: none.");
        assertThat(RunSummary.duration(Duration.ofMinutes(62))).isEqualTo("1 h 2 min");
    }
}
