package dev.schemaop.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * {@code flink-cdc.sh ARGS} in a JVM of its own, started as {@code bin/flink-cdc.sh} starts it: the
 * test's class path, the same {@code --add-opens}, the logging of {@code conf/log4j-cli.properties}
 * with the log file in {@code DIR/log/flink-cdc.log} ({@code FLINK_CDC_LOG_FILE}), run in {@code
 * DIR}; stdout and stderr go to {@code DIR/stdout.txt} and {@code DIR/stderr.txt}. It runs while
 * the test goes on (to reach its web UI, to change a server under it); {@link #waitFor} waits for
 * its end.
 */
public final class CliProcess implements AutoCloseable {
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

    private final Process process;
    private final Path dir;
    private final List<String> command;

    private CliProcess(Process process, Path dir, List<String> command) {
        this.process = process;
        this.dir = dir;
        this.command = command;
    }

    /**
     * Starts {@code mainClass ARGS} ({@code dev.schemaop.cli.FlinkCdcCli} for the command line).
     *
     * @param projectRoot the repository, whose {@code conf/log4j-cli.properties} it logs with
     */
    public static CliProcess start(Path projectRoot, Path dir, String mainClass, List<String> args)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JAVA_OPENS);
        command.add(
                "-Dlog4j.configurationFile=" + projectRoot.resolve("conf/log4j-cli.properties"));
        command.add("-Dflink.cdc.log.file=" + dir.resolve("log/flink-cdc.log"));
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass);
        command.addAll(args);
        Files.createDirectories(dir);
        Process process =
                new ProcessBuilder(command)
                        .directory(dir.toFile())
                        .redirectOutput(dir.resolve("stdout.txt").toFile())
                        .redirectError(dir.resolve("stderr.txt").toFile())
                        .start();
        return new CliProcess(process, dir, command);
    }

    /** The command line's own main class, run with {@code args}. */
    public static CliProcess flinkCdc(Path projectRoot, Path dir, List<String> args)
            throws IOException {
        return start(projectRoot, dir, "dev.schemaop.cli.FlinkCdcCli", args);
    }

    /**
     * Waits for the end; its stdout and stderr then go to this JVM's stderr for a failure's reader.
     *
     * @return the exit code
     * @throws AssertionError when it has not ended in time (it is then killed)
     */
    public int waitFor(Duration timeout) throws IOException, InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(
                    "the run did not end in " + timeout + ": " + command + "\n" + stderr());
        }
        System.err.println(stdout());
        System.err.println(stderr());
        return process.exitValue();
    }

    /** Kills the process as {@code kill -9} does (SIGKILL) and waits until it is gone. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public String stdout() throws IOException {
        return Files.readString(dir.resolve("stdout.txt"), StandardCharsets.UTF_8);
    }

    public String stderr() throws IOException {
        return Files.readString(dir.resolve("stderr.txt"), StandardCharsets.UTF_8);
    }

    /** Where {@code bin/flink-cdc.sh} sends the whole log ({@code FLINK_CDC_LOG_FILE}). */
    public Path logDirectory() {
        return dir.resolve("log");
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
        }
    }
}
