package dev.schemaop.e2e.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code scan.startup.mode: snapshot}: the tables as they are, then the job ends by itself, in
 * STREAMING and as a Flink batch job ({@code execution.runtime-mode: BATCH}); rows written while it
 * runs are not its concern. BATCH with a source that reads the binlog is refused at start.
 */
class SnapshotModeTest {
    private static final String DB = "e2e_maria_snapshot_mode";
    private static final int ROWS = 3_000;

    @TempDir Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"STREAMING", "BATCH"})
    void theSnapshotEndsTheJob(String runtimeMode) throws Exception {
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement();
                PostgresTables pg = PostgresTables.fresh(DB)) {
            Servers.freshDatabase(sql, DB);
            sql.execute(
                    "CREATE TABLE "
                            + DB
                            + ".orders (id INT NOT NULL PRIMARY KEY, item VARCHAR(20),"
                            + " price DECIMAL(8,2))");
            sql.execute("CREATE TABLE " + DB + ".notes (body TEXT)");
            sql.execute(
                    "INSERT INTO "
                            + DB
                            + ".orders SELECT seq, CONCAT('item-', seq), seq / 100"
                            + " FROM "
                            + DB
                            + ".seq_1_to_"
                            + ROWS);
            sql.execute("INSERT INTO " + DB + ".notes VALUES ('a'), ('b'), (NULL)");

            CliRun run =
                    CliRun.run(
                            dir,
                            Servers.sourceBlock(DB + ".\\.*", "  scan.startup.mode: snapshot\n")
                                    + Servers.postgresSinkBlock()
                                    + "pipeline:\n  parallelism: 2\n  execution.runtime-mode: "
                                    + runtimeMode
                                    + "\n");

            assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isZero();
            assertThat(pg.columns("orders"))
                    .containsExactly(
                            "id integer NOT NULL",
                            "item character varying(20)",
                            "price numeric(8,2)");
            List<String> expected = new ArrayList<>();
            for (int id = 1; id <= ROWS; id++) {
                expected.add(
                        "id="
                                + id
                                + ", item=item-"
                                + id
                                + ", price="
                                + String.format("%d.%02d", id / 100, id % 100));
            }
            assertThat(pg.rows("orders")).isEqualTo(expected);
            assertThat(pg.rows("notes")).containsExactlyInAnyOrder("body=a", "body=b", "body=null");
        }
    }

    @Test
    void batchNeedsABoundedStartupMode() throws Exception {
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement()) {
            sql.execute("CREATE DATABASE IF NOT EXISTS " + DB);
            sql.execute("CREATE TABLE IF NOT EXISTS " + DB + ".orders (id INT PRIMARY KEY)");
        }
        CliRun run =
                CliRun.run(
                        dir,
                        Servers.sourceBlock(DB + ".orders", "")
                                + "sink:\n  type: values\n"
                                + "pipeline:\n  execution.runtime-mode: BATCH\n");

        assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isEqualTo(2);
        assertThat(run.stderr.strip())
                .isEqualTo(
                        run.at("source:")
                                + "pipeline.execution.runtime-mode is BATCH, but the 'mariadb'"
                                + " source has no end (it reads changes as they come). Give the"
                                + " source a bounded mode (the mariadb source:"
                                + " scan.startup.mode: snapshot) or set execution.runtime-mode"
                                + " to STREAMING.");
        CliRun.assertNoStackTrace(run.stderr);
    }
}
