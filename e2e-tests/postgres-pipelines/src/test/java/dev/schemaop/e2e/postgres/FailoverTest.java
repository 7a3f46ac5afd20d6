package dev.schemaop.e2e.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.e2e.mariadb.Await;
import dev.schemaop.e2e.mariadb.PostgresTables;
import dev.schemaop.e2e.mariadb.RunningPipeline;
import dev.schemaop.e2e.mariadb.Servers;
import dev.schemaop.testing.PostgresDdlAudit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;

/**
 * The source's connection to the server killed in the middle of the stream and in the middle of the
 * snapshot: the job fails over to its last checkpoint and goes on, and the sink ends with every row
 * once and each DDL applied once.
 */
class FailoverTest {
    private static final String DB = "e2e_pgsrc_failover";
    private static final String SINK = "e2e_pgsrc_failover_sink";

    private static String pipeline(SourceDatabase source, String table) {
        return pipeline(source.sourceBlock("public." + table, DB, ""), table);
    }

    private static String pipeline(String sourceBlock, String table) {
        return sourceBlock
                + Servers.postgresSinkBlock()
                + "route:\n  - source-table: public."
                + table
                + "\n    sink-table: "
                + SINK
                + "."
                + table
                + "\n"
                + "pipeline:\n  parallelism: 1\n  schema.change.behavior: evolve\n";
    }

    /** With either capture: the event trigger, or Relation messages (as a user who is none). */
    @ParameterizedTest
    @ValueSource(strings = {"event-trigger", "relation"})
    void aLostStreamResumesFromTheCheckpointWithEachDdlOnce(String capture) throws Exception {
        try (SourceDatabase source = SourceDatabase.fresh(DB);
                PostgresTables pg = PostgresTables.fresh(SINK);
                Connection admin = Servers.postgres()) {
            PostgresDdlAudit.open(admin, SINK);
            source.execute("CREATE TABLE items (id INT PRIMARY KEY, name TEXT)");
            source.execute("INSERT INTO items VALUES (1, 'a'), (2, 'b')");
            String options = "  schema-changes.capture: " + capture + "\n";
            String sourceBlock;
            if (capture.equals("relation")) {
                String user = source.replicatingOwnerOf("items");
                sourceBlock = source.sourceBlock(user, user, "public.items", DB, options);
            } else {
                sourceBlock = source.sourceBlock("public.items", DB, options);
            }
            try (RunningPipeline pipeline =
                    RunningPipeline.start(pipeline(sourceBlock, "items"), 1)) {
                assertThat(Await.until(pipeline, () -> pg.rows("items").size(), 2)).isEqualTo(2);
                source.execute("ALTER TABLE items ADD COLUMN qty INT");
                source.execute("INSERT INTO items VALUES (3, 'c', 3)");
                assertThat(Await.until(pipeline, () -> pg.rows("items").size(), 3)).isEqualTo(3);

                int killed = walsender(admin);
                assertThat(killed).as("the slot is read").isPositive();
                terminate(admin, killed);
                source.execute("INSERT INTO items VALUES (4, 'd', 4)");
                source.execute("ALTER TABLE items RENAME COLUMN name TO label");
                source.execute("INSERT INTO items VALUES (5, 'e', 5)");
                source.execute("UPDATE items SET qty = 10 WHERE id = 1");

                List<String> expected =
                        List.of(
                                "id=1, label=a, qty=10",
                                "id=2, label=b, qty=null",
                                "id=3, label=c, qty=3",
                                "id=4, label=d, qty=4",
                                "id=5, label=e, qty=5");
                assertThat(Await.until(pipeline, () -> pg.rows("items"), expected))
                        .isEqualTo(expected);
                assertThat(
                                Await.until(
                                        pipeline,
                                        () -> {
                                            int now = walsender(admin);
                                            return now > 0 && now != killed;
                                        },
                                        true))
                        .as("another connection reads the slot")
                        .isTrue();
                assertThat(PostgresDdlAudit.statements(admin, SINK))
                        .as("each DDL once at the sink")
                        .containsExactly(
                                "CREATE TABLE " + SINK + ".items",
                                "CREATE INDEX " + SINK + ".items_pkey",
                                "ALTER TABLE " + SINK + ".items",
                                "ALTER TABLE " + SINK + ".items.label");
            } finally {
                PostgresDdlAudit.close(admin);
            }
        }
    }

    @Test
    void aLostSnapshotIsTakenAgainAndEveryRowArrivesOnce() throws Exception {
        try (SourceDatabase source = SourceDatabase.fresh(DB);
                PostgresTables pg = PostgresTables.fresh(SINK);
                Connection admin = Servers.postgres()) {
            source.execute("CREATE TABLE big (id INT PRIMARY KEY, v TEXT)");
            source.execute(
                    "INSERT INTO big SELECT g, md5(g::text) FROM generate_series(1, 100000) g");
            try (RunningPipeline pipeline = RunningPipeline.start(pipeline(source, "big"), 1)) {
                assertThat(Await.until(pipeline, () -> pg.count("big", "TRUE") > 0, true)).isTrue();
                int snapshots;
                try (Statement sql = admin.createStatement();
                        ResultSet row =
                                sql.executeQuery(
                                        "SELECT count(pg_terminate_backend(pid)) FROM"
                                                + " pg_stat_activity WHERE datname = '"
                                                + DB
                                                + "' AND application_name ="
                                                + " 'flink-schema-operator postgres source'")) {
                    row.next();
                    snapshots = row.getInt(1);
                }
                assertThat(snapshots).as("the snapshot's connection was there").isEqualTo(1);
                source.execute("INSERT INTO big VALUES (100001, 'after')");
                assertThat(Await.until(pipeline, () -> pg.count("big", "TRUE"), 100001L))
                        .isEqualTo(100001L);
                assertThat(pg.count("big", "v = md5(id::text)")).isEqualTo(100000L);
                assertThat(pg.count("big", "id = 100001 AND v = 'after'")).isEqualTo(1L);
            }
        }
    }

    private static int walsender(Connection admin) throws Exception {
        try (Statement sql = admin.createStatement();
                ResultSet row =
                        sql.executeQuery(
                                "SELECT COALESCE(active_pid, 0) FROM pg_replication_slots"
                                        + " WHERE slot_name = '"
                                        + DB
                                        + "'")) {
            return row.next() ? row.getInt(1) : 0;
        }
    }

    private static void terminate(Connection admin, int pid) throws Exception {
        try (Statement sql = admin.createStatement()) {
            sql.execute("SELECT pg_terminate_backend(" + pid + ")");
        }
    }
}
