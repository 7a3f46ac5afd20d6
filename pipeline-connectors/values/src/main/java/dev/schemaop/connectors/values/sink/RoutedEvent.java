package dev.schemaop.connectors.values.sink;

import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.serialization.SerializerConfig;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.TypeSerializerSingleton;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.runtime.serializer.event.EventSerializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

import java.io.IOException;

/**
 * An event on its way from a lane of {@link KeyHashPreWriteTopology} to a writer, as Flink CDC's
 * Paimon sink wraps an event with its bucket: written and read with Flink CDC's event serializer,
 * and handed from one chained operator to the next as it is (nothing changes an event once built),
 * where a tuple would be copied deeply, and made by reflection, at every chained hand-over.
 *
 * @param writer the writer subtask the event goes to
 * @param lane the topology subtask that sent it
 */
public record RoutedEvent(int writer, int lane, Event event) {

    /** The type information of the stream between the lanes and the flush alignment. */
    public static TypeInformation<RoutedEvent> typeInfo() {
        return new Type();
    }

    private static final class Type extends TypeInformation<RoutedEvent> {
        private static final long serialVersionUID = 1L;

        @Override
        public boolean isBasicType() {
            return false;
        }

        @Override
        public boolean isTupleType() {
            return false;
        }

        @Override
        public int getArity() {
            return 1;
        }

        @Override
        public int getTotalFields() {
            return 1;
        }

        @Override
        public Class<RoutedEvent> getTypeClass() {
            return RoutedEvent.class;
        }

        @Override
        public boolean isKeyType() {
            return false;
        }

        @Override
        public TypeSerializer<RoutedEvent> createSerializer(SerializerConfig config) {
            return Serializer.INSTANCE;
        }

        @Override
        @Deprecated
        public TypeSerializer<RoutedEvent> createSerializer(ExecutionConfig config) {
            return Serializer.INSTANCE;
        }

        @Override
        public String toString() {
            return "RoutedEvent";
        }

        @Override
        public boolean equals(Object obj) {
            return obj instanceof Type;
        }

        @Override
        public int hashCode() {
            return Type.class.hashCode();
        }

        @Override
        public boolean canEqual(Object obj) {
            return obj instanceof Type;
        }
    }

    /** The writer and lane as ints, then the event as Flink CDC writes it; a copy is the same. */
    public static final class Serializer extends TypeSerializerSingleton<RoutedEvent> {
        private static final long serialVersionUID = 1L;
        static final Serializer INSTANCE = new Serializer();
        private static final EventSerializer EVENTS = EventSerializer.INSTANCE;

        @Override
        public boolean isImmutableType() {
            return true;
        }

        @Override
        public RoutedEvent createInstance() {
            return new RoutedEvent(0, 0, EVENTS.createInstance());
        }

        @Override
        public RoutedEvent copy(RoutedEvent from) {
            return from;
        }

        @Override
        public RoutedEvent copy(RoutedEvent from, RoutedEvent reuse) {
            return from;
        }

        @Override
        public int getLength() {
            return -1;
        }

        @Override
        public void serialize(RoutedEvent routed, DataOutputView target) throws IOException {
            target.writeInt(routed.writer());
            target.writeInt(routed.lane());
            EVENTS.serialize(routed.event(), target);
        }

        @Override
        public RoutedEvent deserialize(DataInputView source) throws IOException {
            return new RoutedEvent(source.readInt(), source.readInt(), EVENTS.deserialize(source));
        }

        @Override
        public RoutedEvent deserialize(RoutedEvent reuse, DataInputView source) throws IOException {
            return deserialize(source);
        }

        @Override
        public void copy(DataInputView source, DataOutputView target) throws IOException {
            target.writeInt(source.readInt());
            target.writeInt(source.readInt());
            EVENTS.copy(source, target);
        }

        @Override
        public TypeSerializerSnapshot<RoutedEvent> snapshotConfiguration() {
            return new Snapshot();
        }

        /** Stateless: every version reads the same. */
        public static final class Snapshot extends SimpleTypeSerializerSnapshot<RoutedEvent> {
            public Snapshot() {
                super(() -> INSTANCE);
            }
        }
    }
}
