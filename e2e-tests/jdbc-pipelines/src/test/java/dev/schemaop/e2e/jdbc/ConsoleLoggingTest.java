package dev.schemaop.e2e.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * What the console (stderr) of a run with the JDBC sink shows, with the logging configuration of
 * {@code bin/flink-cdc.sh} ({@code conf/log4j-cli.properties}) in a JVM of its own: the runtime's
 * own lines. The connector once bundled HikariCP, relocated under {@code dev.schemaop}, whose INFO
 * lines ({@code HikariPool-1 - Starting...}) were taken for the runtime's; it opens its connections
 * itself now and logs them at DEBUG.
 */
class ConsoleLoggingTest {
    private static final Path PROJECT = Path.of("").toAbsolutePath().resolve("../..").normalize();

    /** What bin/lib.sh opens for Flink on Java 17. */
    private static final List<String> JAVA_OPENS =
            Stream.of(
                            "java.util",
                            "java.lang",
                            "java.lang.reflect",
                            "java.io",
                            "java.net",
                            "java.nio",
                            "java.time",
                            "java.util.concurrent",
                            "java.util.concurrent.atomic")
                    .flatMap(p -> Stream.of("--add-opens", "java.base/" + p + "=ALL-UNNAMED"))
                    .toList();

    @TempDir Path dir;

    private Path log;

    private record Run(int exitCode, List<String> stderr) {}

    @BeforeAll
    static void theConnectorComesFromItsJar() {
        JdbcPipelineRun.connectorJar();
    }

    @BeforeEach
    void places() {
        log = dir.resolve("log/flink-cdc.log");
    }

    /** {@code mainClass} in a JVM with the command line's logging, its stderr captured. */
    private Run java(String mainClass, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JAVA_OPENS);
        command.add("-Dlog4j.configurationFile=" + PROJECT.resolve("conf/log4j-cli.properties"));
        command.add("-Dflink.cdc.log.file=" + log);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass);
        command.addAll(List.of(args));
        Path stderr = dir.resolve("stderr.txt");
        Process process =
                new ProcessBuilder(command)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .redirectError(stderr.toFile())
                        .start();
        if (!process.waitFor(3, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("the run did not end in 3 minutes: " + command);
        }
        List<String> lines = Files.readAllLines(stderr, StandardCharsets.UTF_8);
        System.err.println(String.join("\n", lines));
        return new Run(process.exitValue(), lines);
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

            Run run =
                    java(
                            "dev.schemaop.cli.FlinkCdcCli",
                            "--jar",
                            JdbcPipelineRun.connectorJar().toString(),
                            pipeline.toString());

            assertThat(run.exitCode()).as("stderr: %s", run.stderr()).isZero();
            assertThat(db.rows("items", "id")).hasSize(19);
            assertThat(run.stderr())
                    .as("the runtime's own lines only: no connection pool's")
                    .isNotEmpty()
                    .allMatch(line -> line.matches("\\d\\d:\\d\\d:\\d\\d,\\d{3} (INFO|WARN) .*"))
                    .noneMatch(line -> line.contains("Starting..."))
                    .noneMatch(line -> line.contains("Start completed"))
                    .noneMatch(line -> line.contains("Hikari"))
                    .noneMatch(line -> line.contains("opened a connection"));
        }
    }
}
