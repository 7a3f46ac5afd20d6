package dev.schemaop.benchmarks.topology;

import dev.schemaop.benchmarks.source.GeneratorSource;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.runtime.typeutils.EventTypeInfo;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/** The generator's events of a run, for the topologies that wire their own job. */
final class GeneratorStream {
    private GeneratorStream() {}

    static DataStream<Event> of(StreamExecutionEnvironment env, RunSpec run) {
        return env.fromSource(
                        new GeneratorSource(
                                run.runId(),
                                run.workload(),
                                run.parallelism(),
                                run.measuredCheckpointDir()),
                        WatermarkStrategy.noWatermarks(),
                        "Generator",
                        new EventTypeInfo())
                .setParallelism(run.parallelism());
    }
}
