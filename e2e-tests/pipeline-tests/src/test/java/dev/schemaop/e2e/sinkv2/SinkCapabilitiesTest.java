package dev.schemaop.e2e.sinkv2;

import static dev.schemaop.e2e.sinkv2.RowsScript.rowEvents;
import static dev.schemaop.e2e.sinkv2.RowsScript.sorted;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.e2e.PipelineRun;
import dev.schemaop.testing.CliOutput;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;

/**
 * Connector sinks of every Sink v2 kind, run through the front door at parallelism 2 with
 * checkpoints: each keeps its capability behind the runtime's sink writer wrapper (SPEC §1), and
 * none of their writers sees a flush event.
 */
class SinkCapabilitiesTest {
    @TempDir Path dir;

    private final String run = UUID.randomUUID().toString();

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"committer", "two-phase"})
    void aCommittingSinkCommitsEveryRowOnce(String kind) throws IOException {
        Outcomes outcomes = runOk(kind);

        assertThat(sorted(outcomes.committed)).isEqualTo(rowEvents());
        assertThat(outcomes.flushEventsAtWriter).hasValue(0);
    }

    @Test
    void writerStateIsRestoredAfterAFailover() throws IOException {
        Outcomes outcomes = runOk("writer-state", "  fail.on.row: 120\n");

        assertThat(outcomes.restoredStates).as("restoreWriter calls").isNotEmpty();
        // The failing row comes after the second fence, so the restored checkpoint holds at
        // least the rows between the fences (RowsScript says why not only the first).
        assertThat(
                        outcomes.restoredStates.stream()
                                .flatMap(s -> s.stream())
                                .mapToInt(Integer::intValue)
                                .sum())
                .as("rows counted in the restored checkpoint")
                .isPositive();
        assertThat(outcomes.finalCounts.values().stream().mapToInt(Integer::intValue).sum())
                .as("rows counted by the last attempt's writers, the restored counts included")
                .isEqualTo(RowsScript.ROW_EVENTS);
        assertThat(outcomes.flushEventsAtWriter).hasValue(0);
    }

    @Test
    void aPreWriteTopologyRunsInFrontOfTheWriterAndPassesFlushEventsOn() throws IOException {
        Outcomes outcomes = runOk("pre-write");

        assertThat(sorted(outcomes.preWriteRows)).isEqualTo(rowEvents());
        assertThat(outcomes.preWriteFlushEvents.get())
                .as("flush events through the topology")
                .isPositive();
        assertThat(outcomes.writerFlushes.get())
                .as("flush(false) calls, one per flush event and per checkpoint")
                .isGreaterThanOrEqualTo(outcomes.preWriteFlushEvents.get());
        assertThat(sorted(outcomes.written)).isEqualTo(rowEvents());
        assertThat(outcomes.flushEventsAtWriter).hasValue(0);
    }

    @Test
    void aPreCommitTopologySeesEveryBatchBeforeItIsCommitted() throws IOException {
        Outcomes outcomes = runOk("pre-commit");

        assertThat(sorted(outcomes.preCommitRows)).isEqualTo(rowEvents());
        assertThat(sorted(outcomes.committed)).isEqualTo(rowEvents());
    }

    @Test
    void aPostCommitTopologySeesEveryCommittedBatch() throws IOException {
        Outcomes outcomes = runOk("post-commit");

        assertThat(sorted(outcomes.committed)).isEqualTo(rowEvents());
        assertThat(sorted(outcomes.postCommitRows)).isEqualTo(rowEvents());
    }

    private Outcomes runOk(String kind) throws IOException {
        return runOk(kind, "");
    }

    private Outcomes runOk(String kind, String sinkOptions) throws IOException {
        PipelineRun result =
                PipelineRun.withRestarts(
                        dir,
                        pipeline(kind, sinkOptions),
                        "100ms",
                        "--jar",
                        TestConnectorJar.in(dir).toString());
        assertThat(result.exitCode).as("stderr:\n%s", result.stderr).isZero();
        return Outcomes.of(run);
    }

    @Test
    void checkNamesASinkThatCannotDescribeItsTablesAndDoesNotGuess() throws IOException {
        Path pipeline = dir.resolve("check.yaml");
        Files.writeString(pipeline, pipeline("pre-commit", ""));

        CliOutput check =
                CliOutput.of(
                        "check",
                        "--jar",
                        TestConnectorJar.in(dir).toString(),
                        "-D",
                        "execution.checkpointing.interval=100ms", // the script has fences
                        pipeline.toString());

        assertThat(check.stdout())
                .contains(
                        "The 'sinkv2-test' sink cannot describe its tables (its MetadataApplier"
                                + " does not implement ExistingTableSchemaExpansionSupport)")
                .contains("  unknown       db.rows  <- db.rows\n")
                .endsWith(
                        "Cannot tell whether a start would succeed: a connector could not describe"
                                + " its tables (above); none is known to fail: 1 sink table (1"
                                + " unknown).\n");
        assertThat(check.exitCode()).isZero();
        assertThat(Outcomes.of(run).preWriteRows).as("nothing ran").isEmpty();
    }

    private String pipeline(String kind, String sinkOptions) throws IOException {
        return "source:\n"
                + "  type: values\n"
                + "  script: "
                + RowsScript.write(dir)
                + "\n"
                + "  splits: 2\n"
                + "sink:\n"
                + "  type: "
                + TestSinkFactory.IDENTIFIER
                + "\n"
                + "  kind: "
                + kind
                + "\n"
                + "  run: "
                + run
                + "\n"
                + sinkOptions
                + "pipeline:\n"
                + "  parallelism: 2\n"
                + "  schema.change.behavior: evolve\n";
    }
}
