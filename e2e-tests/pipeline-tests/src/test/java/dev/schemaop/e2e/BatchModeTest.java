package dev.schemaop.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.pipeline.PipelineComposer;
import dev.schemaop.pipeline.definition.PipelineDefinition;
import dev.schemaop.pipeline.definition.PipelineDefinitionParser;

import org.apache.flink.api.common.BatchShuffleMode;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.runtime.jobgraph.JobType;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code pipeline.execution.runtime-mode: BATCH} with a bounded source: the job runs as a Flink
 * batch job and the sink ends exactly as it does in STREAMING, schema changes included (the
 * exchanges stay pipelined, so the flush before each change still reaches the sink's subtasks), and
 * an exactly-once sink's committer commits at the end of the input, with no checkpoint.
 */
class BatchModeTest {
    @TempDir Path dir;

    private static final String SCRIPT =
            """
            events:
              - type: create.table
                table: db.t
                columns:
                  - {name: id, type: INT NOT NULL}
                  - {name: v, type: VARCHAR(10)}
                primaryKeys: [id]
              - type: insert
                table: db.t
                rows: [[1, a], [2, b], [3, c], [4, d]]
              - type: add.column
                table: db.t
                columns: [{name: n, type: BIGINT, position: after id}]
              - type: insert
                table: db.t
                rows: [[5, 50, e], [6, 60, f]]
              - type: update
                table: db.t
                before: [1, null, a]
                after: [1, 10, aa]
              - type: delete
                table: db.t
                rows: [[2, null, b]]
            """;

    @Test
    void theJobIsAFlinkBatchJob() throws IOException {
        Files.writeString(dir.resolve("script.yaml"), SCRIPT);
        PipelineDefinition definition =
                new PipelineDefinitionParser()
                        .parse(
                                "source:\n  type: values\n  script: "
                                        + dir.resolve("script.yaml")
                                        + "\nsink:\n  type: values\n  output.path: "
                                        + dir.resolve("result.json")
                                        + "\npipeline:\n  parallelism: 2\n"
                                        + "  execution.runtime-mode: BATCH\n",
                                "pipeline.yaml",
                                Map.of());
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        new PipelineComposer(getClass().getClassLoader()).compose(definition, env);

        StreamGraph graph = env.getStreamGraph();
        assertThat(graph.getJobType()).isEqualTo(JobType.BATCH);
        assertThat(env.getConfiguration().get(ExecutionOptions.BATCH_SHUFFLE_MODE))
                .isEqualTo(BatchShuffleMode.ALL_EXCHANGES_PIPELINED);
    }

    @ParameterizedTest(name = "parallelism {0}, {1}")
    @CsvSource({"1, at-least-once", "2, at-least-once", "2, exactly-once"})
    void aBoundedPipelineRunsAsABatchJob(int parallelism, String delivery) throws IOException {
        Files.writeString(dir.resolve("script.yaml"), SCRIPT);
        PipelineRun run =
                PipelineRun.run(
                        dir,
                        "source:\n  type: values\n  script: "
                                + dir.resolve("script.yaml")
                                + "\nsink:\n  type: values\n  output.path: "
                                + dir.resolve("result.json")
                                + "\n  delivery.guarantee: "
                                + delivery
                                + "\npipeline:\n  parallelism: "
                                + parallelism
                                + "\n  execution.runtime-mode: BATCH\n"
                                + "  schema.change.behavior: evolve\n");

        assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isZero();
        assertThat(run.columns("db.t"))
                .containsExactly("id INT NOT NULL", "n BIGINT", "v VARCHAR(10)");
        assertThat(run.rows("db.t"))
                .isEqualTo(
                        List.of(
                                "id=1, n=10, v=aa",
                                "id=3, n=null, v=c",
                                "id=4, n=null, v=d",
                                "id=5, n=50, v=e",
                                "id=6, n=60, v=f"));
    }
}
