package dev.schemaop.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * SPEC §8 {@code -s/--from-savepoint}: a job fails on a schema change; a new submission restored
 * from its retained checkpoint goes on from there. The change applied before the checkpoint is not
 * applied again (G6 across submissions), the failed one is applied once, and every row ends in the
 * sink once, in the final shape. The values sink keeps its tables across the two submissions
 * (keep.existing), as a database would.
 */
class SavepointRestoreTest {
    @TempDir Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"the same definition", "an edited definition"})
    void aNewSubmissionFromARetainedCheckpointContinuesWithoutReapplyingDdl(String resubmitted)
            throws Exception {
        Path script = Pipelines.script(dir, "savepoint.yaml");
        Path checkpoints = dir.resolve("checkpoints");

        PipelineRun failed =
                PipelineRun.run(
                        dir,
                        pipeline(script),
                        "-D",
                        "execution.checkpointing.interval=100ms",
                        "-D",
                        "execution.checkpointing.externalized-checkpoint-retention=RETAIN_ON_CANCELLATION",
                        "-D",
                        "state.checkpoints.dir=" + checkpoints.toUri(),
                        "-D",
                        "restart-strategy.type=none");
        assertThat(failed.exitCode).as("stderr:\n%s", failed.stderr).isEqualTo(1);
        assertThat(failed.stderr).contains("injected failure before applying AlterColumnTypeEvent");

        Path retained = latestCheckpoint(checkpoints);
        PipelineRun resumed =
                PipelineRun.run(
                        dir,
                        resubmitted.equals("the same definition")
                                ? pipeline(script)
                                : pipeline(script)
                                        .replace("  name: savepoint test\n", "  name: edited\n"),
                        "-s",
                        retained.toUri().toString(),
                        // the script has checkpoint fences, which need checkpoints (issue 9)
                        "-D",
                        "execution.checkpointing.interval=100ms");

        assertThat(resumed.exitCode).as("stderr:\n%s", resumed.stderr).isZero();
        assertThat(resumed.schemaChanges())
                .as("the sink's DDL over both runs: nothing applied twice")
                .containsExactly(
                        "CreateTableEvent{tableId=db.orders, schema=columns={`id` INT NOT NULL,`item` VARCHAR(10)}, primaryKeys=id, options=()}",
                        "AddColumnEvent{tableId=db.orders, addedColumns=[ColumnWithPosition{column=`qty` INT, position=LAST, existedColumnName=null}]}",
                        "AlterColumnTypeEvent{tableId=db.orders, typeMapping={qty=BIGINT}, oldTypeMapping={qty=INT}}");
        assertThat(resumed.columns("db.orders"))
                .containsExactly("id INT NOT NULL", "item VARCHAR(10)", "qty BIGINT");
        assertThat(resumed.rows("db.orders"))
                .isEqualTo(
                        List.of(
                                "id=1, item=a, qty=null",
                                "id=2, item=b, qty=null",
                                "id=3, item=c, qty=30",
                                "id=4, item=d, qty=40",
                                "id=5, item=e, qty=50"));
    }

    /**
     * The injected failure happens once per JVM, so the second run passes the change. Edited or
     * not, the resubmission finds the first run's applied-change log through the checkpoint: a
     * change applied after the registry's snapshot is not applied again.
     */
    private String pipeline(Path script) {
        return "source:\n"
                + "  type: values\n"
                + "  script: "
                + script
                + "\n"
                + "sink:\n"
                + "  type: values\n"
                + "  output.path: "
                + dir.resolve("result.json")
                + "\n"
                + "  fail.once.on: alter.column.type\n"
                + "  keep.existing: true\n"
                + "pipeline:\n"
                + "  name: savepoint test\n"
                + "  schema.change.behavior: evolve\n";
    }

    private static Path latestCheckpoint(Path checkpoints) throws IOException {
        try (Stream<Path> files = Files.walk(checkpoints)) {
            return files.filter(p -> p.getFileName().toString().startsWith("chk-"))
                    .filter(p -> Files.exists(p.resolve("_metadata")))
                    .max(
                            Comparator.comparingInt(
                                    p -> Integer.parseInt(p.getFileName().toString().substring(4))))
                    .orElseThrow(
                            () ->
                                    new AssertionError(
                                            "no retained checkpoint under " + checkpoints));
        }
    }
}
