package dev.schemaop.e2e.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.e2e.mariadb.Servers;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Pipelines submitted with {@code --target remote} to a standalone Flink cluster (a JobManager and
 * a TaskManager process, bin/local-cluster.sh), through Flink's own client: the runtime's job jar
 * and the connector jars go to the cluster with the job, the schema registry runs in the
 * JobManager, the writers in the TaskManager, and the table in PostgreSQL ends exactly as on the
 * embedded MiniCluster.
 */
class RemoteSubmissionTest extends OnLocalCluster {
    private static final String SCHEMA = "e2e_cluster_remote";

    @TempDir Path dir;

    @Test
    void anAttachedSubmissionWaitsForTheJobAndTheSinkHasEveryChange() throws Exception {
        String table = "attached";
        ClusterCli.Run run = submit(table, 2);

        assertThat(run.exit()).as("stderr:\n%s", run.stderr()).isZero();
        assertThat(run.stderr()).contains("submitted to localhost:" + cluster.restPort());
        assertFinalTable(table);
        assertThat(cluster.get("/jobs/overview")).contains("\"name\":\"cluster " + table + "\"");
        assertThat(cluster.get("/")).as("the web UI").contains("<title>Apache Flink Web Dashboard");
    }

    @Test
    void aDetachedSubmissionPrintsTheJobIdAndReturns() throws Exception {
        String table = "detached";
        ClusterCli.Run run = submit(table, 1, "--detached");

        assertThat(run.exit()).as("stderr:\n%s", run.stderr()).isZero();
        String jobId = run.stdout().strip();
        assertThat(jobId).matches("[0-9a-f]{32}");
        String state = "";
        for (int i = 0; i < 600 && !state.contains("\"state\":\"FINISHED\""); i++) {
            Thread.sleep(200);
            state = cluster.get("/jobs/" + jobId);
        }
        assertThat(state).contains("\"state\":\"FINISHED\"");
        assertFinalTable(table);
    }

    @Test
    void flinkRunOfTheJobJarRunsThePipelineWithTheConnectorsGivenToIt() throws Exception {
        String table = "flink_run";
        Path pipeline = definition(table, 2);
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "run",
                                "-m",
                                "localhost:" + cluster.restPort(),
                                System.getProperty("flink.cdc.dist.jar"),
                                pipeline.toString()));
        args.addAll(ClusterCli.connectorJars("values", "jdbc"));

        ClusterCli.Run run = ClusterCli.flink(cluster, args.toArray(new String[0])).succeeded();

        assertFinalTable(table);
        String jobId = run.jobId();
        assertThat(cluster.getJson("/jobs/" + jobId).path("state").asText()).isEqualTo("FINISHED");
        assertThat(cluster.checkpoints().resolve("schema-registry").resolve(jobId))
                .as(
                        "the job named no checkpoint directory: its registry logged into the"
                                + " cluster's, under the job's id")
                .isDirectory();
    }

    /**
     * Under {@code flink run} too the job jar finds the project's connectors by type (issue 26):
     * from the source tree it sits in, and ships them with the job.
     */
    @Test
    void flinkRunOfTheJobJarFindsTheProjectsConnectorsByType() throws Exception {
        String table = "flink_run_by_type";
        Path pipeline = definition(table, 1);

        ClusterCli.flink(
                        cluster,
                        "run",
                        "-m",
                        "localhost:" + cluster.restPort(),
                        System.getProperty("flink.cdc.dist.jar"),
                        pipeline.toString())
                .succeeded();

        assertFinalTable(table);
    }

    private ClusterCli.Run submit(String table, int parallelism, String... extra) throws Exception {
        Path pipeline = definition(table, parallelism);
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "-D",
                                "execution.checkpointing.dir=" + cluster.checkpoints().toUri()));
        args.addAll(ClusterCli.connectorJars("values", "jdbc"));
        args.addAll(List.of(extra));
        return ClusterCli.flinkCdcRemote(cluster, pipeline, args);
    }

    /** A values script into a fresh PostgreSQL table: create, rows, a new column, more rows. */
    private Path definition(String table, int parallelism) throws Exception {
        try (Connection pg = Servers.postgres();
                Statement sql = pg.createStatement()) {
            sql.execute("CREATE SCHEMA IF NOT EXISTS " + SCHEMA);
            sql.execute("DROP TABLE IF EXISTS " + SCHEMA + "." + table);
        }
        Path script = dir.resolve("script.yaml");
        Files.writeString(
                script,
                """
                events:
                  - type: create.table
                    table: %1$s.%2$s
                    columns:
                      - {name: id, type: INT NOT NULL}
                      - {name: v, type: VARCHAR(10)}
                    primaryKeys: [id]
                  - type: insert
                    table: %1$s.%2$s
                    rows: [[1, a], [2, b], [3, c]]
                  - type: add.column
                    table: %1$s.%2$s
                    columns: [{name: n, type: BIGINT}]
                  - type: insert
                    table: %1$s.%2$s
                    rows: [[4, d, 40]]
                  - type: update
                    table: %1$s.%2$s
                    before: [1, a, null]
                    after: [1, aa, 10]
                  - type: delete
                    table: %1$s.%2$s
                    rows: [[2, b, null]]
                """
                        .formatted(SCHEMA, table));
        Path pipeline = dir.resolve("pipeline.yaml");
        Files.writeString(
                pipeline,
                "source:\n  type: values\n  script: "
                        + script
                        + "\n"
                        + Servers.postgresSinkBlock()
                        + "pipeline:\n  name: cluster "
                        + table
                        + "\n  parallelism: "
                        + parallelism
                        + "\n  schema.change.behavior: evolve\n");
        return pipeline;
    }

    private static void assertFinalTable(String table) throws SQLException {
        try (Connection pg = Servers.postgres();
                Statement sql = pg.createStatement()) {
            List<String> columns = new ArrayList<>();
            try (ResultSet rs =
                    sql.executeQuery(
                            "SELECT column_name || ' ' || data_type FROM information_schema.columns"
                                    + " WHERE table_schema = '"
                                    + SCHEMA
                                    + "' AND table_name = '"
                                    + table
                                    + "' ORDER BY ordinal_position")) {
                while (rs.next()) {
                    columns.add(rs.getString(1));
                }
            }
            assertThat(columns).containsExactly("id integer", "v character varying", "n bigint");
            List<String> rows = new ArrayList<>();
            try (ResultSet rs =
                    sql.executeQuery(
                            "SELECT id || ',' || v || ',' || coalesce(n::text, 'null') FROM "
                                    + SCHEMA
                                    + "."
                                    + table
                                    + " ORDER BY id")) {
                while (rs.next()) {
                    rows.add(rs.getString(1));
                }
            }
            assertThat(rows).containsExactly("1,aa,10", "3,c,null", "4,d,40");
        }
    }
}
