package dev.schemaop.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.pipeline.PipelineComposer;
import dev.schemaop.pipeline.definition.PipelineDefinition;
import dev.schemaop.pipeline.definition.PipelineDefinitionParser;

import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamEdge;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.streaming.api.graph.StreamNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A job that asks for unaligned checkpoints gets them everywhere but on the exchange between the
 * schema operator and the sink: its flush markers must never be stored in a checkpoint and replayed
 * into another run.
 */
class UnalignedCheckpointsTest {
    @TempDir Path dir;

    @Test
    void theExchangeToTheSinkAlignsItsBarriers() throws Exception {
        Files.writeString(dir.resolve("script.yaml"), "events: []\n");
        PipelineDefinition definition =
                new PipelineDefinitionParser()
                        .parse(
                                "source:\n  type: values\n  script: "
                                        + dir.resolve("script.yaml")
                                        + "\nsink:\n  type: values\n"
                                        + "pipeline:\n  parallelism: 2\n",
                                "pipeline.yaml",
                                Map.of());
        Configuration flink = new Configuration();
        flink.set(CheckpointingOptions.ENABLE_UNALIGNED, true);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(flink);
        env.enableCheckpointing(1_000);
        new PipelineComposer(getClass().getClassLoader()).compose(definition, env);

        StreamGraph graph = env.getStreamGraph();
        StreamNode sinkInput =
                graph.getStreamNodes().stream()
                        .filter(node -> node.getOperatorName().contains("SinkInput"))
                        .findFirst()
                        .orElseThrow(
                                () ->
                                        new AssertionError(
                                                "no sink input in "
                                                        + graph.getStreamingPlanAsJSON()));
        List<StreamEdge> in = sinkInput.getInEdges();
        assertThat(in).hasSize(1);
        assertThat(in.get(0).supportsUnalignedCheckpoints()).isFalse();
        assertThat(graph.getCheckpointConfig().isUnalignedCheckpointsEnabled())
                .as("the job's other exchanges keep what it asked for")
                .isTrue();
    }
}
