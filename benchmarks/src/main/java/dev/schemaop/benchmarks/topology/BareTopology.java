package dev.schemaop.benchmarks.topology;

import dev.schemaop.benchmarks.sink.CountingSink;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * (a) generator -> sink writer, chained, with no schema handling at all: each writer applies what
 * its own split reports. The limit any schema-aware pipeline is measured against.
 */
public final class BareTopology implements Topology {
    @Override
    public String key() {
        return "a";
    }

    @Override
    public boolean hasBehavior() {
        return false;
    }

    @Override
    public String registryUid() {
        return null;
    }

    @Override
    public void build(StreamExecutionEnvironment env, RunSpec run) {
        GeneratorStream.of(env, run)
                .sinkTo(new CountingSink(run.runId(), run.workload()))
                .name("Counting sink")
                .setParallelism(run.parallelism());
    }
}
