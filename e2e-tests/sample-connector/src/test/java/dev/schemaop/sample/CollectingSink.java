package dev.schemaop.sample;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.cdc.common.event.Event;

import java.util.ArrayList;
import java.util.List;

/** Collects every event into a JVM-wide list (the MiniCluster runs in the test's JVM). */
final class CollectingSink implements Sink<Event> {

    private static final List<Event> EVENTS = new ArrayList<>();

    static synchronized void clear() {
        EVENTS.clear();
    }

    static synchronized List<Event> events() {
        return new ArrayList<>(EVENTS);
    }

    private static synchronized void add(Event event) {
        EVENTS.add(event);
    }

    @Override
    @SuppressWarnings("deprecation")
    public SinkWriter<Event> createWriter(InitContext context) {
        return writer();
    }

    @Override
    public SinkWriter<Event> createWriter(WriterInitContext context) {
        return writer();
    }

    private static SinkWriter<Event> writer() {
        return new SinkWriter<>() {
            @Override
            public void write(Event element, Context context) {
                add(element);
            }

            @Override
            public void flush(boolean endOfInput) {}

            @Override
            public void close() {}
        };
    }
}
