package dev.schemaop.e2e.sinkv2;

import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.FlushEvent;
import org.apache.flink.streaming.api.connector.sink2.SupportsPreWriteTopology;
import org.apache.flink.streaming.api.datastream.DataStream;

/**
 * A sink with a pre-write topology: an operator that records every event on its way to the writer.
 * {@code repartition} makes the topology move events to other subtasks first, which the runtime's
 * flush cannot follow.
 */
final class PreWriteTestSink implements Sink<Event>, SupportsPreWriteTopology<Event> {
    private static final long serialVersionUID = 1L;

    private final String run;
    private final boolean repartition;

    PreWriteTestSink(String run, boolean repartition) {
        this.run = run;
        this.repartition = repartition;
    }

    @Override
    public DataStream<Event> addPreWriteTopology(DataStream<Event> input) {
        DataStream<Event> moved = repartition ? input.rebalance() : input;
        return moved.map(new Recorder(run)).returns(input.getType()).name("pre-write recorder");
    }

    @Override
    public SinkWriter<Event> createWriter(WriterInitContext context) {
        return new Writer(Outcomes.of(run));
    }

    @Override
    @SuppressWarnings("deprecation")
    public SinkWriter<Event> createWriter(InitContext context) {
        return new Writer(Outcomes.of(run));
    }

    private static final class Recorder implements MapFunction<Event, Event> {
        private static final long serialVersionUID = 1L;

        private final String run;

        Recorder(String run) {
            this.run = run;
        }

        @Override
        public Event map(Event event) {
            if (event instanceof FlushEvent) {
                Outcomes.of(run).preWriteFlushEvents.incrementAndGet();
            } else if (event instanceof DataChangeEvent) {
                Outcomes.of(run).preWriteRows.add(Outcomes.describe((DataChangeEvent) event));
            }
            return event;
        }
    }

    /** Writes rows by recording them. */
    private static final class Writer implements SinkWriter<Event> {
        private final Outcomes outcomes;

        Writer(Outcomes outcomes) {
            this.outcomes = outcomes;
        }

        @Override
        public void write(Event event, Context context) {
            outcomes.refuseFlushEvent(event);
            if (event instanceof DataChangeEvent) {
                outcomes.written.add(Outcomes.describe((DataChangeEvent) event));
            }
        }

        @Override
        public void flush(boolean endOfInput) {
            if (!endOfInput) {
                outcomes.writerFlushes.incrementAndGet();
            }
        }

        @Override
        public void close() {}
    }
}
