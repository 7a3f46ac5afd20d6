package dev.schemaop.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.testing.RecoveryLines;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A job that fails and is restarted says so on the console (issue 23): a line per failure with its
 * cause, a line per restart, as they happen; the failure that ends a job is the run's own message,
 * said once. The values source's readers throw at the listed event numbers, counted over every
 * attempt ({@code fail.at.events}).
 */
class FailuresOnTheConsoleTest {
    private static final String TASK =
            "Source: values -> SchemaOperator -> SinkInput -> Sink: values: Writer \\(1/1\\)";
    private static final List<String> ROWS = List.of("id=1", "id=2", "id=3", "id=4");

    @TempDir Path dir;

    /**
     * Four rows, 100 ms apart (so that a failure is not within the moment the schema registry
     * answers the create); with {@code fence}, a completed checkpoint between the second and the
     * third.
     */
    private String pipeline(String failAt, boolean fence) throws IOException {
        Files.writeString(
                dir.resolve("rows.yaml"),
                "events:\n"
                        + "  - {type: create.table, table: db.t, columns: [{name: id, type: INT"
                        + " NOT NULL}], primaryKeys: [id]}\n"
                        + "  - {type: insert, table: db.t, rows: [[1], [2]]}\n"
                        + (fence ? "  - checkpoint\n" : "")
                        + "  - {type: insert, table: db.t, rows: [[3], [4]]}\n");
        return "source:\n  type: values\n  script: rows.yaml\n  event.delay.ms: 100\n  fail.at.events: \""
                + failAt
                + "\"\nsink:\n  type: values\n  output.path: "
                + dir.resolve("result.json")
                + "\n";
    }

    private static String failure(int number, int event) {
        return RecoveryLines.failure(
                number,
                TASK,
                "IllegalStateException: Injected failure of values source reader 0 at event "
                        + event
                        + " \\(option fail.at.events\\)");
    }

    private static List<String> ownLines(PipelineRun run) {
        return run.stderr.lines().filter(l -> !l.startsWith("Warning")).toList();
    }

    @Test
    void eachFailureAndRestartIsOneLineWithItsCause() throws Exception {
        PipelineRun run =
                PipelineRun.run(
                        dir,
                        pipeline("2,5", false),
                        "-D",
                        "restart-strategy.type=fixed-delay",
                        "-D",
                        "restart-strategy.fixed-delay.attempts=3",
                        "-D",
                        "restart-strategy.fixed-delay.delay=300ms");

        assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isZero();
        assertThat(ownLines(run))
                .satisfiesExactly(
                        line -> assertThat(line).matches(failure(1, 2)),
                        line ->
                                assertThat(line)
                                        .matches(
                                                RecoveryLines.restart(
                                                        1, RecoveryLines.FROM_THE_START)),
                        line -> assertThat(line).matches(failure(2, 5)),
                        line ->
                                assertThat(line)
                                        .matches(
                                                RecoveryLines.restart(
                                                        2, RecoveryLines.FROM_THE_START)));
        assertThat(run.rows("db.t")).isEqualTo(ROWS);
    }

    @Test
    void aRestartSaysTheCheckpointItRestoredFrom() throws Exception {
        PipelineRun run = PipelineRun.withRestarts(dir, pipeline("4", true), "100ms");

        assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isZero();
        assertThat(ownLines(run))
                .satisfiesExactly(
                        line -> assertThat(line).matches(failure(1, 4)),
                        line ->
                                assertThat(line)
                                        .matches(
                                                RecoveryLines.restart(
                                                        1, RecoveryLines.FROM_A_CHECKPOINT)));
        assertThat(run.rows("db.t")).isEqualTo(ROWS);
    }

    @Test
    void theFailureThatEndsTheJobIsTheRunsOwnMessageOnly() throws Exception {
        PipelineRun run =
                PipelineRun.run(
                        dir,
                        pipeline("2,5", false),
                        "-D",
                        "restart-strategy.type=fixed-delay",
                        "-D",
                        "restart-strategy.fixed-delay.attempts=1",
                        "-D",
                        "restart-strategy.fixed-delay.delay=300ms");

        assertThat(run.exitCode).isEqualTo(1);
        assertThat(ownLines(run))
                .satisfiesExactly(
                        line -> assertThat(line).matches(failure(1, 2)),
                        line ->
                                assertThat(line)
                                        .matches(
                                                RecoveryLines.restart(
                                                        1, RecoveryLines.FROM_THE_START)),
                        line ->
                                assertThat(line)
                                        .isEqualTo(
                                                "Pipeline failed: IllegalStateException: Injected"
                                                        + " failure of values source reader 0 at"
                                                        + " event 5 (option fail.at.events)"));
    }
}
