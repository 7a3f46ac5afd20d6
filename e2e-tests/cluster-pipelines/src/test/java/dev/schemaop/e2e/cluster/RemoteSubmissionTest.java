package dev.schemaop.e2e.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.cli.FlinkCdcCli;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * Pipelines submitted with {@code --target remote} to a standalone Flink cluster (a JobManager and
 * a TaskManager process, bin/local-cluster.sh), through Flink's own client: the runtime's job jar
 * and the connector jars go to the cluster with the job, the schema registry runs in the
 * JobManager, the writers in the TaskManager, and the table in PostgreSQL ends exactly as on the
 * embedded MiniCluster.
 */
class RemoteSubmissionTest {
    private static final String SCHEMA = "e2e_cluster_remote";
    private static final String POSTGRES_URL =
            env("SCHEMAOP_POSTGRES_URL", "jdbc:postgresql://127.0.0.1:5432/postgres");

    @TempDir static Path clusterDir;
    @TempDir Path dir;

    private static LocalCluster cluster;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = LocalCluster.start(clusterDir);
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void anAttachedSubmissionWaitsForTheJobAndTheSinkHasEveryChange() throws Exception {
        String table = "attached";
        Run run = submit(table, 2);

        assertThat(run.exit).as("stderr:\n%s", run.stderr).isZero();
        assertThat(run.stderr).contains("submitted to localhost:" + cluster.restPort());
        assertFinalTable(table);
        assertThat(cluster.get("/jobs/overview")).contains("\"name\":\"cluster " + table + "\"");
        assertThat(cluster.get("/")).as("the web UI").contains("<title>Apache Flink Web Dashboard");
    }

    @Test
    void aDetachedSubmissionPrintsTheJobIdAndReturns() throws Exception {
        String table = "detached";
        Run run = submit(table, 1, "--detached");

        assertThat(run.exit).as("stderr:\n%s", run.stderr).isZero();
        String jobId = run.stdout.strip();
        assertThat(jobId).matches("[0-9a-f]{32}");
        String state = "";
        for (int i = 0; i < 600 && !state.contains("\"state\":\"FINISHED\""); i++) {
            Thread.sleep(200);
            state = cluster.get("/jobs/" + jobId);
        }
        assertThat(state).contains("\"state\":\"FINISHED\"");
        assertFinalTable(table);
    }

    private record Run(int exit, String stdout, String stderr) {}

    private Run submit(String table, int parallelism, String... extra) throws Exception {
        try (Connection pg = postgres();
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
                        + "\nsink:\n  type: postgres\n  url: \""
                        + POSTGRES_URL
                        + "\"\n  username: \""
                        + env("SCHEMAOP_POSTGRES_USER", "postgres")
                        + "\"\n"
                        + (env("SCHEMAOP_POSTGRES_PASSWORD", "").isEmpty()
                                ? ""
                                : "  password: \"" + env("SCHEMAOP_POSTGRES_PASSWORD", "") + "\"\n")
                        + "pipeline:\n  name: cluster "
                        + table
                        + "\n  parallelism: "
                        + parallelism
                        + "\n  schema.change.behavior: evolve\n");
        List<String> args =
                new ArrayList<>(
                        List.of(
                                pipeline.toString(),
                                "--target",
                                "remote",
                                "-D",
                                "rest.address=localhost",
                                "-D",
                                "rest.port=" + cluster.restPort(),
                                "-D",
                                "execution.checkpointing.dir=" + cluster.checkpoints().toUri(),
                                "--jar",
                                System.getProperty("values.connector.jar"),
                                "--jar",
                                System.getProperty("jdbc.connector.jar")));
        args.addAll(List.of(extra));
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int exit;
        try {
            System.setOut(new PrintStream(stdout, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8));
            exit = FlinkCdcCli.execute(args.toArray(new String[0]));
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        err.print(stderr.toString(StandardCharsets.UTF_8));
        return new Run(
                exit,
                stdout.toString(StandardCharsets.UTF_8),
                stderr.toString(StandardCharsets.UTF_8));
    }

    private static void assertFinalTable(String table) throws SQLException {
        try (Connection pg = postgres();
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

    private static Connection postgres() throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", env("SCHEMAOP_POSTGRES_USER", "postgres"));
        properties.setProperty("password", env("SCHEMAOP_POSTGRES_PASSWORD", ""));
        return DriverManager.getConnection(POSTGRES_URL, properties);
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isEmpty() ? fallback : value;
    }
}
