package dev.schemaop.benchmarks.topology;

import dev.schemaop.benchmarks.sink.CountingSink;

import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.typeutils.TupleTypeInfo;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.runtime.typeutils.EventTypeInfo;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;

/**
 * (a') bare, but with the exchange every schema-aware pipeline needs at parallelism > 1: rows go to
 * the sink subtask of their primary key, schema events to every sink subtask. No schema handling at
 * all (each writer applies what reaches it), so c/a' is what the schema handling itself costs, and
 * a'/a what the keyed exchange costs. Run at parallelism > 1 only: at 1 it is (a).
 */
public final class KeyedBareTopology implements Topology {
    @Override
    public String key() {
        return "a'";
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
        int parallelism = run.parallelism();
        TupleTypeInfo<Tuple2<Integer, Event>> routed =
                new TupleTypeInfo<>(Types.INT, new EventTypeInfo());
        GeneratorStream.of(env, run)
                .process(new ChannelAssigner(parallelism), routed)
                .setParallelism(parallelism)
                .partitionCustom((channel, channels) -> channel, routedEvent -> routedEvent.f0)
                .map(routedEvent -> routedEvent.f1, new EventTypeInfo())
                .setParallelism(parallelism)
                .sinkTo(new CountingSink(run.runId(), run.workload()))
                .name("Counting sink")
                .setParallelism(parallelism);
    }

    /** Rows: the channel of their key (column 0); anything else: one copy per channel. */
    private static final class ChannelAssigner
            extends ProcessFunction<Event, Tuple2<Integer, Event>> {
        private final int channels;

        ChannelAssigner(int channels) {
            this.channels = channels;
        }

        @Override
        public void processElement(
                Event event, Context context, Collector<Tuple2<Integer, Event>> out) {
            if (event instanceof DataChangeEvent) {
                long key = ((DataChangeEvent) event).after().getLong(0);
                out.collect(Tuple2.of(Math.floorMod(Long.hashCode(key), channels), event));
                return;
            }
            for (int channel = 0; channel < channels; channel++) {
                out.collect(Tuple2.of(channel, event));
            }
        }
    }
}
