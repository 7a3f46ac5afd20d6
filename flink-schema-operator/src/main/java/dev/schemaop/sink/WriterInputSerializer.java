package dev.schemaop.sink;

import dev.schemaop.codec.FixedSerializerTypeInfo;
import dev.schemaop.codec.ImmutableValueSerializer;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.runtime.serializer.event.EventSerializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

import java.io.IOException;

/**
 * Flink CDC's event serializer, except that a copy is the event itself. The sink input operator is
 * chained to the connector's writer, and with object reuse off Flink copies every record handed
 * from one chained operator to the next: a second deep copy of each row, of an event that the
 * schema operator already received as its own copy and that nothing upstream changes or reuses
 * afterwards.
 */
public final class WriterInputSerializer extends ImmutableValueSerializer<Event> {
    private static final long serialVersionUID = 1L;

    public static final WriterInputSerializer INSTANCE = new WriterInputSerializer();

    public static TypeInformation<Event> typeInfo() {
        return new FixedSerializerTypeInfo<>(
                Event.class, INSTANCE, "Event (handed to the sink writer)");
    }

    private static final EventSerializer EVENTS = EventSerializer.INSTANCE;

    @Override
    public Event createInstance() {
        return EVENTS.createInstance();
    }

    @Override
    public void serialize(Event event, DataOutputView target) throws IOException {
        EVENTS.serialize(event, target);
    }

    @Override
    public Event deserialize(DataInputView source) throws IOException {
        return EVENTS.deserialize(source);
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        EVENTS.copy(source, target);
    }

    @Override
    public TypeSerializerSnapshot<Event> snapshotConfiguration() {
        return new Snapshot();
    }

    /** Stateless: every version reads the same. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<Event> {
        public Snapshot() {
            super(() -> INSTANCE);
        }
    }
}
