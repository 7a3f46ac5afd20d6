package dev.schemaop.e2e.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.e2e.mariadb.Await;
import dev.schemaop.e2e.mariadb.PostgresTables;
import dev.schemaop.e2e.mariadb.RunningPipeline;
import dev.schemaop.e2e.mariadb.Servers;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;

/**
 * A job stopped with a savepoint while rows and DDL keep coming, then restored: it continues from
 * the savepoint's WAL position without a new snapshot (a row deleted at the sink stays away, a row
 * changed there keeps its value), and the DDL run while it was stopped arrives in order with the
 * rows. Before that, the slot's confirmed position moves only as checkpoints complete.
 */
class SavepointRestoreTest {
    private static final String DB = "e2e_pgsrc_restore";
    private static final String SINK = "e2e_pgsrc_restore_sink";

    @TempDir Path savepoints;

    @Test
    void aRestoreContinuesTheSlotWithoutANewSnapshot() throws Exception {
        try (SourceDatabase source = SourceDatabase.fresh(DB);
                PostgresTables pg = PostgresTables.fresh(SINK)) {
            source.execute("CREATE TABLE t (id INT PRIMARY KEY, v TEXT)");
            source.execute("INSERT INTO t VALUES (1, 'a'), (2, 'b')");
            String definition =
                    source.sourceBlock("public.t", DB, "")
                            + Servers.postgresSinkBlock()
                            + "route:\n  - source-table: public.t\n    sink-table: "
                            + SINK
                            + ".t\n"
                            + "pipeline:\n  parallelism: 1\n  schema.change.behavior: evolve\n";
            String savepoint;
            try (RunningPipeline pipeline = RunningPipeline.start(definition, 1)) {
                assertThat(Await.until(pipeline, () -> pg.rows("t").size(), 2)).isEqualTo(2);
                String before = currentLsn();
                source.execute("INSERT INTO t VALUES (3, 'c')");
                assertThat(Await.until(pipeline, () -> pg.rows("t").size(), 3)).isEqualTo(3);
                assertThat(Await.until(pipeline, () -> confirmedPast(DB, before), true))
                        .as("the slot's confirmed position moves once checkpoints complete")
                        .isTrue();
                // the probes: a new snapshot would bring row 1 back and row 3's value with it
                pg.execute("DELETE FROM " + SINK + ".t WHERE id = 1");
                pg.execute("UPDATE " + SINK + ".t SET v = 'sink only' WHERE id = 3");
                savepoint = pipeline.stopWithSavepoint(savepoints);
            }

            source.execute("ALTER TABLE t ADD COLUMN n INT");
            source.execute("INSERT INTO t VALUES (4, 'd', 4)");
            source.execute("UPDATE t SET v = 'bb' WHERE id = 2");
            source.execute("ALTER TABLE t RENAME COLUMN v TO w");
            source.execute("INSERT INTO t VALUES (5, 'e', 5)");

            try (RunningPipeline pipeline = RunningPipeline.start(definition, 1, savepoint)) {
                List<String> expected =
                        List.of(
                                "id=2, w=bb, n=null",
                                "id=3, w=sink only, n=null",
                                "id=4, w=d, n=4",
                                "id=5, w=e, n=5");
                assertThat(Await.until(pipeline, () -> pg.rows("t"), expected))
                        .as(
                                "no new snapshot (row 1 stays away, row 3 keeps the sink's value), every change while stopped")
                        .isEqualTo(expected);
                assertThat(pg.columns("t"))
                        .containsExactly("id integer NOT NULL", "w text", "n integer");
            }
        }
    }

    private static String currentLsn() throws Exception {
        try (Connection admin = Servers.postgres();
                Statement sql = admin.createStatement();
                ResultSet row = sql.executeQuery("SELECT pg_current_wal_lsn()::text")) {
            row.next();
            return row.getString(1);
        }
    }

    private static boolean confirmedPast(String slot, String lsn) throws Exception {
        try (Connection admin = Servers.postgres();
                Statement sql = admin.createStatement();
                ResultSet row =
                        sql.executeQuery(
                                "SELECT confirmed_flush_lsn > '"
                                        + lsn
                                        + "'::pg_lsn FROM pg_replication_slots WHERE slot_name = '"
                                        + slot
                                        + "'")) {
            return row.next() && row.getBoolean(1);
        }
    }
}
