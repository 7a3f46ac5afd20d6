package dev.schemaop.e2e.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.e2e.mariadb.PostgresTables;
import dev.schemaop.e2e.mariadb.Servers;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A MariaDB -> PostgreSQL pipeline on the cluster, stopped with a savepoint (Flink's own {@code
 * flink stop --savepointPath}), DDL and rows while it is stopped, restored at parallelism 3 with
 * {@code bin/flink-cdc.sh -s}, stopped again, and restored at parallelism 1 with {@code flink run
 * -s}: every row and the final schema exact.
 */
class SavepointRescaleTest extends OnLocalCluster {
    private static final String DB = "e2e_cluster_rescale";

    @TempDir Path dir;

    @Test
    void whatHappensWhileStoppedArrivesAfterRestoresAtThreeThenAtOne() throws Exception {
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement();
                PostgresTables pg = PostgresTables.fresh(DB)) {
            Servers.freshDatabase(sql, DB);
            sql.execute(
                    "CREATE TABLE "
                            + DB
                            + ".items (id INT NOT NULL PRIMARY KEY, name VARCHAR(20))");
            sql.execute("INSERT INTO " + DB + ".items VALUES (1, 'a'), (2, 'b')");

            String first = submit(1, null);
            sql.execute("INSERT INTO " + DB + ".items VALUES (3, 'c')");
            List<String> before = List.of("id=1, name=a", "id=2, name=b", "id=3, name=c");
            assertThat(SinkRows.await(cluster, first, () -> pg.rows("items"), before))
                    .isEqualTo(before);
            String savepoint = stopWithSavepoint(first);

            sql.execute("ALTER TABLE " + DB + ".items ADD COLUMN qty INT");
            sql.execute("INSERT INTO " + DB + ".items VALUES (4, 'd', 40)");
            sql.execute("UPDATE " + DB + ".items SET qty = 10 WHERE id = 1");
            sql.execute("DELETE FROM " + DB + ".items WHERE id = 2");

            String second = submit(3, savepoint);
            List<String> whileStopped =
                    List.of(
                            "id=1, name=a, qty=10",
                            "id=3, name=c, qty=null",
                            "id=4, name=d, qty=40");
            assertThat(SinkRows.await(cluster, second, () -> pg.rows("items"), whileStopped))
                    .isEqualTo(whileStopped);
            sql.execute("ALTER TABLE " + DB + ".items RENAME COLUMN name TO title");
            sql.execute(
                    "INSERT INTO " + DB + ".items VALUES (5, 'e', 50), (6, 'f', 60), (7, 'g', 70)");
            List<String> atThree =
                    List.of(
                            "id=1, title=a, qty=10",
                            "id=3, title=c, qty=null",
                            "id=4, title=d, qty=40",
                            "id=5, title=e, qty=50",
                            "id=6, title=f, qty=60",
                            "id=7, title=g, qty=70");
            assertThat(SinkRows.await(cluster, second, () -> pg.rows("items"), atThree))
                    .isEqualTo(atThree);
            savepoint = stopWithSavepoint(second);

            sql.execute("ALTER TABLE " + DB + ".items MODIFY qty BIGINT");
            sql.execute("INSERT INTO " + DB + ".items VALUES (8, 'h', 8000000000)");
            sql.execute("DELETE FROM " + DB + ".items WHERE id = 5");

            String third = flinkRun(1, savepoint);
            List<String> atOne =
                    List.of(
                            "id=1, title=a, qty=10",
                            "id=3, title=c, qty=null",
                            "id=4, title=d, qty=40",
                            "id=6, title=f, qty=60",
                            "id=7, title=g, qty=70",
                            "id=8, title=h, qty=8000000000");
            assertThat(SinkRows.await(cluster, third, () -> pg.rows("items"), atOne))
                    .isEqualTo(atOne);
            assertThat(pg.columns("items"))
                    .containsExactly(
                            "id integer NOT NULL", "title character varying(20)", "qty bigint");
            assertThat(cluster.checkpoints().resolve("schema-registry").resolve(third))
                    .as("the last run's registry log, continued from the earlier runs'")
                    .isDirectory();
            for (String job : List.of(first, second, third)) {
                cluster.assertNeverFailed(job);
            }
            ClusterCli.flink(cluster, "cancel", "-m", "localhost:" + cluster.restPort(), third)
                    .succeeded();
        }
    }

    private Path definition(int parallelism) throws Exception {
        Path pipeline = dir.resolve("pipeline-" + parallelism + ".yaml");
        Files.writeString(
                pipeline,
                Servers.sourceBlock(DB + ".items", "")
                        + Servers.postgresSinkBlock()
                        + "pipeline:\n  name: rescale\n  parallelism: "
                        + parallelism
                        + "\n  schema.change.behavior: evolve\n");
        return pipeline;
    }

    /** bin/flink-cdc.sh --target remote --detached [-s SAVEPOINT]; the job id once it runs. */
    private String submit(int parallelism, String savepoint) throws Exception {
        List<String> args =
                new ArrayList<>(List.of("--detached", "-D", "execution.checkpointing.interval=1s"));
        args.addAll(ClusterCli.connectorJars("jdbc", "mariadb"));
        if (savepoint != null) {
            args.addAll(List.of("-s", savepoint));
        }
        ClusterCli.Run run =
                ClusterCli.flinkCdcRemote(cluster, definition(parallelism), args).succeeded();
        String jobId = run.stdout().strip();
        cluster.awaitJobState(jobId, Set.of("RUNNING"));
        return jobId;
    }

    /** Flink's own flink run -d -s SAVEPOINT of the job jar; the job id once it runs. */
    private String flinkRun(int parallelism, String savepoint) throws Exception {
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "run",
                                "-d",
                                "-m",
                                "localhost:" + cluster.restPort(),
                                "-s",
                                savepoint,
                                System.getProperty("flink.cdc.dist.jar"),
                                definition(parallelism).toString(),
                                "-D",
                                "execution.checkpointing.interval=1s"));
        args.addAll(ClusterCli.connectorJars("jdbc", "mariadb"));
        String jobId = ClusterCli.flink(cluster, args.toArray(new String[0])).succeeded().jobId();
        cluster.awaitJobState(jobId, Set.of("RUNNING"));
        return jobId;
    }

    private String stopWithSavepoint(String jobId) throws Exception {
        String savepoint =
                ClusterCli.flink(
                                cluster,
                                "stop",
                                "--savepointPath",
                                dir.resolve("savepoints").toUri().toString(),
                                "-m",
                                "localhost:" + cluster.restPort(),
                                jobId)
                        .succeeded()
                        .savepoint();
        cluster.awaitJobState(jobId, Set.of("FINISHED"));
        return savepoint;
    }
}
