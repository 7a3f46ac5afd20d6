package dev.schemaop.e2e.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.testing.CliProcess;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * What the console (stderr) of a run with the JDBC sink shows, with the logging configuration of
 * {@code bin/flink-cdc.sh} ({@code conf/log4j-cli.properties}) in a JVM of its own: the runtime's
 * own lines. The connector once bundled HikariCP, relocated under {@code dev.schemaop}, whose INFO
 * lines ({@code HikariPool-1 - Starting...}) were taken for the runtime's; it opens its connections
 * itself now and logs them at DEBUG.
 */
class ConsoleLoggingTest {
    private static final Path PROJECT = Path.of("").toAbsolutePath().resolve("../..").normalize();

    @TempDir Path dir;

    @BeforeAll
    static void theConnectorComesFromItsJar() {
        JdbcPipelineRun.connectorJar();
    }

    @Test
    void aRunIntoPostgresShowsNoConnectionPoolLines() throws Exception {
        JdbcEndpoint endpoint = JdbcEndpoint.postgres();
        try (SinkDatabase db = SinkDatabase.fresh(endpoint, "e2e_jdbc_console_pg")) {
            Path script = dir.resolve("script.yaml");
            Files.writeString(
                    script,
                    ChangeScripts.FAILOVER
                            .replace("SCHEMA", db.schema())
                            .replace("  - type: checkpoint\n", ""));
            Path pipeline = dir.resolve("pipeline.yaml");
            Files.writeString(pipeline, JdbcPipelineRun.valuesInto(endpoint, script, 1, "evolve"));

            List<String> stderr;
            try (CliProcess run =
                    CliProcess.flinkCdc(
                            PROJECT,
                            dir.resolve("run"),
                            List.of(
                                    "--jar",
                                    JdbcPipelineRun.connectorJar().toString(),
                                    pipeline.toString()))) {
                assertThat(run.waitFor(Duration.ofMinutes(3)))
                        .as("stderr: %s", run.stderr())
                        .isZero();
                stderr = run.stderr().lines().toList();
            }
            assertThat(db.rows("items", "id")).hasSize(19);
            assertThat(stderr)
                    .as("the runtime's own lines only: no connection pool's")
                    .isNotEmpty()
                    .allMatch(
                            line ->
                                    line.matches("\\d\\d:\\d\\d:\\d\\d,\\d{3} (INFO|WARN) .*")
                                            || line.startsWith("Run finished in ")
                                            || line.startsWith("Schema changes of "))
                    .noneMatch(line -> line.contains("Starting..."))
                    .noneMatch(line -> line.contains("Start completed"))
                    .noneMatch(line -> line.contains("Hikari"))
                    .noneMatch(line -> line.contains("opened a connection"));
        }
    }
}
