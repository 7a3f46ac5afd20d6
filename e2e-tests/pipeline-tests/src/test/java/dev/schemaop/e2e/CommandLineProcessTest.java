package dev.schemaop.e2e;

import static org.assertj.core.api.Assertions.assertThat;

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
 * The command line as a user meets it: its own JVM, with the logging configuration of {@code
 * bin/flink-cdc.sh} ({@code conf/log4j-cli.properties}) and a temp directory of its own, so that
 * what a run prints and what it leaves behind can be seen.
 */
class CommandLineProcessTest {
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

    /** The run's java.io.tmpdir: it must be empty after the run. */
    private Path tmp;

    /** Where the run's log file goes (bin/flink-cdc.sh: log/flink-cdc.log). */
    private Path log;

    private record Run(int exitCode, List<String> stderr) {}

    @BeforeEach
    void places() throws IOException {
        tmp = Files.createDirectories(dir.resolve("tmp"));
        log = dir.resolve("log/flink-cdc.log");
    }

    private Run cli(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JAVA_OPENS);
        command.add("-Djava.io.tmpdir=" + tmp);
        command.add("-Dlog4j.configurationFile=" + PROJECT.resolve("conf/log4j-cli.properties"));
        command.add("-Dflink.cdc.log.file=" + log);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add("dev.schemaop.cli.FlinkCdcCli");
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

    private Path pipeline(int parallelism, String sinkOptions) throws IOException {
        Pipelines.script(dir, "failover.yaml");
        Path pipeline = dir.resolve("pipeline.yaml");
        Files.writeString(
                pipeline,
                "source:\n"
                        + "  type: values\n"
                        + "  script: failover.yaml\n"
                        + "  splits: 2\n"
                        + "sink:\n"
                        + "  type: values\n"
                        + "  output.path: "
                        + dir.resolve("result.json")
                        + "\n"
                        + sinkOptions
                        + "pipeline:\n"
                        + "  parallelism: "
                        + parallelism
                        + "\n"
                        + "  schema.change.behavior: evolve\n");
        return pipeline;
    }

    @Test
    void aCheckpointedRunPrintsNoStackTraceAndLeavesNothingInTheTempDirectory() throws Exception {
        Run run =
                cli(
                        pipeline(2, "  delivery.guarantee: exactly-once\n").toString(),
                        "-D",
                        "execution.checkpointing.interval=100ms");

        assertThat(run.exitCode()).as("stderr: %s", run.stderr()).isZero();
        assertThat(dir.resolve("result.json")).isRegularFile();
        assertThat(run.stderr())
                .as("only the runtime's own lines: no Flink warning, no stack trace")
                .allMatch(line -> line.matches("\\d\\d:\\d\\d:\\d\\d,\\d{3} (INFO|WARN) .*"))
                .noneMatch(line -> line.contains("Exception"));
        assertNothingLeftInTheTempDirectory();
        assertThat(Files.readString(log))
                .as("Flink's own lines go to the log file")
                .contains("org.apache.flink.runtime.minicluster.MiniCluster");
    }

    @Test
    void aFailingRunPrintsTheCauseAndWhereTheLogIsNotFlinksNoise() throws Exception {
        Run run =
                cli(
                        pipeline(64, "").toString(),
                        "-D",
                        "execution.checkpointing.interval=100ms",
                        "-D",
                        "restart-strategy.type=none");

        assertThat(run.exitCode()).isEqualTo(1);
        List<String> ownLines =
                run.stderr().stream()
                        .filter(line -> !line.matches("\\d\\d:\\d\\d:\\d\\d,\\d{3} INFO .*"))
                        .toList();
        assertThat(ownLines).hasSize(2);
        assertThat(ownLines.get(0))
                .startsWith(
                        "Pipeline failed: IOException: Insufficient number of network buffers:");
        assertThat(ownLines.get(1)).isEqualTo("The whole log is in " + log + ".");
        assertThat(run.stderr()).noneMatch(line -> line.startsWith("\tat "));
        assertThat(Files.readString(log)).contains("\tat ");
        assertNothingLeftInTheTempDirectory();
    }

    private void assertNothingLeftInTheTempDirectory() throws IOException {
        try (Stream<Path> left = Files.list(tmp)) {
            assertThat(left).as("what the run left in its temp directory").isEmpty();
        }
    }
}
