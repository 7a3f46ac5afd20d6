package dev.schemaop.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.testing.SummaryLines;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The command line as a user meets it ({@link CliProcess}): what a run prints and what it leaves
 * behind.
 */
class CommandLineProcessTest {
    @TempDir Path dir;

    private CliProcess cli;

    @BeforeEach
    void cli() throws IOException {
        cli = new CliProcess(dir);
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
        CliProcess.Run run =
                cli.run(
                        pipeline(2, "  delivery.guarantee: exactly-once\n").toString(),
                        "-D",
                        "execution.checkpointing.interval=100ms");

        assertThat(run.exitCode()).as("stderr: %s", run.stderr()).isZero();
        assertThat(dir.resolve("result.json")).isRegularFile();
        assertThat(run.stderr().subList(0, run.stderr().size() - 2))
                .as("only the runtime's own lines: no Flink warning, no stack trace")
                .allMatch(line -> line.matches("\\d\\d:\\d\\d:\\d\\d,\\d{3} (INFO|WARN) .*"))
                .noneMatch(line -> line.contains("Exception"));
        assertThat(run.stderr().subList(run.stderr().size() - 2, run.stderr().size()))
                .as("the run's summary, last")
                .allMatch(SummaryLines::isSummary);
        cli.assertNothingLeftInTheTempDirectory();
        assertThat(Files.readString(cli.log()))
                .as("Flink's own lines go to the log file")
                .contains("org.apache.flink.runtime.minicluster.MiniCluster");
    }

    /** A script slow enough to look at the running job: a row every 300 ms. */
    static Path slowPipeline(Path dir) throws IOException {
        StringBuilder script =
                new StringBuilder(
                        "events:\n  - type: create.table\n    table: db.t\n    columns:\n"
                                + "      - {name: id, type: INT NOT NULL}\n    primaryKeys: [id]\n");
        for (int id = 1; id <= 20; id++) {
            script.append("  - type: insert\n    table: db.t\n    rows: [[")
                    .append(id)
                    .append("]]\n");
        }
        Files.writeString(dir.resolve("slow.yaml"), script.toString());
        Path pipeline = dir.resolve("slow-pipeline.yaml");
        Files.writeString(
                pipeline,
                "source:\n  type: values\n  script: slow.yaml\n  event.delay.ms: 300\n"
                        + "sink:\n  type: values\npipeline:\n  name: web ui demo\n");
        return pipeline;
    }

    @Test
    void theEmbeddedRunServesFlinksWebUiAtTheAddressItPrints() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Process process =
                cli.startWithWebUi(slowPipeline(dir).toString(), "-D", "rest.port=" + port);
        String address = "http://127.0.0.1:" + port;
        assertThat(cli.awaitStderr("Web frontend listening at " + address, Duration.ofMinutes(1)))
                .contains("Web frontend listening at " + address + ".");
        String ui = CliProcess.get(address + "/");
        String jobs = CliProcess.get(address + "/jobs/overview");

        assertThat(process.waitFor(3, TimeUnit.MINUTES)).isTrue();
        assertThat(process.exitValue()).isZero();
        assertThat(ui).contains("<title>Apache Flink Web Dashboard</title>");
        assertThat(jobs).contains("\"name\":\"web ui demo\"");
    }

    /**
     * Flink serves its web UI whenever flink-runtime-web is on the classpath; bin/flink-cdc.sh
     * --no-web-ui leaves it off, as here.
     */
    @Test
    void noWebUiServesNone() throws Exception {
        CliProcess.Run run = cli.run(slowPipeline(dir).toString(), "--no-web-ui");

        assertThat(run.exitCode()).isZero();
        assertThat(run.stderr()).noneMatch(line -> line.contains("Web frontend listening"));
    }

    @Test
    void aFailingRunPrintsTheCauseAndWhereTheLogIsNotFlinksNoise() throws Exception {
        CliProcess.Run run =
                cli.run(
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
        assertThat(ownLines).hasSize(4);
        assertThat(ownLines.get(0))
                .startsWith(
                        "Pipeline failed: IOException: Insufficient number of network buffers:");
        assertThat(ownLines.get(1)).isEqualTo("The whole log is in " + cli.log() + ".");
        // How far the tasks that did start got before the failure varies from run to run.
        assertThat(ownLines.get(2)).matches("Run failed after [^:]*: .*written.*\\.");
        assertThat(ownLines.get(3)).matches("Schema changes(: none| of .*)\\.");
        assertThat(run.stderr()).noneMatch(line -> line.startsWith("\tat "));
        assertThat(Files.readString(cli.log())).contains("\tat ");
        cli.assertNothingLeftInTheTempDirectory();
    }
}
