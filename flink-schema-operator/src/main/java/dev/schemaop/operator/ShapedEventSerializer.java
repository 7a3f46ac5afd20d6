package dev.schemaop.operator;

import dev.schemaop.common.FixedSerializerTypeInfo;
import dev.schemaop.protocol.SinkSchemaStep;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.runtime.serializer.TableIdSerializer;
import org.apache.flink.cdc.runtime.serializer.event.EventSerializer;
import org.apache.flink.cdc.runtime.serializer.schema.SchemaSerializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Binary form of {@link ShapedEvent} between tasks. Rows and schema change events use
 * Flink CDC's own serializers, so they travel exactly as in Apache Flink CDC (SPEC §1).
 */
public final class ShapedEventSerializer extends TypeSerializer<ShapedEvent> {
    private static final long serialVersionUID = 1L;

    public static final ShapedEventSerializer INSTANCE = new ShapedEventSerializer();

    public static TypeInformation<ShapedEvent> typeInfo() {
        return new FixedSerializerTypeInfo<>(ShapedEvent.class, INSTANCE, "ShapedEvent");
    }

    private static final EventSerializer EVENTS = EventSerializer.INSTANCE;
    private static final TableIdSerializer TABLE_IDS = TableIdSerializer.INSTANCE;
    private static final SchemaSerializer SCHEMAS = SchemaSerializer.INSTANCE;

    @Override
    public boolean isImmutableType() {
        return true;
    }

    @Override
    public TypeSerializer<ShapedEvent> duplicate() {
        return this;
    }

    @Override
    public ShapedEvent createInstance() {
        return ShapedEvent.release(0, 0, 0);
    }

    @Override
    public ShapedEvent copy(ShapedEvent from) {
        // Immutable: rows are binary records that nobody mutates after the operator built them.
        return from;
    }

    @Override
    public ShapedEvent copy(ShapedEvent from, ShapedEvent reuse) {
        return from;
    }

    @Override
    public int getLength() {
        return -1;
    }

    @Override
    public void serialize(ShapedEvent event, DataOutputView out) throws IOException {
        out.writeByte(event.kind().ordinal());
        out.writeInt(event.channel());
        switch (event.kind()) {
            case DATA:
                out.writeInt(event.schemaVersion());
                EVENTS.serialize(event.row(), out);
                break;
            case SCHEMA:
                serializeStep(event.step(), out);
                break;
            case FLUSH:
                out.writeInt(event.sourceSubtask());
                out.writeLong(event.flushId());
                out.writeInt(event.holdTables().size());
                for (TableId table : event.holdTables()) {
                    TABLE_IDS.serialize(table, out);
                }
                break;
            case RELEASE:
                out.writeInt(event.sourceSubtask());
                out.writeLong(event.flushId());
                break;
            default:
                throw new IllegalStateException("Unknown kind " + event.kind());
        }
    }

    @Override
    public ShapedEvent deserialize(DataInputView in) throws IOException {
        ShapedEvent.Kind kind = ShapedEvent.Kind.values()[in.readByte()];
        int channel = in.readInt();
        switch (kind) {
            case DATA:
                int version = in.readInt();
                return ShapedEvent.row(channel, version, (DataChangeEvent) EVENTS.deserialize(in));
            case SCHEMA:
                return ShapedEvent.schema(channel, deserializeStep(in));
            case FLUSH:
                int source = in.readInt();
                long flushId = in.readLong();
                List<TableId> holds = new ArrayList<>();
                for (int i = in.readInt(); i > 0; i--) {
                    holds.add(TABLE_IDS.deserialize(in));
                }
                return ShapedEvent.flush(channel, source, flushId, holds);
            case RELEASE:
                return ShapedEvent.release(channel, in.readInt(), in.readLong());
            default:
                throw new IllegalStateException("Unknown kind " + kind);
        }
    }

    public static void serializeStep(SinkSchemaStep step, DataOutputView out) throws IOException {
        TABLE_IDS.serialize(step.table(), out);
        out.writeInt(step.version());
        List<SchemaChangeEvent> events = step.events();
        out.writeInt(events == null ? -1 : events.size());
        if (events != null) {
            for (SchemaChangeEvent e : events) {
                EVENTS.serialize(e, out);
            }
        }
        out.writeBoolean(step.schemaAfter() != null);
        if (step.schemaAfter() != null) {
            SCHEMAS.serialize(step.schemaAfter(), out);
        }
    }

    public static SinkSchemaStep deserializeStep(DataInputView in) throws IOException {
        TableId table = TABLE_IDS.deserialize(in);
        int version = in.readInt();
        int count = in.readInt();
        List<SchemaChangeEvent> events = null;
        if (count >= 0) {
            events = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                events.add((SchemaChangeEvent) EVENTS.deserialize(in));
            }
        }
        Schema schema = in.readBoolean() ? SCHEMAS.deserialize(in) : null;
        return new SinkSchemaStep(table, version, events, schema);
    }

    @Override
    public ShapedEvent deserialize(ShapedEvent reuse, DataInputView in) throws IOException {
        return deserialize(in);
    }

    @Override
    public void copy(DataInputView in, DataOutputView out) throws IOException {
        serialize(deserialize(in), out);
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof ShapedEventSerializer;
    }

    @Override
    public int hashCode() {
        return ShapedEventSerializer.class.hashCode();
    }

    @Override
    public TypeSerializerSnapshot<ShapedEvent> snapshotConfiguration() {
        return new Snapshot();
    }

    /** Serializer snapshot: the format has no parameters. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<ShapedEvent> {
        public Snapshot() {
            super(() -> INSTANCE);
        }
    }
}
