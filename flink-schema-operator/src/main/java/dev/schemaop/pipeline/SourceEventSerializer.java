package dev.schemaop.pipeline;

import dev.schemaop.api.SkippedSourceChange;
import dev.schemaop.api.TableHistoryRestart;
import dev.schemaop.codec.FixedSerializerTypeInfo;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.runtime.serializer.event.EventSerializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.flink.types.StringValue;

import java.io.IOException;

/**
 * The source's events: Flink CDC's, as its {@link EventSerializer} writes them, and this project's
 * {@link SkippedSourceChange}, which a source emits where it left a change out, and {@link
 * TableHistoryRestart}, which a sharded source emits where a split begins a table's history. One
 * tag byte says which. Between a source and the schema operator chained to it, Flink copies each
 * event through this serializer (object reuse is off); Flink CDC's serializer alone refuses an
 * event type it does not know.
 */
public final class SourceEventSerializer extends TypeSerializer<Event> {
    private static final long serialVersionUID = 1L;

    static final SourceEventSerializer INSTANCE = new SourceEventSerializer();

    /** The type of the source's stream. */
    static TypeInformation<Event> typeInfo() {
        return new FixedSerializerTypeInfo<>(Event.class, INSTANCE, "SourceEvent");
    }

    private static final byte FLINK_CDC = 0;
    private static final byte SKIPPED = 1;
    private static final byte HISTORY_RESTART = 2;

    @Override
    public boolean isImmutableType() {
        return false;
    }

    @Override
    public TypeSerializer<Event> duplicate() {
        return this;
    }

    @Override
    public Event createInstance() {
        return EventSerializer.INSTANCE.createInstance();
    }

    @Override
    public Event copy(Event from) {
        // immutable
        return from instanceof SkippedSourceChange || from instanceof TableHistoryRestart
                ? from
                : EventSerializer.INSTANCE.copy(from);
    }

    @Override
    public Event copy(Event from, Event reuse) {
        return copy(from);
    }

    @Override
    public int getLength() {
        return -1;
    }

    @Override
    public void serialize(Event event, DataOutputView out) throws IOException {
        if (event instanceof SkippedSourceChange skipped) {
            out.writeByte(SKIPPED);
            TableId table = skipped.table();
            out.writeBoolean(table != null);
            if (table != null) {
                writeTable(table, out);
            }
            StringValue.writeString(skipped.statement(), out);
            StringValue.writeString(skipped.reason(), out);
            StringValue.writeString(skipped.position(), out);
        } else if (event instanceof TableHistoryRestart restart) {
            out.writeByte(HISTORY_RESTART);
            writeTable(restart.tableId(), out);
        } else {
            out.writeByte(FLINK_CDC);
            EventSerializer.INSTANCE.serialize(event, out);
        }
    }

    @Override
    public Event deserialize(DataInputView in) throws IOException {
        byte tag = in.readByte();
        if (tag == FLINK_CDC) {
            return EventSerializer.INSTANCE.deserialize(in);
        }
        if (tag == HISTORY_RESTART) {
            return new TableHistoryRestart(readTable(in));
        }
        if (tag != SKIPPED) {
            throw new IOException("Unknown source event tag " + tag);
        }
        TableId table = in.readBoolean() ? readTable(in) : null;
        return new SkippedSourceChange(
                table,
                StringValue.readString(in),
                StringValue.readString(in),
                StringValue.readString(in));
    }

    private static void writeTable(TableId table, DataOutputView out) throws IOException {
        // each part on its own: a name may hold a dot
        StringValue.writeString(table.getNamespace(), out);
        StringValue.writeString(table.getSchemaName(), out);
        StringValue.writeString(table.getTableName(), out);
    }

    private static TableId readTable(DataInputView in) throws IOException {
        String namespace = StringValue.readString(in);
        String schema = StringValue.readString(in);
        String table = StringValue.readString(in);
        if (namespace != null) {
            return TableId.tableId(namespace, schema, table);
        }
        return schema != null ? TableId.tableId(schema, table) : TableId.tableId(table);
    }

    @Override
    public Event deserialize(Event reuse, DataInputView in) throws IOException {
        return deserialize(in);
    }

    @Override
    public void copy(DataInputView in, DataOutputView out) throws IOException {
        serialize(deserialize(in), out);
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof SourceEventSerializer;
    }

    @Override
    public int hashCode() {
        return SourceEventSerializer.class.hashCode();
    }

    @Override
    public TypeSerializerSnapshot<Event> snapshotConfiguration() {
        return new Snapshot();
    }

    /** Serializer configuration snapshot for compatibility and format evolution. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<Event> {
        public Snapshot() {
            super(() -> INSTANCE);
        }
    }
}
