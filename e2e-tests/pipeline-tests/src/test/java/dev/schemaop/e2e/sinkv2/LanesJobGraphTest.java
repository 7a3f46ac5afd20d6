package dev.schemaop.e2e.sinkv2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.pipeline.PipelineComposer;
import dev.schemaop.pipeline.definition.PipelineDefinitionParser;

import org.apache.flink.runtime.jobgraph.DistributionPattern;
import org.apache.flink.runtime.jobgraph.JobEdge;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobgraph.JobVertex;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The job the runtime builds in front of a sink with a pre-write topology, at parallelism 2: the
 * schema operator feeds its own lane of the topology, chained, with no exchange of the runtime's;
 * and even a topology that keeps every event in its subtask leaves the job one failover region.
 */
class LanesJobGraphTest {
    @TempDir Path dir;

    private JobGraph jobGraph(String kind) throws IOException {
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
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.enableCheckpointing(1_000);
        new PipelineComposer(connectors)
                .compose(
                        new PipelineDefinitionParser().parse(pipeline, "pipeline.yaml", Map.of()),
                        env);
        return env.getStreamGraph().getJobGraph();
    }

    private static JobVertex vertexNamed(JobGraph graph, String part) {
        for (JobVertex vertex : graph.getVertices()) {
            if (vertex.getName().contains(part)) {
                return vertex;
            }
        }
        throw new AssertionError("no vertex named like " + part + " in " + names(graph));
    }

    private static List<String> names(JobGraph graph) {
        List<String> names = new ArrayList<>();
        graph.getVertices().forEach(vertex -> names.add(vertex.getName()));
        return names;
    }

    @Test
    void theSchemaOperatorFeedsItsLaneOfTheTopologyChained() throws IOException {
        JobGraph graph = jobGraph("pre-write-repartitioned");

        JobVertex source = vertexNamed(graph, "SchemaOperator");
        assertThat(source.getName()).contains("SchemaOperator -> SinkInput");
        List<String> outputs = new ArrayList<>();
        for (JobEdge edge :
                graph.getVerticesSortedTopologicallyFromSources().stream()
                        .flatMap(vertex -> vertex.getInputs().stream())
                        .filter(edge -> edge.getSource().getProducer() == source)
                        .toList()) {
            outputs.add(edge.getTarget().getName());
        }
        assertThat(outputs)
                .as("the topology's own repartition, and the edge that keeps one region")
                .hasSize(2)
                .anyMatch(name -> name.contains("pre-write recorder"))
                .anyMatch(name -> name.contains("One failover region"));
    }

    @Test
    void aTopologyThatKeepsEventsInTheirSubtaskStillLeavesOneFailoverRegion() throws IOException {
        JobGraph graph = jobGraph("pre-write");

        JobVertex lanes = vertexNamed(graph, "SchemaOperator");
        JobVertex region = vertexNamed(graph, "One failover region");
        assertThat(region.getInputs()).hasSize(1);
        assertThat(region.getInputs().get(0).getSource().getProducer()).isSameAs(lanes);
        assertThat(region.getInputs().get(0).getDistributionPattern())
                .isEqualTo(DistributionPattern.ALL_TO_ALL);
        assertThat(lanes.getName()).as("the writer chained into the lane").contains("Writer");
    }
}
