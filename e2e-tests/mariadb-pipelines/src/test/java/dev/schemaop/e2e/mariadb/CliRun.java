package dev.schemaop.e2e.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.cli.FlinkCdcCli;
import dev.schemaop.testing.SummaryLines;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Runs a pipeline through the real command line, {@code flink-cdc.sh}'s main class, on the embedded
 * MiniCluster, and captures its exit code and stderr. The mariadb and JDBC connectors are test
 * dependencies of this module, so the command line finds them on the class path without {@code
 * --jar}.
 */
public final class CliRun {
    public final int exitCode;

    /** What the run printed on stderr but its closing summary (cli.RunSummary). */
    public final String stderr;

    public final Path pipelineFile;

    private CliRun(int exitCode, String printed, Path pipelineFile) {
        this.exitCode = exitCode;
        this.stderr = SummaryLines.without(printed);
        this.pipelineFile = pipelineFile;
    }

    /**
     * Writes {@code pipelineYaml} into {@code dir} as pipeline.yaml and runs it, with further
     * arguments ({@code --jar}, {@code -D}).
     */
    public static CliRun run(Path dir, String pipelineYaml, String... args) throws IOException {
        Path pipeline = dir.resolve("pipeline.yaml");
        Files.writeString(pipeline, pipelineYaml);
        List<String> all = new ArrayList<>(List.of(args));
        if (all.stream().noneMatch(a -> a.startsWith("execution.checkpointing.dir="))) {
            // The command runs in this module's directory: its default, checkpoints/<name> there,
            // would be shared by every test's pipeline of the same name.
            all.addAll(
                    List.of(
                            "-D",
                            "execution.checkpointing.dir=" + dir.resolve("checkpoints").toUri()));
        }
        if (all.stream().noneMatch(a -> a.startsWith("execution.checkpointing.interval="))) {
            // These tests were written for runs without checkpoints, hence without Flink's
            // restarts (with checkpointing on, Flink restarts a failed job by default): they
            // check the message of the first failure. ProcessCrashResumeTest checkpoints.
            all.addAll(List.of("-D", "execution.checkpointing.interval=0"));
        }
        all.add(pipeline.toString());
        PrintStream originalErr = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit;
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            exit = FlinkCdcCli.execute(all.toArray(new String[0]));
        } finally {
            System.setErr(originalErr);
        }
        String stderr = err.toString(StandardCharsets.UTF_8);
        originalErr.print(stderr);
        return new CliRun(exit, stderr, pipeline);
    }

    /**
     * The same on a thread of its own, for a pipeline that reads the binlog and so ends only when
     * it fails: the test changes the server meanwhile.
     */
    public static CompletableFuture<CliRun> start(Path dir, String pipelineYaml, String... args) {
        CompletableFuture<CliRun> run = new CompletableFuture<>();
        Thread thread =
                new Thread(
                        () -> {
                            try {
                                run.complete(run(dir, pipelineYaml, args));
                            } catch (Throwable e) {
                                run.completeExceptionally(e);
                            }
                        },
                        "flink-cdc.sh");
        thread.setDaemon(true);
        thread.start();
        return run;
    }

    /** {@code file:line: } of the line of the pipeline file that starts with {@code prefix}. */
    public String at(String prefix) throws IOException {
        int line = 1;
        for (String text : Files.readAllLines(pipelineFile)) {
            if (text.startsWith(prefix)) {
                return pipelineFile + ":" + line + ": ";
            }
            line++;
        }
        throw new AssertionError("no line starting with '" + prefix + "' in " + pipelineFile);
    }

    /** No stack trace frames and no exception or error class names on stderr. */
    public static void assertNoStackTrace(String stderr) {
        assertThat(stderr).as("stderr must hold no stack trace").doesNotContain("\tat ");
        assertThat(stderr).as("stderr must name no exception class").doesNotContain("Exception");
        assertThat(stderr)
                .as("stderr must name no error class")
                .doesNotContainPattern("\\b[A-Z]\\w+Error\\b");
    }
}
