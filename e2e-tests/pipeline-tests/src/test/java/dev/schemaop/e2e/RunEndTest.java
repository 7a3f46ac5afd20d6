package dev.schemaop.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * How an embedded run ends (issue 23): a summary, success or failure (duration, rows written per
 * sink table, schema changes by outcome), and, when interrupted (Ctrl-C), one line on what the sink
 * holds and where to resume.
 */
class RunEndTest {
    private static final String TOOK = "(\\d+ ms|\\d+\\.\\d s)";

    /** A line of the run's log (log4j's console layout: time, level), not of the command line. */
    private static final Pattern LOG_LINE = Pattern.compile("\\d\\d:\\d\\d:\\d\\d,\\d{3} +[A-Z]+ ");

    @TempDir Path dir;

    /** Two tables: three rows and an added column into db.a, two rows and a truncate into db.b. */
    private String pipeline(String behavior, String sinkOptions) throws IOException {
        Files.writeString(
                dir.resolve("script.yaml"),
                "events:\n"
                        + "  - {type: create.table, table: db.a, columns: [{name: id, type: INT"
                        + " NOT NULL}], primaryKeys: [id]}\n"
                        + "  - {type: create.table, table: db.b, columns: [{name: id, type: INT"
                        + " NOT NULL}], primaryKeys: [id]}\n"
                        + "  - {type: insert, table: db.a, rows: [[1], [2], [3]]}\n"
                        + "  - {type: insert, table: db.b, rows: [[1], [2]]}\n"
                        + "  - {type: add.column, table: db.a, columns: [{name: v, type: INT}]}\n"
                        + "  - {type: insert, table: db.a, rows: [[4, 40]]}\n"
                        + "  - {type: truncate.table, table: db.b}\n");
        return "source:\n  type: values\n  script: script.yaml\nsink:\n  type: values\n"
                + "  output.path: "
                + dir.resolve("result.json")
                + "\n"
                + sinkOptions
                + "pipeline:\n  schema.change.behavior: "
                + behavior
                + "\n";
    }

    @Test
    void aFinishedRunEndsWithItsSummary() throws Exception {
        PipelineRun run = PipelineRun.run(dir, pipeline("lenient", ""));

        assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isZero();
        assertThat(run.summary)
                .satisfiesExactly(
                        line ->
                                assertThat(line)
                                        .matches(
                                                "Run finished in "
                                                        + TOOK
                                                        + ": 6 rows written into 2 sink tables"
                                                        + " \\(db.a 4, db.b 2\\)\\."),
                        line ->
                                assertThat(line)
                                        .isEqualTo(
                                                "Schema changes of 2 upstream tables: 3 applied, 0"
                                                        + " converted, 1 skipped, 0 rejected, 0"
                                                        + " failed."));
    }

    @Test
    void aRejectedChangeEndsTheRunAndItsSummarySaysSo() throws Exception {
        PipelineRun run = PipelineRun.run(dir, pipeline("exception", ""));

        assertThat(run.exitCode).isEqualTo(1);
        assertThat(run.stderr)
                .startsWith("Pipeline failed: Schema change add.column of table db.a");
        assertThat(run.summary)
                .satisfiesExactly(
                        line ->
                                assertThat(line)
                                        .matches(
                                                "Run failed after "
                                                        + TOOK
                                                        + ": 5 rows written into 2 sink tables"
                                                        + " \\(db.a 3, db.b 2\\)\\."),
                        line ->
                                assertThat(line)
                                        .isEqualTo(
                                                "Schema changes of 2 upstream tables: 2 applied, 0"
                                                        + " converted, 0 skipped, 1 rejected, 0"
                                                        + " failed."));
    }

    @Test
    void aChangeTheSinkFailsToApplyIsCountedAsFailed() throws Exception {
        PipelineRun run =
                PipelineRun.run(
                        dir,
                        pipeline("evolve", "  error.on.schema.change: true\n"),
                        "-D",
                        "restart-strategy.type=none");

        assertThat(run.exitCode).isEqualTo(1);
        assertThat(run.summary)
                .satisfiesExactly(
                        line ->
                                assertThat(line)
                                        .matches(
                                                "Run failed after "
                                                        + TOOK
                                                        + ": 5 rows written into 2 sink tables"
                                                        + " \\(db.a 3, db.b 2\\)\\."),
                        line ->
                                assertThat(line)
                                        .isEqualTo(
                                                "Schema changes of 2 upstream tables: 2 applied, 0"
                                                        + " converted, 0 skipped, 0 rejected, 1"
                                                        + " failed."));
    }

    /**
     * Ctrl-C (SIGINT) once a checkpoint completed: exit 130 and one line; the same command again
     * resumes the pipeline from the checkpoint it names to its end.
     */
    @Test
    void anInterruptedRunSaysWhatTheSinkHoldsAndWhereToResume() throws Exception {
        CliProcess cli = new CliProcess(dir);
        Path pipeline = CommandLineProcessTest.slowPipeline(dir);
        Path checkpoints = dir.resolve("checkpoints");
        String[] options = {
            "-D",
            "execution.checkpointing.interval=200ms",
            "-D",
            "execution.checkpointing.dir=" + checkpoints.toUri()
        };
        Process process =
                cli.start(
                        Stream.concat(Stream.of(pipeline.toString()), Stream.of(options))
                                .toArray(String[]::new));
        awaitACheckpoint(checkpoints);
        new ProcessBuilder("kill", "-INT", String.valueOf(process.pid())).start().waitFor();
        CliProcess.Run interrupted = cli.awaitEnd(process);

        assertThat(interrupted.exitCode()).isEqualTo(130);
        // The job's threads may still log a line after the shutdown hook printed its own (CI
        // once saw the sink's create of the table logged last): the hook's line is the last one
        // that is not a log line.
        String last =
                interrupted.stderr().stream()
                        .filter(line -> !LOG_LINE.matcher(line).lookingAt())
                        .reduce((first, second) -> second)
                        .orElse("");
        assertThat(last)
                .matches(
                        "Interrupted after "
                                + TOOK
                                + ": the job stopped where it was\\. The sink holds every row"
                                + " written so far, the last batch maybe in part\\. Start it again"
                                + " with the same command to resume from its last checkpoint, "
                                + checkpoints
                                + "/[0-9a-f]{32}/chk-\\d+ \\(bin/flink-cdc\\.sh "
                                + pipeline
                                + " with the same options, without --fresh or -s\\)\\.");
        assertThat(interrupted.stderr()).noneMatch(line -> line.startsWith("Pipeline failed"));
        String checkpoint =
                last.substring(last.indexOf("checkpoint, ") + 12, last.indexOf(" (bin/"));

        CliProcess resumed = new CliProcess(dir.resolve("resumed"));
        CliProcess.Run end =
                resumed.run(
                        Stream.concat(Stream.of(pipeline.toString()), Stream.of(options))
                                .toArray(String[]::new));
        assertThat(end.exitCode()).as("stderr: %s", end.stderr()).isZero();
        assertThat(end.stderr())
                .anyMatch(
                        line ->
                                line.startsWith(
                                        "Resuming from checkpoint "
                                                + checkpoint.substring(
                                                        checkpoint.lastIndexOf("chk-") + 4)
                                                + " of an earlier run ("
                                                + checkpoint
                                                + ", completed "));
        assertThat(end.stderr()).anyMatch(line -> line.startsWith("Run finished in "));
    }

    private static void awaitACheckpoint(Path checkpoints) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (!hasACompletedCheckpoint(checkpoints)) {
            assertThat(System.nanoTime()).as("a checkpoint completes").isLessThan(deadline);
            Thread.sleep(100);
        }
    }

    private static boolean hasACompletedCheckpoint(Path checkpoints) throws IOException {
        if (!Files.isDirectory(checkpoints)) {
            return false;
        }
        try (Stream<Path> files = Files.walk(checkpoints)) {
            return files.anyMatch(f -> f.getFileName().toString().equals("_metadata"));
        }
    }
}
