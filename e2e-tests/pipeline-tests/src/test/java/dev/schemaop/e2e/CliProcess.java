package dev.schemaop.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The command line as a user meets it: a JVM of its own, with the logging configuration of {@code
 * bin/flink-cdc.sh} ({@code conf/log4j-cli.properties}), its stderr in a file, and a temp directory
 * of its own, so that what a run prints and what it leaves behind can be seen.
 */
final class CliProcess {
    static final Path PROJECT = Path.of("").toAbsolutePath().resolve("../..").normalize();

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

    record Run(int exitCode, List<String> stderr) {}

    private final Path dir;
    private final Path tmp;
    private final Path log;
    private final Path stderr;

    /** A command line whose files (temp directory, log, stderr) are under {@code dir}. */
    CliProcess(Path dir) throws IOException {
        this.dir = dir;
        this.tmp = Files.createDirectories(dir.resolve("tmp"));
        this.log = dir.resolve("log/flink-cdc.log");
        this.stderr = dir.resolve("stderr.txt");
    }

    /** The run's java.io.tmpdir. */
    Path tmp() {
        return tmp;
    }

    /** Where the run's log file goes (bin/flink-cdc.sh: log/flink-cdc.log). */
    Path log() {
        return log;
    }

    /** Runs the command line to its end (at most 3 minutes), without a web UI on the classpath. */
    Run run(String... args) throws IOException, InterruptedException {
        return awaitEnd(start(args));
    }

    Run awaitEnd(Process process) throws IOException, InterruptedException {
        if (!process.waitFor(3, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("the run did not end in 3 minutes; stderr:\n" + stderr());
        }
        List<String> lines = Files.readAllLines(stderr, StandardCharsets.UTF_8);
        System.err.println(String.join("\n", lines));
        return new Run(process.exitValue(), lines);
    }

    /** The command line's JVM, without flink-runtime-web (as bin/flink-cdc.sh --no-web-ui). */
    Process start(String... args) throws IOException {
        return start(System.getProperty("java.class.path"), args);
    }

    /** The command line's JVM with flink-runtime-web on its classpath, as bin/flink-cdc.sh. */
    Process startWithWebUi(String... args) throws IOException {
        return start(
                System.getProperty("java.class.path")
                        + File.pathSeparator
                        + System.getProperty("flink.runtime.web.jar"),
                args);
    }

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
                .directory(dir.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(stderr.toFile())
                .start();
    }

    /** What the command line printed on stderr so far. */
    String stderr() throws IOException {
        return Files.exists(stderr) ? Files.readString(stderr, StandardCharsets.UTF_8) : "";
    }

    /** Waits until stderr holds {@code text}; fails after {@code timeout}. */
    String awaitStderr(String text, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        String printed = stderr();
        while (!printed.contains(text)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("stderr did not show '" + text + "':\n" + printed);
            }
            Thread.sleep(100);
            printed = stderr();
        }
        return printed;
    }

    /**
     * GET; a 503 is retried: the REST endpoint listens before its leader is elected, and answers
     * "service temporarily unavailable" until then.
     */
    static String get(String url) throws IOException, InterruptedException {
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

    void assertNothingLeftInTheTempDirectory() throws IOException {
        try (Stream<Path> left = Files.list(tmp)) {
            assertThat(left).as("what the run left in its temp directory").isEmpty();
        }
    }
}
