package dev.schemaop.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.api.PipelineConfigException;
import dev.schemaop.pipeline.definition.PipelineDefinition;
import dev.schemaop.pipeline.definition.PipelineDefinitionParser;

import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.core.execution.RestoreMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/** Where an embedded run keeps its checkpoints and which one a start resumes from (issue 28). */
class PipelineCheckpointsTest {
    private static final String JOB_A = "a".repeat(32);
    private static final String JOB_B = "0123456789abcdef0123456789abcdef";

    @TempDir Path work;

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(printed, true, StandardCharsets.UTF_8);

    private static PipelineDefinition definition(String tables, String url) {
        return new PipelineDefinitionParser()
                .parse(
                        "source:\n  type: mariadb\n  hostname: db1\n  port: 3306\n  tables: "
                                + tables
                                + "\n  server-id: 5401\nsink:\n  type: postgres\n  url: "
                                + url
                                + "\n  sink.buffer-flush.interval: 1s\n"
                                + "pipeline:\n  name: Orders to the lake\n",
                        "pipeline.yaml",
                        Map.of());
    }

    private static final PipelineDefinition ORDERS =
            definition("app.orders", "jdbc:postgresql://pg/lake?password=hunter2");

    private PipelineCheckpoints checkpoints(PipelineDefinition definition, Configuration flink) {
        return PipelineCheckpoints.of(definition, flink, work).orElseThrow();
    }

    private Path checkpoint(String job, int n, Instant completed) throws IOException {
        Path chk = work.resolve("checkpoints/Orders_to_the_lake").resolve(job).resolve("chk-" + n);
        Files.createDirectories(chk);
        Path metadata = chk.resolve("_metadata");
        Files.write(metadata, new byte[] {1});
        Files.setLastModifiedTime(metadata, FileTime.from(completed));
        return chk;
    }

    @Test
    void theDirectoryIsNamedAfterThePipelineUnderTheWorkingDirectory() {
        assertThat(checkpoints(ORDERS, new Configuration()).directory())
                .isEqualTo(work.resolve("checkpoints/Orders_to_the_lake"));
        assertThat(PipelineCheckpoints.directoryName("a/b\\c:d*e")).isEqualTo("a_b_c_d_e");
        assertThat(PipelineCheckpoints.directoryName("..")).isEqualTo("_");

        Configuration named = new Configuration();
        named.set(
                CheckpointingOptions.CHECKPOINTS_DIRECTORY,
                work.resolve("mine").toUri().toString());
        assertThat(checkpoints(ORDERS, named).directory()).isEqualTo(work.resolve("mine"));

        Configuration remote = new Configuration();
        remote.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, "s3://bucket/checkpoints");
        assertThat(PipelineCheckpoints.of(ORDERS, remote, work)).isEmpty();
    }

    @Test
    void aStartResumesFromTheNewestCompleteCheckpointAndDeletesWhatOnlyOtherRunsNeed()
            throws IOException {
        Instant t = Instant.parse("2026-12-05T10:00:00Z");
        checkpoint(JOB_A, 7, t);
        Path newest = checkpoint(JOB_B, 2, t.plusSeconds(60));
        Files.createDirectories(newest.resolveSibling("chk-3")); // no _metadata: not complete
        Path logs = work.resolve("checkpoints/Orders_to_the_lake/schema-registry");
        Files.createDirectories(logs.resolve(JOB_A));
        Files.createDirectories(logs.resolve(JOB_B));
        Path history = work.resolve("checkpoints/Orders_to_the_lake/schema-history");
        Files.createDirectories(history);
        Files.writeString(history.resolve(JOB_A + ".jsonl"), "{}\n");
        Configuration flink = new Configuration();

        checkpoints(ORDERS, flink).beforeStart(flink, false, true, err);

        assertThat(flink.get(StateRecoveryOptions.SAVEPOINT_PATH)).isEqualTo(newest.toString());
        assertThat(printed.toString(StandardCharsets.UTF_8))
                .startsWith(
                        "Resuming from checkpoint 2 of an earlier run (" + newest + ", completed ")
                .endsWith("); --fresh starts over.\n");
        assertThat(newest.getParent().getParent().resolve(JOB_A)).doesNotExist();
        assertThat(logs.resolve(JOB_A)).doesNotExist();
        assertThat(logs.resolve(JOB_B)).isDirectory();
        assertThat(history.resolve(JOB_A + ".jsonl")).as("the decision history stays").exists();
    }

    @Test
    void withoutACompleteCheckpointAStartStartsFromTheBeginning() throws IOException {
        Files.createDirectories(work.resolve("checkpoints/Orders_to_the_lake").resolve(JOB_A));
        Configuration flink = new Configuration();

        checkpoints(ORDERS, flink).beforeStart(flink, false, true, err);

        assertThat(flink.getOptional(StateRecoveryOptions.SAVEPOINT_PATH)).isEmpty();
        assertThat(printed.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void aCheckpointNamedWithSIsLeftAsItIs() throws IOException {
        Path old = checkpoint(JOB_A, 7, Instant.now());
        Configuration flink = new Configuration();
        flink.set(StateRecoveryOptions.SAVEPOINT_PATH, "/elsewhere/chk-1");

        checkpoints(ORDERS, flink).beforeStart(flink, false, true, err);

        assertThat(flink.get(StateRecoveryOptions.SAVEPOINT_PATH)).isEqualTo("/elsewhere/chk-1");
        assertThat(old).exists();
    }

    @Test
    void freshDeletesTheCheckpointsOfEarlierRuns() throws IOException {
        Path old = checkpoint(JOB_A, 7, Instant.now());
        PipelineCheckpoints checkpoints = checkpoints(ORDERS, new Configuration());
        checkpoints.checkpointing(Duration.ofSeconds(10), err);
        printed.reset();
        Configuration flink = new Configuration();

        checkpoints.beforeStart(flink, true, true, err);

        assertThat(flink.getOptional(StateRecoveryOptions.SAVEPOINT_PATH)).isEmpty();
        assertThat(old.getParent()).doesNotExist();
        assertThat(checkpoints.directory().resolve(PipelineIdentity.FILE)).doesNotExist();
        assertThat(printed.toString(StandardCharsets.UTF_8))
                .isEqualTo(
                        "Starting over (--fresh): deleted the checkpoints of 1 earlier run in "
                                + checkpoints.directory()
                                + ".\n");
    }

    @Test
    void checkpointsOfAnotherPipelineAreRefusedWithTheDifferenceAndTheWaysOut() throws IOException {
        Path old = checkpoint(JOB_A, 7, Instant.now());
        checkpoints(ORDERS, new Configuration()).checkpointing(Duration.ofSeconds(10), err);
        assertThat(printed.toString(StandardCharsets.UTF_8))
                .isEqualTo(
                        "Checkpoints go to "
                                + work.resolve("checkpoints/Orders_to_the_lake")
                                + " every 10 s; a later start of this pipeline resumes from the"
                                + " newest.\n");
        PipelineDefinition other = definition("shop.orders", "jdbc:postgresql://pg/lake2");
        Configuration flink = new Configuration();

        assertThatThrownBy(() -> checkpoints(other, flink).beforeStart(flink, false, true, err))
                .isExactlyInstanceOf(PipelineConfigException.class)
                .hasMessage(
                        "The checkpoints in "
                                + work.resolve("checkpoints/Orders_to_the_lake")
                                + " were taken for another pipeline than this definition (sink"
                                + " url: 'jdbc:postgresql://pg/lake?password=***' then,"
                                + " 'jdbc:postgresql://pg/lake2' now; source tables: 'app.orders'"
                                + " then, 'shop.orders' now): their positions and state do not"
                                + " fit it. Start over with --fresh (the checkpoints there are"
                                + " deleted; the source reads from its start, as on a first run),"
                                + " restore a checkpoint of your choice with -s "
                                + old
                                + " if it does fit, or, when the checkpoints are another"
                                + " pipeline's, give this one a pipeline.name or -D"
                                + " execution.checkpointing.dir of its own.");
        assertThat(flink.getOptional(StateRecoveryOptions.SAVEPOINT_PATH)).isEmpty();
        assertThat(old).exists();
    }

    @Test
    void optionsThatTuneARunMayChange() throws IOException {
        Path old = checkpoint(JOB_A, 7, Instant.now());
        checkpoints(ORDERS, new Configuration()).checkpointing(Duration.ofSeconds(10), err);
        PipelineDefinition tuned =
                new PipelineDefinitionParser()
                        .parse(
                                "source:\n  type: mariadb\n  hostname: db1\n  port: 3306\n"
                                        + "  tables: app.orders\n  server-id: 5999\nsink:\n"
                                        + "  type: postgres\n  url:"
                                        + " jdbc:postgresql://pg/lake?password=other\n"
                                        + "pipeline:\n  name: Orders to the lake\n"
                                        + "  parallelism: 2\n",
                                "pipeline.yaml",
                                Map.of());
        Configuration flink = new Configuration();

        checkpoints(tuned, flink).beforeStart(flink, false, true, err);

        assertThat(flink.get(StateRecoveryOptions.SAVEPOINT_PATH)).isEqualTo(old.toString());
    }

    /**
     * A run that restored the newest checkpoint and died before it took one of its own may have
     * changed the sink: its registry log, not the one of the checkpoint's run, is continued.
     */
    @Test
    void theLogOfARunThatDiedBeforeItsFirstCheckpointIsTheOneContinued() throws IOException {
        Instant t = Instant.parse("2026-12-05T10:00:00Z");
        checkpoint(JOB_A, 3, t);
        Path logs = work.resolve("checkpoints/Orders_to_the_lake/schema-registry");
        Path oldLog = Files.createDirectories(logs.resolve(JOB_A).resolve("op"));
        Files.writeString(oldLog.resolve("log-1"), "what run A applied");
        Files.setLastModifiedTime(oldLog.resolve("log-1"), FileTime.from(t.minusSeconds(1)));
        Files.createDirectories(work.resolve("checkpoints/Orders_to_the_lake").resolve(JOB_B));
        Path laterLog = Files.createDirectories(logs.resolve(JOB_B).resolve("op"));
        Files.writeString(laterLog.resolve("log-1"), "what run A applied, and run B after it");
        Files.setLastModifiedTime(laterLog.resolve("log-1"), FileTime.from(t.plusSeconds(5)));
        Configuration flink = new Configuration();

        try (PipelineCheckpoints checkpoints = checkpoints(ORDERS, flink)) {
            checkpoints.beforeStart(flink, false, true, err);
        }

        assertThat(flink.get(StateRecoveryOptions.SAVEPOINT_PATH)).endsWith(JOB_A + "/chk-3");
        assertThat(Files.readString(logs.resolve(JOB_A).resolve("op/log-1")))
                .isEqualTo("what run A applied, and run B after it");
        assertThat(logs.resolve(JOB_B)).doesNotExist();
    }

    @Test
    void aRunThatTakesNoCheckpointsDoesNotResume() throws IOException {
        checkpoint(JOB_A, 3, Instant.now());
        Configuration flink = new Configuration();

        try (PipelineCheckpoints checkpoints = checkpoints(ORDERS, flink)) {
            checkpoints.beforeStart(flink, false, false, err);
        }

        assertThat(flink.getOptional(StateRecoveryOptions.SAVEPOINT_PATH)).isEmpty();
    }

    @Test
    void underClaimModeTheOtherRunsAreLeftAlone() throws IOException {
        Instant t = Instant.parse("2026-12-05T10:00:00Z");
        Path older = checkpoint(JOB_A, 3, t);
        checkpoint(JOB_B, 1, t.plusSeconds(9));
        Configuration flink = new Configuration();
        flink.set(StateRecoveryOptions.RESTORE_MODE, RestoreMode.CLAIM);

        try (PipelineCheckpoints checkpoints = checkpoints(ORDERS, flink)) {
            checkpoints.beforeStart(flink, false, true, err);
        }

        assertThat(older).exists();
    }

    @Test
    void oneRunAtATimeHoldsTheDirectory() throws IOException {
        Configuration flink = new Configuration();
        try (PipelineCheckpoints first = checkpoints(ORDERS, flink)) {
            first.beforeStart(flink, false, true, err);

            assertThatThrownBy(
                            () -> checkpoints(ORDERS, flink).beforeStart(flink, false, true, err))
                    .isExactlyInstanceOf(PipelineConfigException.class)
                    .hasMessage(
                            "Another run uses the checkpoint directory "
                                    + first.directory()
                                    + " (a run of the same pipeline.name from this directory, or"
                                    + " with the same -D execution.checkpointing.dir). Wait for it"
                                    + " to end, or give this run a pipeline.name or -D"
                                    + " execution.checkpointing.dir of its own.");
        }
        try (PipelineCheckpoints next = checkpoints(ORDERS, flink)) {
            next.beforeStart(flink, false, true, err); // the first one's end let it go
        }
    }
}
