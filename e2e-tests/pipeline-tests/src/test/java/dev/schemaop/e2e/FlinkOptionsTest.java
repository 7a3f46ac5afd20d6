package dev.schemaop.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;

/**
 * {@code -D} options Flink does not know are passed on, with one warning naming the nearest keys it
 * knows (bad values of known keys are in {@link BadInputTest}).
 */
class FlinkOptionsTest {
    @TempDir Path dir;

    private String pipeline() throws IOException {
        return "source:\n  type: values\n  script: "
                + Pipelines.script(dir, "sharded-orders.yaml")
                + "\nsink:\n  type: values\n  output.path: "
                + dir.resolve("result.json")
                + "\n";
    }

    @Test
    void aMisspelledKeyRunsWithAWarningNamingTheKeyMeant() throws IOException {
        PipelineRun run =
                PipelineRun.run(dir, pipeline(), "-D", "execution.checkpointing.intervall=1s");

        assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isZero();
        assertThat(run.stderr.strip())
                .startsWith(
                        "Warning: -D execution.checkpointing.intervall is not an option of this"
                                + " Flink version; it is passed on as given, and probably has no"
                                + " effect. Nearest known keys: execution.checkpointing.interval,")
                .doesNotContain("\n");
        assertThat(run.rows("shop.orders_1")).isNotEmpty();
    }

    @Test
    void keysOfReportersAndFileSystemsAreTheUsersAndPassWithoutAWarning() throws IOException {
        PipelineRun run =
                PipelineRun.run(
                        dir,
                        pipeline(),
                        "-D",
                        "metrics.reporter.mine.interval=10s",
                        "-D",
                        "s3.x=y");

        assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isZero();
        assertThat(run.stderr).isBlank();
    }
}
