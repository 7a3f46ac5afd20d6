package dev.schemaop.e2e.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Issue 24: with checkpointing on, Flink's default restart strategy restarts a failed job without
 * end. A failure a restart cannot fix ends the run at once (exit 1, one message): a table that
 * drifted from what the pipeline sends, a value the database cannot store, credentials the database
 * refuses in the middle of a run. The timeouts only guard against the endless loop.
 */
class FailuresThatEndTheJobTest {
    private static final String CHECKPOINTING = "execution.checkpointing.interval=500ms";

    @TempDir Path dir;

    @BeforeAll
    static void theConnectorComesFromItsJar() {
        JdbcPipelineRun.connectorJar();
    }

    private Path script(String text) throws Exception {
        Path script = dir.resolve("script.yaml");
        Files.writeString(script, text);
        return script;
    }

    @Test
    @Timeout(120)
    void aTableThatDriftedFromTheCreateEndsTheRun() throws Exception {
        JdbcEndpoint endpoint = JdbcEndpoint.of("postgres");
        try (SinkDatabase db = SinkDatabase.fresh(endpoint, "e2e_jdbc_ends_drift")) {
            db.execute("CREATE TABLE " + db.qualified("t") + " (id INT PRIMARY KEY, v DATE)");
            Path script =
                    script(
                            """
                            events:
                              - type: create.table
                                table: SCHEMA.t
                                columns:
                                  - {name: id, type: INT NOT NULL}
                                  - {name: v, type: INT}
                                primaryKeys: [id]
                              - type: insert
                                table: SCHEMA.t
                                rows: [[1, 10]]
                            """
                                    .replace("SCHEMA", db.schema()));

            JdbcPipelineRun run =
                    JdbcPipelineRun.run(
                            dir,
                            JdbcPipelineRun.valuesInto(endpoint, script, 1, "lenient"),
                            CHECKPOINTING);

            assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isEqualTo(1);
            assertThat(run.stderr.lines().filter(l -> l.startsWith("Pipeline failed: ")))
                    .as("one message")
                    .hasSize(1);
            assertThat(run.stderr)
                    .contains("Pipeline failed: The sink failed to apply CreateTableEvent")
                    .contains(db.tableId("t"));
            JdbcPipelineRun.assertNoStackTrace(run.stderr);
            assertThat(db.rows("t", "id, v")).as("nothing written").isEmpty();
        }
    }

    @Test
    @Timeout(120)
    void aValueTheDatabaseCannotStoreEndsTheRun() throws Exception {
        JdbcEndpoint endpoint = JdbcEndpoint.of("postgres");
        try (SinkDatabase db = SinkDatabase.fresh(endpoint, "e2e_jdbc_ends_value")) {
            Path script =
                    script(
                            """
                            events:
                              - type: create.table
                                table: SCHEMA.t
                                columns:
                                  - {name: id, type: INT NOT NULL}
                                  - {name: name, type: VARCHAR(20)}
                                primaryKeys: [id]
                              - type: insert
                                table: SCHEMA.t
                                rows: [[1, "a\\0b"]]
                            """
                                    .replace("SCHEMA", db.schema()));

            JdbcPipelineRun run =
                    JdbcPipelineRun.run(
                            dir,
                            JdbcPipelineRun.valuesInto(endpoint, script, 1, "evolve"),
                            CHECKPOINTING);

            assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isEqualTo(1);
            assertThat(run.stderr.strip())
                    .startsWith(
                            "Pipeline failed: postgres sink writer 0 cannot write a row of table "
                                    + db.tableId("t")
                                    + " (primary key id=1): column name holds a string with the"
                                    + " NUL character U+0000");
            JdbcPipelineRun.assertNoStackTrace(run.stderr);
        }
    }

    /**
     * The sink's user gets another password while the job runs, and its connections are killed: the
     * writer's new connection is refused, and the run ends instead of restarting forever. (MariaDB:
     * the local PostgreSQL trusts every local user, so it never refuses a password.)
     */
    @Test
    @Timeout(180)
    void credentialsRefusedWhileRunningEndTheRun() throws Exception {
        JdbcEndpoint endpoint = JdbcEndpoint.of("mariadb");
        String user = "e2e_jdbc_rotating";
        String password = "first-pw-4711";
        try (SinkDatabase db = SinkDatabase.fresh(endpoint, "e2e_jdbc_ends_password")) {
            db.execute("DROP USER IF EXISTS '" + user + "'@'%'");
            db.execute("CREATE USER '" + user + "'@'%' IDENTIFIED BY '" + password + "'");
            db.execute("GRANT ALL ON `" + db.schema() + "`.* TO '" + user + "'@'%'");
            StringBuilder rows = new StringBuilder();
            for (int i = 1; i <= 600; i++) {
                rows.append("      - [").append(i).append(", r").append(i).append("]\n");
            }
            Path script =
                    script(
                            "events:\n"
                                    + "  - type: create.table\n"
                                    + "    table: "
                                    + db.schema()
                                    + ".t\n"
                                    + "    columns:\n"
                                    + "      - {name: id, type: INT NOT NULL}\n"
                                    + "      - {name: name, type: VARCHAR(20)}\n"
                                    + "    primaryKeys: [id]\n"
                                    + "  - type: insert\n"
                                    + "    table: "
                                    + db.schema()
                                    + ".t\n"
                                    + "    rows:\n"
                                    + rows);
            String pipeline =
                    "source:\n  type: values\n  script: "
                            + script
                            + "\n  event.delay.ms: 50\n"
                            + endpoint.sinkBlock(
                                    endpoint.url(),
                                    user,
                                    password,
                                    "  sink.buffer-flush.interval: 100ms\n")
                            + "pipeline:\n  parallelism: 1\n";

            CompletableFuture<JdbcPipelineRun> running =
                    CompletableFuture.supplyAsync(
                            () -> {
                                try {
                                    return JdbcPipelineRun.run(dir, pipeline, CHECKPOINTING);
                                } catch (Exception e) {
                                    throw new IllegalStateException(e);
                                }
                            });
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (db.hasTable("t") && db.rows("t", "id").isEmpty() || !db.hasTable("t")) {
                assertThat(System.nanoTime()).as("rows arrive").isLessThan(deadline);
                Thread.sleep(100);
            }
            db.execute("ALTER USER '" + user + "'@'%' IDENTIFIED BY 'second-pw-0815'");
            for (String id :
                    db.query(
                            "SELECT ID FROM information_schema.PROCESSLIST WHERE USER = '"
                                    + user
                                    + "'")) {
                db.execute("KILL " + id);
            }
            JdbcPipelineRun run = running.get(150, TimeUnit.SECONDS);

            assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isEqualTo(1);
            assertThat(run.stderr.lines().filter(l -> l.startsWith("Pipeline failed: ")))
                    .as("one message")
                    .hasSize(1);
            assertThat(run.stderr)
                    .contains("cannot connect as user '" + user + "'")
                    .contains("Check the credentials")
                    .doesNotContain(password)
                    .doesNotContain("second-pw-0815");
            JdbcPipelineRun.assertNoStackTrace(run.stderr);
        } finally {
            try (SinkDatabase db = SinkDatabase.absent(endpoint, "e2e_jdbc_ends_password")) {
                db.execute("DROP USER IF EXISTS '" + user + "'@'%'");
            }
        }
    }
}
