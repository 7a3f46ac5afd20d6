package dev.schemaop.e2e.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import javax.management.ObjectName;

import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Two MariaDB pipelines read their binlogs in one JVM, as two jobs do on one TaskManager of a
 * session cluster. Debezium names its JMX beans after the connector's logical name; with one name
 * for every reader, the second engine waited a minute for the first one's names and failed to
 * start. Each must deliver its rows, and the beans must say whose they are.
 */
class TwoPipelinesInOneJvmTest {
    private static final String FIRST = "e2e_maria_two_jobs_a";
    private static final String SECOND = "e2e_maria_two_jobs_b";

    @Test
    void bothReadTheirBinlogAndEachEngineHasBeansOfItsOwn() throws Exception {
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement();
                PostgresTables firstSink = PostgresTables.fresh(FIRST);
                PostgresTables secondSink = PostgresTables.fresh(SECOND)) {
            for (String db : List.of(FIRST, SECOND)) {
                Servers.freshDatabase(sql, db);
                sql.execute("CREATE TABLE " + db + ".items (id INT NOT NULL PRIMARY KEY, v INT)");
                sql.execute("INSERT INTO " + db + ".items VALUES (1, 10)");
            }
            try (RunningPipeline first = start(FIRST);
                    RunningPipeline second = start(SECOND)) {
                // Both snapshots done: row 2 can only come through each one's binlog reader.
                List<String> snapshot = List.of("id=1, v=10");
                assertThat(Await.until(first, () -> firstSink.rows("items"), snapshot))
                        .isEqualTo(snapshot);
                assertThat(Await.until(second, () -> secondSink.rows("items"), snapshot))
                        .isEqualTo(snapshot);
                for (String db : List.of(FIRST, SECOND)) {
                    sql.execute("INSERT INTO " + db + ".items VALUES (2, 20)");
                }
                List<String> rows = List.of("id=1, v=10", "id=2, v=20");
                assertThat(Await.until(first, () -> firstSink.rows("items"), rows)).isEqualTo(rows);
                assertThat(Await.until(second, () -> secondSink.rows("items"), rows))
                        .isEqualTo(rows);

                Set<String> jobs = Set.of(first.jobId(), second.jobId());
                assertThat(Await.until(first, () -> streamingBeanJobIds().containsAll(jobs), true))
                        .as("a streaming bean of each job, named by its Flink job id")
                        .isTrue();
            }
        }
    }

    private static Set<String> streamingBeanJobIds() throws Exception {
        return ManagementFactory.getPlatformMBeanServer()
                .queryNames(
                        new ObjectName(
                                "debezium.mariadb:type=connector-metrics,context=streaming,*"),
                        null)
                .stream()
                .map(name -> name.getKeyProperty("job"))
                .collect(Collectors.toSet());
    }

    private static RunningPipeline start(String db) throws Exception {
        return RunningPipeline.start(
                Servers.sourceBlock(db + ".items", "")
                        + Servers.postgresSinkBlock()
                        + "pipeline:\n  parallelism: 1\n",
                1);
    }
}
