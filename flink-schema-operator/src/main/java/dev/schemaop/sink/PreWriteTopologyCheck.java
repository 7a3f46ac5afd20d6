package dev.schemaop.sink;

import dev.schemaop.api.PipelineConfigException;

import org.apache.flink.api.dag.Transformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.transformations.PartitionTransformation;
import org.apache.flink.streaming.runtime.partitioner.ForwardPartitioner;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;

/**
 * Rejects, when the job is built, a connector's pre-write topology that moves events to other
 * subtasks ({@code keyBy}, {@code rebalance}, {@code shuffle}, ...). The runtime's flush event
 * travels through the topology to the writer, and the writer must confirm it in the sink input
 * operator's own thread: across a repartitioning it never could, and the job would fail on its
 * first schema change instead of at submission.
 */
final class PreWriteTopologyCheck {
    private PreWriteTopologyCheck() {}

    static void check(DataStream<?> input, Object output, Object connectorSink) {
        if (!(output instanceof DataStream)) {
            return;
        }
        Deque<Transformation<?>> toVisit = new ArrayDeque<>();
        Set<Transformation<?>> visited = new HashSet<>();
        toVisit.add(((DataStream<?>) output).getTransformation());
        while (!toVisit.isEmpty()) {
            Transformation<?> transformation = toVisit.pop();
            if (transformation == input.getTransformation() || !visited.add(transformation)) {
                continue;
            }
            if (transformation instanceof PartitionTransformation
                    && !(((PartitionTransformation<?>) transformation).getPartitioner()
                            instanceof ForwardPartitioner)) {
                throw new PipelineConfigException(
                        String.format(
                                "The pre-write topology of the sink %s moves events to other"
                                        + " subtasks (%s). flink-schema-operator runs a connector's"
                                        + " pre-write topology only when every event stays in its"
                                        + " subtask, chained to the sink writer, which must flush in"
                                        + " the thread that asked for it. Use a sink without such a"
                                        + " topology.",
                                connectorSink.getClass().getName(),
                                ((PartitionTransformation<?>) transformation).getPartitioner()));
            }
            toVisit.addAll(transformation.getInputs());
        }
    }
}
