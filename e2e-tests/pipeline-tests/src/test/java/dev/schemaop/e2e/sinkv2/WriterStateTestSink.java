package dev.schemaop.e2e.sinkv2;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.StatefulSinkWriter;
import org.apache.flink.api.connector.sink2.SupportsWriterState;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.core.io.SimpleVersionedSerializer;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;

/**
 * A sink whose writers keep their row count in Flink's writer state ({@link SupportsWriterState}).
 */
final class WriterStateTestSink implements Sink<Event>, SupportsWriterState<Event, Integer> {
    private static final long serialVersionUID = 1L;

    private final String run;
    private final int failOnRow;

    WriterStateTestSink(String run, int failOnRow) {
        this.run = run;
        this.failOnRow = failOnRow;
    }

    @Override
    public SinkWriter<Event> createWriter(WriterInitContext context) {
        return new CountingWriter(
                Outcomes.of(run), context.getTaskInfo().getIndexOfThisSubtask(), 0, failOnRow);
    }

    @Override
    @SuppressWarnings("deprecation")
    public SinkWriter<Event> createWriter(InitContext context) {
        return new CountingWriter(
                Outcomes.of(run), context.getTaskInfo().getIndexOfThisSubtask(), 0, failOnRow);
    }

    @Override
    public StatefulSinkWriter<Event, Integer> restoreWriter(
            WriterInitContext context, Collection<Integer> states) {
        Outcomes.of(run).restoredStates.add(new ArrayList<>(states));
        int restored = states.stream().mapToInt(Integer::intValue).sum();
        return new CountingWriter(
                Outcomes.of(run),
                context.getTaskInfo().getIndexOfThisSubtask(),
                restored,
                failOnRow);
    }

    @Override
    public SimpleVersionedSerializer<Integer> getWriterStateSerializer() {
        return COUNTS;
    }

    private static final SimpleVersionedSerializer<Integer> COUNTS =
            new SimpleVersionedSerializer<>() {
                @Override
                public int getVersion() {
                    return 1;
                }

                @Override
                public byte[] serialize(Integer count) {
                    return ByteBuffer.allocate(4).putInt(count).array();
                }

                @Override
                public Integer deserialize(int version, byte[] serialized) {
                    return ByteBuffer.wrap(serialized).getInt();
                }
            };
}
