package dev.schemaop.protocol;

import dev.schemaop.codec.DataReader;
import dev.schemaop.codec.DataWriter;
import dev.schemaop.codec.FixedSerializerTypeInfo;
import dev.schemaop.codec.ImmutableValueSerializer;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.runtime.serializer.event.EventSerializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

import java.io.IOException;

/**
 * Binary form of a {@link ChannelEvent} between tasks: a tag byte, the channel, then the event's
 * fields. Rows and schema change events use Flink CDC's own serializers, so they travel exactly as
 * in Apache Flink CDC (SPEC §1). A copy is the event itself: rows are binary records that nobody
 * changes after the schema operator built them.
 */
public final class ChannelEventSerializer extends ImmutableValueSerializer<ChannelEvent> {
    private static final long serialVersionUID = 1L;

    public static final ChannelEventSerializer INSTANCE = new ChannelEventSerializer();

    private static final EventSerializer EVENTS = EventSerializer.INSTANCE;
    private static final byte ROW = 0;
    private static final byte STEP = 1;
    private static final byte FLUSH = 2;
    private static final byte RELEASE = 3;
    private static final byte DRAIN = 4;
    private static final SchemaChangeEventType[] CHANGE_TYPES = SchemaChangeEventType.values();

    public static TypeInformation<ChannelEvent> typeInfo() {
        return new FixedSerializerTypeInfo<>(ChannelEvent.class, INSTANCE, "ChannelEvent");
    }

    @Override
    public ChannelEvent createInstance() {
        return new ChannelEvent.Release(0, 0, 0, SchemaChangeEventType.ADD_COLUMN);
    }

    @Override
    public void serialize(ChannelEvent event, DataOutputView out) throws IOException {
        if (event instanceof ChannelEvent.Row row) {
            // The hot path: written directly, without a writer per row.
            out.writeByte(ROW);
            out.writeInt(row.channel());
            out.writeInt(row.schemaVersion());
            EVENTS.serialize(row.row(), out);
            return;
        }
        DataWriter writer = new DataWriter(out);
        if (event instanceof ChannelEvent.Step step) {
            out.writeByte(STEP);
            writer.intValue(step.channel());
            SinkSchemaStepCodec.write(writer, step.step());
        } else if (event instanceof ChannelEvent.Flush flush) {
            out.writeByte(FLUSH);
            writer.intValue(flush.channel())
                    .intValue(flush.sourceSubtask())
                    .longValue(flush.flushId());
            writer.list(flush.holdTables(), DataWriter::table);
            out.writeByte(flush.changeType().ordinal());
        } else if (event instanceof ChannelEvent.Drain drain) {
            out.writeByte(DRAIN);
            writer.intValue(drain.channel())
                    .intValue(drain.sourceSubtask())
                    .longValue(drain.drainId())
                    .intValue(drain.sources());
        } else {
            ChannelEvent.Release release = (ChannelEvent.Release) event;
            out.writeByte(RELEASE);
            writer.intValue(release.channel())
                    .intValue(release.sourceSubtask())
                    .longValue(release.flushId());
            out.writeByte(release.changeType().ordinal());
        }
    }

    @Override
    public ChannelEvent deserialize(DataInputView in) throws IOException {
        byte tag = in.readByte();
        int channel = in.readInt();
        if (tag == ROW) {
            return new ChannelEvent.Row(
                    channel, in.readInt(), (DataChangeEvent) EVENTS.deserialize(in));
        }
        DataReader reader = new DataReader(in);
        switch (tag) {
            case STEP:
                return new ChannelEvent.Step(channel, SinkSchemaStepCodec.read(reader));
            case FLUSH:
                return new ChannelEvent.Flush(
                        channel,
                        reader.intValue(),
                        reader.longValue(),
                        reader.list(DataReader::table),
                        CHANGE_TYPES[in.readByte()]);
            case RELEASE:
                return new ChannelEvent.Release(
                        channel,
                        reader.intValue(),
                        reader.longValue(),
                        CHANGE_TYPES[in.readByte()]);
            case DRAIN:
                return new ChannelEvent.Drain(
                        channel, reader.intValue(), reader.longValue(), reader.intValue());
            default:
                throw new IOException("Unknown channel event tag " + tag);
        }
    }

    @Override
    public TypeSerializerSnapshot<ChannelEvent> snapshotConfiguration() {
        return new Snapshot();
    }

    /** Serializer snapshot: the format has no parameters. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<ChannelEvent> {
        public Snapshot() {
            super(() -> INSTANCE);
        }
    }
}
