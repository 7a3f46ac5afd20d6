package dev.schemaop.pipeline;

import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamEdge;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.streaming.api.graph.StreamNode;
import org.apache.flink.streaming.runtime.partitioner.ForwardPartitioner;

/**
 * The job's stream graph as the runtime runs it: Flink's, with every exchange between two operators
 * that each run in one subtask made a forward connection. Such an exchange has one channel, so it
 * carries every record where a forward connection would, yet Flink keeps it a network exchange:
 * each record serialized, buffered and read back. A connector's pre-write topology repartitions
 * before its writer (Flink CDC's Paimon sink by bucket); at parallelism 1 the repartition then
 * costs as much as the rest of the pipeline. Made forward, the two operators chain. Only in
 * streaming: a batch job's exchanges are where its stages end. Each run builds the graph anew, so a
 * restore at a higher parallelism gets its exchanges back.
 */
public final class PipelineStreamGraph {
    private PipelineStreamGraph() {}

    public static StreamGraph of(StreamExecutionEnvironment env) {
        StreamGraph graph = env.getStreamGraph();
        if (env.getConfiguration().get(ExecutionOptions.RUNTIME_MODE)
                == RuntimeExecutionMode.BATCH) {
            return graph;
        }
        for (StreamNode node : graph.getStreamNodes()) {
            for (StreamEdge edge : node.getOutEdges()) {
                if (node.getParallelism() == 1
                        && graph.getStreamNode(edge.getTargetId()).getParallelism() == 1
                        && !(edge.getPartitioner() instanceof ForwardPartitioner)) {
                    edge.setPartitioner(new ForwardPartitioner<>());
                }
            }
        }
        return graph;
    }
}
