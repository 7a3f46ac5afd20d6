package dev.schemaop.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URI;
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
        Process process = start(System.getProperty("java.class.path"), args);
        if (!process.waitFor(3, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("the run did not end in 3 minutes: " + List.of(args));
        }
        List<String> lines = Files.readAllLines(dir.resolve("stderr.txt"), StandardCharsets.UTF_8);
        System.err.println(String.join("\n", lines));
        return new Run(process.exitValue(), lines);
    }

    /** The command line's JVM, its stderr into stderr.txt. */
    private Process start(String classPath, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JAVA_OPENS);
        command.add("-Djava.io.tmpdir=" + tmp);
        command.add("-Dlog4j.configurationFile=" + PROJECT.resolve("conf/log4j-cli.properties"));
        command.add("-Dflink.cdc.log.file=" + log);
        command.add("-cp");
        command.add(classPath);
        command.add("dev.schemaop.cli.FlinkCdcCli");
        command.addAll(List.of(args));
        return new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(dir.resolve("stderr.txt").toFile())
                .start();
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

    /** A script slow enough to look at the running job: a row every 300 ms. */
    private Path slowPipeline() throws IOException {
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
        String classPath =
                System.getProperty("java.class.path")
                        + File.pathSeparator
                        + System.getProperty("flink.runtime.web.jar");
        Process process = start(classPath, slowPipeline().toString(), "-D", "rest.port=" + port);
        String address = "http://localhost:" + port;
        String printed = "";
        long deadline = System.currentTimeMillis() + 60_000;
        while (!printed.contains("Web frontend listening at " + address)
                && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
            printed = Files.readString(dir.resolve("stderr.txt"));
        }
        assertThat(printed).contains("Web frontend listening at " + address + ".");
        String ui = get(address + "/");
        String jobs = get(address + "/jobs/overview");

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
        Process process =
                start(
                        System.getProperty("java.class.path"),
                        slowPipeline().toString(),
                        "--no-web-ui");

        assertThat(process.waitFor(3, TimeUnit.MINUTES)).isTrue();
        assertThat(process.exitValue()).isZero();
        assertThat(Files.readString(dir.resolve("stderr.txt")))
                .doesNotContain("Web frontend listening");
    }

    /**
     * GET; a 503 is retried: the REST endpoint listens before its leader is elected, and answers
     * "service temporarily unavailable" until then.
     */
    private static String get(String url) throws IOException, InterruptedException {
        long deadline = System.currentTimeMillis() + 30_000;
        while (true) {
            HttpURLConnection connection =
                    (HttpURLConnection) URI.create(url).toURL().openConnection();
            try {
                if (connection.getResponseCode() != 503 || System.currentTimeMillis() > deadline) {
                    try (var in = connection.getInputStream()) {
                        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
                    }
                }
            } finally {
                connection.disconnect();
            }
            Thread.sleep(100);
        }
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
