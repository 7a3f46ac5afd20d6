package dev.schemaop.e2e.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;

/**
 * A failure right after a DDL statement reached PostgreSQL, before the next checkpoint: the sink's
 * connections are cut (with no retry), the job restarts from the checkpoint before the DDL, the
 * source resumes from that checkpoint's binlog position and replays the DDL and the rows after it.
 * The DDL must not fail nor be applied again, and every row must be there once.
 */
class FailoverTest {
    private static final String DB = "e2e_maria_src_failover";
    private static final String APPLICATION = "e2e_maria_src_failover";

    @Test
    void aRestartBetweenADdlAndTheNextCheckpointLosesNothingAndRepeatsNothing() throws Exception {
        TestLog log = TestLog.open();
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement();
                Connection pgAdmin = Servers.postgres();
                Statement admin = pgAdmin.createStatement();
                PostgresTables pg = PostgresTables.fresh(DB)) {
            sql.execute("DROP DATABASE IF EXISTS " + DB);
            sql.execute("CREATE DATABASE " + DB);
            sql.execute(
                    "CREATE TABLE "
                            + DB
                            + ".items (id INT NOT NULL PRIMARY KEY, name VARCHAR(20))");
            sql.execute("INSERT INTO " + DB + ".items VALUES (1, 'a'), (2, 'b')");
            String url =
                    Servers.POSTGRES_URL
                            + (Servers.POSTGRES_URL.contains("?") ? "&" : "?")
                            + "ApplicationName="
                            + APPLICATION;

            try (RunningPipeline pipeline =
                    RunningPipeline.start(
                            Servers.sourceBlock(DB + ".items", "")
                                    + Servers.postgresSinkBlock(url, "  sink.max-retries: 0\n")
                                    + "pipeline:\n  parallelism: 1\n  schema.change.behavior: evolve\n",
                            1)) {
                List<String> snapshot = List.of("id=1, name=a", "id=2, name=b");
                assertThat(Await.until(pipeline, () -> pg.rows("items"), snapshot))
                        .isEqualTo(snapshot);

                sql.execute("ALTER TABLE " + DB + ".items ADD COLUMN qty INT");
                assertThat(Await.until(pipeline, () -> pg.columns("items").size(), 3)).isEqualTo(3);
                // the sink loses its connections right after the DDL: its next write fails
                admin.execute(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE"
                                + " application_name = '"
                                + APPLICATION
                                + "'");
                sql.execute("INSERT INTO " + DB + ".items VALUES (3, 'c', 30)");
                sql.execute("UPDATE " + DB + ".items SET qty = 10 WHERE id = 1");

                List<String> expected =
                        List.of(
                                "id=1, name=a, qty=10",
                                "id=2, name=b, qty=null",
                                "id=3, name=c, qty=30");
                assertThat(Await.until(pipeline, () -> pg.rows("items"), expected))
                        .isEqualTo(expected);
                assertThat(pg.columns("items"))
                        .containsExactly(
                                "id integer NOT NULL", "name character varying(20)", "qty integer");
                assertThat(log.sinceOpened())
                        .as("the writer failed on the lost connection, and the job went on")
                        .contains("switched from RUNNING to FAILED");
            }
        }
    }
}
