package dev.schemaop.benchmarks.topology;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamGraph;

/** A way to carry the generator's events to the counting sink. */
public interface Topology {
    /** a, b or c, as the issue names them. */
    String key();

    /** Whether the schema change behavior changes what this topology does. */
    boolean hasBehavior();

    /** The uid of the operator whose coordinator is the schema registry, or null. */
    String registryUid();

    void build(StreamExecutionEnvironment env, RunSpec run);

    /** The built job's graph, as the runtime under test would submit it. */
    default StreamGraph streamGraph(StreamExecutionEnvironment env) {
        return env.getStreamGraph();
    }

    /** Whether this topology runs at {@code parallelism}. */
    default boolean runsAt(int parallelism) {
        return true;
    }
}
