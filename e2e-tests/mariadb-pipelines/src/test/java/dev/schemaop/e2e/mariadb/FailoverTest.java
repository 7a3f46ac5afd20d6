package dev.schemaop.e2e.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
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
            Servers.freshDatabase(sql, DB);
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

    /**
     * A failure in the middle of the snapshot, after checkpoints that hold some of its rows: the
     * restart takes the snapshot again from the start (the checkpoints hold no binlog position yet)
     * and the tables the pipeline already knows are described again, unchanged. Every row is there
     * once (the sink upserts by key), and the change stream starts after the new snapshot.
     */
    @Test
    void aFailureDuringTheSnapshotTakesItAgainAndLosesNothing() throws Exception {
        String db = DB + "_snap";
        String application = APPLICATION + "_snap";
        int rows = 200_000;
        TestLog log = TestLog.open();
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement();
                Connection pgAdmin = Servers.postgres();
                Statement admin = pgAdmin.createStatement();
                PostgresTables pg = PostgresTables.fresh(db)) {
            Servers.freshDatabase(sql, db);
            sql.execute(
                    "CREATE TABLE "
                            + db
                            + ".items (id INT NOT NULL PRIMARY KEY, name VARCHAR(20))");
            sql.execute(
                    "INSERT INTO "
                            + db
                            + ".items SELECT seq, CONCAT('n', seq) FROM "
                            + db
                            + ".seq_1_to_"
                            + rows);
            String url =
                    Servers.POSTGRES_URL
                            + (Servers.POSTGRES_URL.contains("?") ? "&" : "?")
                            + "ApplicationName="
                            + application;
            String count = "SELECT count(*) FROM " + db + ".items";

            try (RunningPipeline pipeline =
                    RunningPipeline.start(
                            Servers.sourceBlock(db + ".items", "")
                                    + Servers.postgresSinkBlock(url, "  sink.max-retries: 0\n")
                                    + "pipeline:\n  parallelism: 1\n",
                            1)) {
                long seen =
                        Await.until(pipeline, () -> single(admin, count) >= rows / 4 ? 1L : 0L, 1L);
                assertThat(seen).as("a quarter of the snapshot arrived").isEqualTo(1L);
                assertThat(single(admin, count)).as("the snapshot is not done").isLessThan(rows);
                admin.execute(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE"
                                + " application_name = '"
                                + application
                                + "'");
                sql.execute("INSERT INTO " + db + ".items VALUES (" + (rows + 1) + ", 'late')");

                String summary =
                        "SELECT count(*) || ' rows, ' || count(DISTINCT id) || ' ids, ' ||"
                                + " sum(length(name)) || ' name characters' FROM "
                                + db
                                + ".items";
                long characters = "late".length();
                for (int id = 1; id <= rows; id++) {
                    characters += ("n" + id).length();
                }
                String want =
                        (rows + 1)
                                + " rows, "
                                + (rows + 1)
                                + " ids, "
                                + characters
                                + " name characters";
                assertThat(Await.until(pipeline, () -> text(admin, summary), want))
                        .as("every row once, with its name")
                        .isEqualTo(want);
                assertThat(log.sinceOpened())
                        .as("the writer failed on the lost connection, and the job went on")
                        .contains("switched from RUNNING to FAILED");
            }
        }
    }

    private static String text(Statement statement, String query) throws SQLException {
        try (ResultSet rs = statement.executeQuery(query)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static long single(Statement statement, String query) throws SQLException {
        try (ResultSet rs = statement.executeQuery(query)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
