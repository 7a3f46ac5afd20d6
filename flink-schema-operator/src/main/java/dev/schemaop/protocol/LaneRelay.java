package dev.schemaop.protocol;

import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.runtime.operators.coordination.OperatorEvent;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Behind a connector's pre-write topology each schema operator subtask feeds only its own lane of
 * the topology (chained, no exchange of its own). The markers and steps it sends to every sink
 * subtask reach the other lanes through the registry instead: from the subtask to the registry with
 * every other lane's copies, and from the registry to each other subtask with that subtask's own,
 * which it emits into its lane in the order they came. Those lanes carry no row of the sending
 * subtask, so no order against its rows is lost; the events of one sender keep their order.
 *
 * <p>The events travel in the binary form of the data channel ({@link ChannelEventSerializer}).
 * Only markers and steps are relayed, never rows.
 *
 * @param from the schema operator subtask that sent the events
 * @param encoded the events, as {@link #of} wrote them
 */
public record LaneRelay(int from, byte[] encoded) implements OperatorEvent {

    public static LaneRelay of(int from, List<ChannelEvent> events) {
        DataOutputSerializer out = new DataOutputSerializer(256);
        try {
            out.writeInt(events.size());
            for (ChannelEvent event : events) {
                if (event instanceof ChannelEvent.Row) {
                    throw new IllegalArgumentException("Rows are never relayed: " + event);
                }
                ChannelEventSerializer.INSTANCE.serialize(event, out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new LaneRelay(from, out.getCopyOfBuffer());
    }

    public List<ChannelEvent> events() {
        DataInputDeserializer in = new DataInputDeserializer(encoded);
        try {
            int count = in.readInt();
            List<ChannelEvent> events = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                events.add(ChannelEventSerializer.INSTANCE.deserialize(in));
            }
            return events;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
