package dev.schemaop.e2e.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.testing.CliProcess;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

/**
 * The whole command line killed with SIGKILL ({@code kill -9}) while it runs a MariaDB to
 * PostgreSQL pipeline, then started again with the same command in the same directory (issue 28):
 * it resumes from the newest checkpoint in {@code checkpoints/<pipeline.name>}, which it keeps by
 * default, and every row and change made while it was down arrives, each DDL once; a row that only
 * a new snapshot would bring back stays away. Killed during the snapshot, the next start reads the
 * snapshot again (no checkpoint holds a position before the snapshot's end) and the rows are exact.
 */
class ProcessCrashResumeTest {
    private static final Path PROJECT = Path.of("").toAbsolutePath().resolve("../..").normalize();
    private static final Duration LIMIT = Duration.ofMinutes(2);

    @TempDir Path dir;

    private Path pipeline(String db, String name) throws IOException {
        Path pipeline = dir.resolve("pipeline.yaml");
        Files.writeString(
                pipeline,
                Servers.sourceBlock(db + ".t", "")
                        + Servers.postgresSinkBlock()
                        + "pipeline:\n  name: "
                        + name
                        + "\n  parallelism: 1\n  schema.change.behavior: evolve\n");
        return pipeline;
    }

    private static List<String> command(Path pipeline) {
        return List.of(
                pipeline.toString(), "--no-web-ui", "-D", "execution.checkpointing.interval=1s");
    }

    @Test
    void killedDuringTheBinlogItResumesWithoutANewSnapshot() throws Exception {
        String db = "e2e_maria_crash_binlog";
        Path work = dir.resolve("work");
        Path checkpoints = work.resolve("checkpoints/crash_binlog");
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement();
                PostgresTables pg = PostgresTables.fresh(db)) {
            Servers.freshDatabase(sql, db);
            sql.execute("CREATE TABLE " + db + ".t (id INT NOT NULL PRIMARY KEY, v VARCHAR(20))");
            sql.execute("INSERT INTO " + db + ".t VALUES (1, 'a'), (2, 'b'), (6, 'probe')");
            List<String> command = command(pipeline(db, "crash binlog"));

            try (CliProcess first = CliProcess.flinkCdc(PROJECT, work, command)) {
                await(first, () -> pg.rows("t").size(), 3);
                sql.execute("INSERT INTO " + db + ".t VALUES (3, 'c')");
                await(first, () -> pg.rows("t").size(), 4);
                // a checkpoint taken in the binlog phase: the snapshot is behind it
                awaitACheckpointAfter(first, checkpoints, FileTime.fromMillis(now()));
                sql.execute("ALTER TABLE " + db + ".t ADD COLUMN w INT");
                sql.execute("INSERT INTO " + db + ".t VALUES (4, 'd', 40)");
                await(
                        first,
                        () -> pg.rows("t"),
                        List.of(
                                "id=1, v=a, w=null",
                                "id=2, v=b, w=null",
                                "id=3, v=c, w=null",
                                "id=4, v=d, w=40",
                                "id=6, v=probe, w=null"));
                assertThat(first.stderr())
                        .contains(
                                "Checkpoints go to "
                                        + checkpoints
                                        + " every 1 s; a later start of this pipeline resumes"
                                        + " from the newest.");
                first.kill();
            }

            // while the pipeline is down
            sql.execute("INSERT INTO " + db + ".t VALUES (5, 'e', 50)");
            sql.execute("UPDATE " + db + ".t SET v = 'b2' WHERE id = 2");
            sql.execute("DELETE FROM " + db + ".t WHERE id = 1");
            sql.execute("ALTER TABLE " + db + ".t ADD COLUMN x VARCHAR(5)");
            sql.execute("INSERT INTO " + db + ".t VALUES (7, 'g', 70, 'x7')");
            pg.execute("DELETE FROM " + db + ".t WHERE id = 6");

            try (CliProcess second = CliProcess.flinkCdc(PROJECT, work, command)) {
                List<String> expected =
                        List.of(
                                "id=2, v=b2, w=null, x=null",
                                "id=3, v=c, w=null, x=null",
                                "id=4, v=d, w=40, x=null",
                                "id=5, v=e, w=50, x=null",
                                "id=7, v=g, w=70, x=x7");
                assertThat(await(second, () -> pg.rows("t"), expected))
                        .as("what changed while it was down; no row 6: no new snapshot")
                        .isEqualTo(expected);
                assertThat(second.stderr()).contains("Resuming from checkpoint ");
                assertThat(pg.columns("t"))
                        .containsExactly(
                                "id integer NOT NULL",
                                "v character varying(20)",
                                "w integer",
                                "x character varying(5)");
                assertThat(second.isAlive()).isTrue();
            }
        }
    }

    @Test
    void killedDuringTheSnapshotItReadsTheSnapshotAgain() throws Exception {
        String db = "e2e_maria_crash_snapshot";
        int rows = 200_000;
        Path work = dir.resolve("work");
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement();
                PostgresTables pg = PostgresTables.fresh(db)) {
            Servers.freshDatabase(sql, db);
            sql.execute("CREATE TABLE " + db + ".t (id INT NOT NULL PRIMARY KEY, v VARCHAR(40))");
            sql.execute(
                    "INSERT INTO "
                            + db
                            + ".t SELECT seq, CONCAT('row ', seq) FROM "
                            + db
                            + ".seq_1_to_"
                            + rows);
            List<String> command = command(pipeline(db, "crash snapshot"));

            try (CliProcess first = CliProcess.flinkCdc(PROJECT, work, command)) {
                long deadline = System.nanoTime() + LIMIT.toNanos();
                long written = 0;
                while (written == 0 && System.nanoTime() < deadline && first.isAlive()) {
                    written = pg.exists("t") ? count(pg, db) : 0;
                    Thread.sleep(20);
                }
                first.kill();
                assertThat(written)
                        .as("killed in the middle of the snapshot")
                        .isPositive()
                        .isLessThan(rows);
            }
            sql.execute("UPDATE " + db + ".t SET v = 'changed' WHERE id = 1");

            try (CliProcess second = CliProcess.flinkCdc(PROJECT, work, command)) {
                await(second, () -> count(pg, db), (long) rows);
                await(second, () -> pg.rows("t").get(0), "id=1, v=changed");
                assertThat(pg.count("t", "id > 1 AND v <> 'row ' || id"))
                        .as("rows with another value")
                        .isZero();
                assertThat(second.isAlive()).isTrue();
            }
        }
    }

    private static long count(PostgresTables pg, String db) throws Exception {
        return pg.count("t", "TRUE");
    }

    private static long now() {
        return System.currentTimeMillis();
    }

    /** Waits until the probe gives {@code expected}; fails when it has not in time. */
    private static <T> T await(CliProcess run, Callable<T> probe, T expected) throws Exception {
        long deadline = System.nanoTime() + LIMIT.toNanos();
        T last = null;
        while (System.nanoTime() < deadline) {
            assertThat(run.isAlive()).as("the pipeline runs; stderr:\n%s", run.stderr()).isTrue();
            try {
                last = probe.call();
            } catch (Exception notYet) {
                last = null;
            }
            if (expected.equals(last)) {
                return last;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("after " + LIMIT + " the sink has " + last + ", not " + expected);
    }

    private static void awaitACheckpointAfter(CliProcess run, Path checkpoints, FileTime after)
            throws Exception {
        long deadline = System.nanoTime() + LIMIT.toNanos();
        while (System.nanoTime() < deadline) {
            assertThat(run.isAlive()).as("the pipeline runs; stderr:\n%s", run.stderr()).isTrue();
            if (Files.isDirectory(checkpoints)) {
                try (Stream<Path> files = Files.walk(checkpoints)) {
                    if (files.filter(f -> f.getFileName().toString().equals("_metadata"))
                            .anyMatch(f -> modifiedAfter(f, after))) {
                        return;
                    }
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no checkpoint completed in " + checkpoints);
    }

    private static boolean modifiedAfter(Path file, FileTime after) {
        try {
            return Files.getLastModifiedTime(file).compareTo(after) > 0;
        } catch (IOException gone) {
            return false;
        }
    }
}
