package dev.schemaop.e2e.sinkv2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.e2e.InjectedFailures;
import dev.schemaop.e2e.PipelineRun;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The values sink with {@code delivery.guarantee: exactly-once} through the front door, with
 * checkpoints, and without them for a bounded source: every row event is committed exactly once by
 * the Sink v2 committer, also when a writer fails after a schema change (its staged rows are
 * discarded and replayed) or the committer fails after applying (the retried committables are
 * applied once).
 */
class ValuesExactlyOnceTest {
    @TempDir Path dir;

    @ParameterizedTest(name = "{0} at parallelism {1}")
    @CsvSource({
        "no failure,1",
        "no failure,2",
        "writer.fail.once.on: add.column,2",
        "committer.fail.once: true,2"
    })
    void everyRowEventIsCommittedOnce(String failure, int parallelism) throws IOException {
        PipelineRun result =
                PipelineRun.withRestarts(
                        dir,
                        pipeline(
                                RowsScript.write(dir),
                                failure.startsWith("no ") ? "" : "  " + failure + "\n",
                                parallelism),
                        "100ms");

        assertThat(result.exitCode).as("stderr:\n%s", result.stderr).isZero();
        assertThat(result.rows(RowsScript.TABLE)).isEqualTo(RowsScript.finalRows());
        assertThat(result.commits("rowEvents"))
                .as("committed row events")
                .isEqualTo(RowsScript.ROW_EVENTS);
        assertThat(result.commits("clearedRowEvents")).isZero();
        assertThat(result.commits("committables"))
                .as("more than the final checkpoint's")
                .isGreaterThan(parallelism);
        if (failure.startsWith("committer")) {
            assertThat(InjectedFailures.all()).contains(dir.resolve("result.json") + "|committer");
            assertThat(result.commits("repeatedCommittables"))
                    .as("committables retried")
                    .isPositive();
        } else if (failure.startsWith("writer")) {
            assertThat(InjectedFailures.all())
                    .contains(dir.resolve("result.json") + "|writer|add.column");
        }
    }

    /**
     * A bounded source needs no checkpoints: the committer commits what the writers staged at the
     * end of the input (issue 23: only a source without an end is refused without checkpoints).
     */
    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 2})
    void withoutCheckpointsTheEndOfABoundedInputCommitsEveryRow(int parallelism)
            throws IOException {
        PipelineRun result =
                PipelineRun.run(dir, pipeline(RowsScript.write(dir, false), "", parallelism));

        assertThat(result.exitCode).as("stderr:\n%s", result.stderr).isZero();
        assertThat(result.rows(RowsScript.TABLE)).isEqualTo(RowsScript.finalRows());
        assertThat(result.commits("rowEvents"))
                .as("committed row events")
                .isEqualTo(RowsScript.ROW_EVENTS);
        assertThat(result.commits("committables"))
                .as("one per writer, at the end of the input")
                .isEqualTo(parallelism);
    }

    private String pipeline(Path script, String sinkOptions, int parallelism) {
        return "source:\n"
                + "  type: values\n"
                + "  script: "
                + script
                + "\n"
                + "  splits: 2\n"
                + "sink:\n"
                + "  type: values\n"
                + "  output.path: "
                + dir.resolve("result.json")
                + "\n"
                + "  delivery.guarantee: exactly-once\n"
                + sinkOptions
                + "pipeline:\n"
                + "  parallelism: "
                + parallelism
                + "\n"
                + "  schema.change.behavior: evolve\n";
    }
}
