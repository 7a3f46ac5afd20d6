package dev.schemaop.e2e.sinkv2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.pipeline.PipelineComposer;
import dev.schemaop.pipeline.definition.PipelineDefinitionParser;

import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;

/**
 * A job that asks for unaligned checkpoints takes aligned ones when its sink has a pre-write
 * topology: the flush events in flight through the topology's own exchange must never be stored in
 * a checkpoint and replayed into another attempt. A sink without one keeps them unaligned.
 */
class AlignedBehindTopologyTest {
    @TempDir Path dir;

    private StreamGraph composedWithUnalignedCheckpoints(String kind) throws IOException {
        String pipeline =
                "source:\n  type: values\n  script: "
                        + RowsScript.write(dir)
                        + "\nsink:\n  type: "
                        + TestSinkFactory.IDENTIFIER
                        + "\n  kind: "
                        + kind
                        + "\n  run: "
                        + UUID.randomUUID()
                        + "\npipeline:\n  parallelism: 2\n";
        URLClassLoader connectors =
                new URLClassLoader(
                        new URL[] {TestConnectorJar.in(dir).toUri().toURL()},
                        getClass().getClassLoader());
        Configuration flink = new Configuration();
        flink.set(CheckpointingOptions.ENABLE_UNALIGNED, true);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(flink);
        env.enableCheckpointing(1_000);
        new PipelineComposer(connectors)
                .compose(
                        new PipelineDefinitionParser().parse(pipeline, "pipeline.yaml", Map.of()),
                        env);
        return env.getStreamGraph();
    }

    @Test
    void behindAPreWriteTopologyCheckpointsAreAligned() throws IOException {
        StreamGraph graph = composedWithUnalignedCheckpoints("pre-write-repartitioned");

        assertThat(graph.getCheckpointConfig().isUnalignedCheckpointsEnabled()).isFalse();
    }

    @Test
    void withoutOneTheyStayUnaligned() throws IOException {
        StreamGraph graph = composedWithUnalignedCheckpoints("committer");

        assertThat(graph.getCheckpointConfig().isUnalignedCheckpointsEnabled()).isTrue();
    }
}
