package dev.schemaop.e2e.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.e2e.mariadb.PostgresTables;
import dev.schemaop.e2e.mariadb.Servers;
import dev.schemaop.history.HistoryReader;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A cluster process dies under a MariaDB -> PostgreSQL pipeline, killed by its pid as a crash
 * would: the TaskManager while a schema change is being applied, the JobManager after a change
 * reached the sink and before the next checkpoint. The sink's DDL is recorded by an event trigger
 * (DdlAudit): each change reaches it once, and every row is exact.
 */
class ProcessFailureTest extends OnLocalCluster {
    private static final String AUDITED = "e2e_cluster_failures";

    @TempDir Path dir;

    private static DdlAudit audit;

    @BeforeAll
    static void audit() throws Exception {
        audit = DdlAudit.in(AUDITED);
    }

    @Test
    void aTaskManagerKilledWhileAChangeIsAppliedRestartsTheJobAndTheChangeReachesTheSinkOnce()
            throws Exception {
        String db = "e2e_cluster_tm_kill";
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement();
                PostgresTables pg = PostgresTables.fresh(audit.connect(), db)) {
            createItems(sql, db);
            String job = submit(db, "execution.checkpointing.interval=1s");
            List<String> first = List.of("id=1, v=a", "id=2, v=b");
            assertThat(SinkRows.await(cluster, job, () -> pg.rows("items"), first))
                    .isEqualTo(first);

            try (Connection blocker = audit.connect()) {
                // A reader's lock: the applier's ALTER TABLE waits for it, the change is pending.
                blocker.setAutoCommit(false);
                try (Statement read = blocker.createStatement()) {
                    read.executeQuery("SELECT * FROM " + db + ".items").close();
                }
                sql.execute("ALTER TABLE " + db + ".items ADD COLUMN qty INT");
                sql.execute("INSERT INTO " + db + ".items VALUES (3, 'c', 30)");
                awaitAlterWaitingForLock(db);

                cluster.kill("taskmanager");
                cluster.startTaskManager();
                blocker.commit();
            }

            List<String> after =
                    List.of("id=1, v=a, qty=null", "id=2, v=b, qty=null", "id=3, v=c, qty=30");
            assertThat(SinkRows.await(cluster, job, () -> pg.rows("items"), after))
                    .isEqualTo(after);
            sql.execute("INSERT INTO " + db + ".items VALUES (4, 'd', 40)");
            List<String> later = new ArrayList<>(after);
            later.add("id=4, v=d, qty=40");
            assertThat(SinkRows.await(cluster, job, () -> pg.rows("items"), later))
                    .isEqualTo(later);
            cluster.awaitAllTasksRunning(job); // again, on the new TaskManager
            assertThat(audit.commandsOn(db, "items"))
                    .containsExactly("CREATE TABLE", "ALTER TABLE");
            assertThat(pg.columns("items"))
                    .containsExactly(
                            "id integer NOT NULL", "v character varying(20)", "qty integer");
            cancel(job);
        }
    }

    @Test
    void aJobManagerKilledAfterAChangeAndAResubmissionFromTheRetainedCheckpointApplyItOnce()
            throws Exception {
        String db = "e2e_cluster_jm_kill";
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement();
                PostgresTables pg = PostgresTables.fresh(audit.connect(), db)) {
            createItems(sql, db);
            // Checkpoints only when the test asks: none between the change and the kill.
            String job =
                    submit(
                            db,
                            "execution.checkpointing.interval=1h",
                            "execution.checkpointing.externalized-checkpoint-retention=RETAIN_ON_CANCELLATION");
            List<String> first = List.of("id=1, v=a", "id=2, v=b");
            assertThat(SinkRows.await(cluster, job, () -> pg.rows("items"), first))
                    .isEqualTo(first);
            String checkpoint = cluster.checkpoint(job);

            sql.execute("ALTER TABLE " + db + ".items ADD COLUMN qty INT");
            sql.execute("INSERT INTO " + db + ".items VALUES (3, 'c', 30)");
            List<String> applied =
                    List.of("id=1, v=a, qty=null", "id=2, v=b, qty=null", "id=3, v=c, qty=30");
            assertThat(SinkRows.await(cluster, job, () -> pg.rows("items"), applied))
                    .isEqualTo(applied);

            cluster.kill("jobmanager");
            cluster.startJobManager();
            cluster.awaitFreeSlots(2);
            String resumed =
                    submit(db, List.of("-s", checkpoint), "execution.checkpointing.interval=1s");

            sql.execute("INSERT INTO " + db + ".items VALUES (4, 'd', 40)");
            List<String> later = new ArrayList<>(applied);
            later.add("id=4, v=d, qty=40");
            assertThat(SinkRows.await(cluster, resumed, () -> pg.rows("items"), later))
                    .isEqualTo(later);
            assertThat(audit.commandsOn(db, "items"))
                    .as("the change the checkpoint did not hold was found in the registry's log")
                    .containsExactly("CREATE TABLE", "ALTER TABLE");
            assertThat(cluster.checkpoints().resolve("schema-registry").resolve(resumed))
                    .isDirectory();
            // The decision history beside the checkpoints: the resubmitted job decided nothing
            // again, it found both changes in the registry's log.
            assertThat(
                            HistoryReader.read(cluster.checkpoints().resolve("schema-history"))
                                    .stream()
                                    .filter(d -> d.job().equals(job) || d.job().equals(resumed))
                                    .filter(d -> !d.outcome().equals("discarded"))
                                    .map(
                                            d ->
                                                    (d.job().equals(job) ? "first " : "resumed ")
                                                            + d.outcome()
                                                            + " "
                                                            + d.brief()))
                    .containsExactly(
                            "first applied create (id INT NOT NULL, v VARCHAR(20)) key (id)",
                            "first applied add qty INT");
            assertThat(Files.readString(cluster.log("jobmanager")))
                    .contains(
                            "reached the sink after the restored checkpoint; it is not applied again");
            cancel(resumed);
        }
    }

    private static void createItems(Statement sql, String db) throws Exception {
        Servers.freshDatabase(sql, db);
        sql.execute("CREATE TABLE " + db + ".items (id INT NOT NULL PRIMARY KEY, v VARCHAR(20))");
        sql.execute("INSERT INTO " + db + ".items VALUES (1, 'a'), (2, 'b')");
    }

    private String submit(String db, String... flinkOptions) throws Exception {
        return submit(db, List.of(), flinkOptions);
    }

    /** bin/flink-cdc.sh --target remote --detached at parallelism 2; the job id once it runs. */
    private String submit(String db, List<String> extra, String... flinkOptions) throws Exception {
        Path pipeline = dir.resolve(db + ".yaml");
        Files.writeString(
                pipeline,
                Servers.sourceBlock(db + ".items", "")
                        + Servers.postgresSinkBlock(audit.url(), "")
                        + "pipeline:\n  name: "
                        + db
                        + "\n  parallelism: 2\n  schema.change.behavior: evolve\n");
        List<String> args = new ArrayList<>(List.of("--detached"));
        for (String option : flinkOptions) {
            args.addAll(List.of("-D", option));
        }
        args.addAll(ClusterCli.connectorJars("jdbc", "mariadb"));
        args.addAll(extra);
        String jobId =
                ClusterCli.flinkCdcRemote(cluster, pipeline, args).succeeded().stdout().strip();
        cluster.awaitJobState(jobId, Set.of("RUNNING"));
        return jobId;
    }

    /** The applier's ALTER TABLE is in PostgreSQL, waiting for the reader's lock. */
    private static void awaitAlterWaitingForLock(String db) throws Exception {
        long deadline = System.currentTimeMillis() + 120_000;
        try (Connection server = audit.connect();
                PreparedStatement sql =
                        server.prepareStatement(
                                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type ="
                                        + " 'Lock' AND query ILIKE ?")) {
            sql.setString(1, "%ALTER TABLE%" + db + "%items%");
            while (System.currentTimeMillis() < deadline) {
                try (ResultSet rs = sql.executeQuery()) {
                    rs.next();
                    if (rs.getInt(1) > 0) {
                        return;
                    }
                }
                Thread.sleep(100);
            }
        }
        throw new AssertionError("The sink's ALTER TABLE never waited for the lock");
    }

    private static void cancel(String jobId) throws Exception {
        ClusterCli.flink(cluster, "cancel", "-m", "localhost:" + cluster.restPort(), jobId)
                .succeeded();
    }
}
