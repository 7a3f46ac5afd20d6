package dev.schemaop.pipeline;

import org.apache.flink.configuration.JobManagerOptions;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.configuration.SchedulerExecutionMode;
import org.apache.flink.runtime.jobgraph.JobType;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamEdge;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.streaming.api.graph.StreamGraphHasherV2;
import org.apache.flink.streaming.api.graph.StreamNode;
import org.apache.flink.streaming.runtime.partitioner.ForwardPartitioner;
import org.apache.flink.util.StringUtils;

import java.util.Arrays;
import java.util.Map;

/**
 * The job's stream graph as the embedded run runs it: Flink's, with every exchange between two
 * operators that each run in one subtask made a forward connection. Such an exchange has one
 * channel, so it carries every record where a forward connection would, yet Flink keeps it a
 * network exchange: each record serialized, buffered and read back. A connector's pre-write
 * topology repartitions before its writer (Flink CDC's Paimon sink by bucket); at parallelism 1 the
 * repartition then costs as much as the rest of the pipeline. Made forward, the operators chain.
 *
 * <p>Left as Flink builds it: a batch job (its exchanges end stages), a job with unaligned
 * checkpoints (a forward connection cannot take in-flight data of another parallelism on a
 * restore), and a cluster whose scheduler changes parallelism while the job runs (adaptive,
 * reactive): each run builds its graph anew, so only a graph fixed for the run may be rewritten.
 * Chaining changes Flink's generated id of an operator without a uid: such an operator keeps the id
 * it had without the rewrite as its alternative id, so that checkpoints taken without the rewrite
 * restore into it.
 */
public final class PipelineStreamGraph {
    private PipelineStreamGraph() {}

    public static StreamGraph of(StreamExecutionEnvironment env) {
        StreamGraph graph = env.getStreamGraph();
        if (!rewritable(graph, env.getConfiguration())) {
            return graph;
        }
        StreamGraphHasherV2 hasher = new StreamGraphHasherV2();
        Map<Integer, byte[]> before = hasher.traverseStreamGraphAndGenerateHashes(graph);
        boolean rewritten = false;
        for (StreamNode node : graph.getStreamNodes()) {
            for (StreamEdge edge : node.getOutEdges()) {
                if (node.getParallelism() == 1
                        && graph.getStreamNode(edge.getTargetId()).getParallelism() == 1
                        && !(edge.getPartitioner() instanceof ForwardPartitioner)) {
                    edge.setPartitioner(new ForwardPartitioner<>());
                    rewritten = true;
                }
            }
        }
        if (rewritten) {
            keepOperatorIds(graph, before, hasher.traverseStreamGraphAndGenerateHashes(graph));
        }
        return graph;
    }

    private static boolean rewritable(StreamGraph graph, ReadableConfig configuration) {
        return graph.getJobType() == JobType.STREAMING
                && !graph.getCheckpointConfig().isUnalignedCheckpointsEnabled()
                && configuration.get(JobManagerOptions.SCHEDULER)
                        != JobManagerOptions.SchedulerType.Adaptive
                && configuration.getOptional(JobManagerOptions.SCHEDULER_MODE).orElse(null)
                        != SchedulerExecutionMode.REACTIVE;
    }

    /** Operators without a uid whose generated id the rewrite changed keep the old one too. */
    private static void keepOperatorIds(
            StreamGraph graph, Map<Integer, byte[]> before, Map<Integer, byte[]> after) {
        for (StreamNode node : graph.getStreamNodes()) {
            byte[] old = before.get(node.getId());
            if (node.getTransformationUID() == null
                    && node.getUserHash() == null
                    && old != null
                    && !Arrays.equals(old, after.get(node.getId()))) {
                node.setUserHash(StringUtils.byteToHexString(old));
            }
        }
    }
}
