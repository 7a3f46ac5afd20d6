package dev.schemaop.e2e.sinkv2;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;

import java.util.Base64;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Records which writer subtasks wrote each key (a binary first column, in base64) and, per key, the
 * second column's values in the order written.
 */
final class KeyWritersTestSink implements Sink<Event> {
    private static final long serialVersionUID = 1L;

    private final String run;

    KeyWritersTestSink(String run) {
        this.run = run;
    }

    @Override
    public SinkWriter<Event> createWriter(WriterInitContext context) {
        return new Writer(Outcomes.of(run), context.getTaskInfo().getIndexOfThisSubtask());
    }

    @Override
    @SuppressWarnings("deprecation")
    public SinkWriter<Event> createWriter(InitContext context) {
        return new Writer(Outcomes.of(run), context.getTaskInfo().getIndexOfThisSubtask());
    }

    private static final class Writer implements SinkWriter<Event> {
        private final Outcomes outcomes;
        private final int subtask;

        Writer(Outcomes outcomes, int subtask) {
            this.outcomes = outcomes;
            this.subtask = subtask;
        }

        @Override
        public void write(Event event, Context context) {
            outcomes.refuseFlushEvent(event);
            if (event instanceof DataChangeEvent row) {
                RecordData values = row.after() != null ? row.after() : row.before();
                outcomes.keyWriters
                        .computeIfAbsent(
                                Base64.getEncoder().encodeToString(values.getBinary(0)),
                                key -> ConcurrentHashMap.newKeySet())
                        .add(subtask);
                String key = Base64.getEncoder().encodeToString(values.getBinary(0));
                outcomes.keyValues
                        .computeIfAbsent(key, k -> new CopyOnWriteArrayList<>())
                        .add(values.getInt(1));
                outcomes.written.add(row.op() + " " + key + " " + values.getInt(1));
            }
        }

        @Override
        public void flush(boolean endOfInput) {}

        @Override
        public void close() {}
    }
}
