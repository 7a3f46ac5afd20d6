package dev.schemaop.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.functions.Partitioner;
import org.apache.flink.runtime.OperatorIDPair;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.api.graph.StreamEdge;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.streaming.runtime.partitioner.ForwardPartitioner;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

class PipelineStreamGraphTest {

    /** A source, a repartition by a custom partitioner (as a sink's pre-write topology), a sink. */
    private static StreamExecutionEnvironment job(int parallelism, RuntimeExecutionMode mode) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(parallelism);
        env.setRuntimeMode(mode);
        env.fromSequence(1, 10)
                .map(n -> n * 2)
                .partitionCustom(new Modulo(), n -> n)
                .map(n -> n + 1)
                .rebalance()
                .sinkTo(new DiscardingSink<>());
        return env;
    }

    private static final class Modulo implements Partitioner<Long> {
        @Override
        public int partition(Long key, int partitions) {
            return (int) (key % partitions);
        }
    }

    private static List<String> partitioners(StreamGraph graph) {
        return graph.getStreamNodes().stream()
                .flatMap(node -> node.getOutEdges().stream())
                .map(StreamEdge::getPartitioner)
                .map(partitioner -> partitioner.getClass().getSimpleName())
                .collect(Collectors.toList());
    }

    @Test
    void atParallelismOneEveryExchangeIsForwardAndTheJobIsOneChain() {
        StreamGraph graph = PipelineStreamGraph.of(job(1, RuntimeExecutionMode.STREAMING));

        assertThat(partitioners(graph))
                .isNotEmpty()
                .allMatch(name -> name.equals("ForwardPartitioner"));
        JobGraph job = graph.getJobGraph();
        assertThat(job.getNumberOfVertices()).isEqualTo(1);
    }

    @Test
    void atParallelismTwoTheExchangesStay() {
        StreamGraph graph = PipelineStreamGraph.of(job(2, RuntimeExecutionMode.STREAMING));

        assertThat(partitioners(graph))
                .contains("CustomPartitionerWrapper", "RebalancePartitioner");
        assertThat(graph.getJobGraph().getNumberOfVertices()).isEqualTo(3);
    }

    @Test
    void aBatchJobKeepsItsExchanges() {
        StreamGraph graph = PipelineStreamGraph.of(job(1, RuntimeExecutionMode.BATCH));

        assertThat(partitioners(graph))
                .contains("CustomPartitionerWrapper", "RebalancePartitioner");
    }

    @Test
    void anExchangeIntoAnOperatorOfOtherParallelismStays() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(1);
        env.fromSequence(1, 10)
                .rebalance()
                .map(n -> n)
                .setParallelism(2)
                .sinkTo(new DiscardingSink<>());

        StreamGraph graph = PipelineStreamGraph.of(env);

        assertThat(partitioners(graph)).contains("RebalancePartitioner");
        assertThat(
                        graph.getStreamNodes().stream()
                                .flatMap(node -> node.getOutEdges().stream())
                                .filter(edge -> edge.getPartitioner() instanceof ForwardPartitioner)
                                .count())
                .isZero();
    }

    @Test
    void withUnalignedCheckpointsTheExchangesStay() {
        StreamExecutionEnvironment env = job(1, RuntimeExecutionMode.STREAMING);
        env.enableCheckpointing(1_000);
        env.getCheckpointConfig().enableUnalignedCheckpoints();

        assertThat(partitioners(PipelineStreamGraph.of(env)))
                .contains("CustomPartitionerWrapper", "RebalancePartitioner");
    }

    @Test
    void everyOperatorKeepsTheIdItHadWithoutTheRewriteSoOldCheckpointsRestore() {
        Set<OperatorID> unchanged =
                Arrays.stream(
                                job(1, RuntimeExecutionMode.STREAMING)
                                        .getStreamGraph()
                                        .getJobGraph()
                                        .getVerticesAsArray())
                        .flatMap(vertex -> vertex.getOperatorIDs().stream())
                        .map(OperatorIDPair::getGeneratedOperatorID)
                        .collect(Collectors.toSet());

        JobGraph rewritten =
                PipelineStreamGraph.of(job(1, RuntimeExecutionMode.STREAMING)).getJobGraph();
        Set<OperatorID> found =
                Arrays.stream(rewritten.getVerticesAsArray())
                        .flatMap(vertex -> vertex.getOperatorIDs().stream())
                        .map(
                                pair ->
                                        pair.getUserDefinedOperatorID()
                                                .orElse(pair.getGeneratedOperatorID()))
                        .collect(Collectors.toSet());

        assertThat(rewritten.getNumberOfVertices()).isEqualTo(1);
        assertThat(found).isEqualTo(unchanged);
    }
}
