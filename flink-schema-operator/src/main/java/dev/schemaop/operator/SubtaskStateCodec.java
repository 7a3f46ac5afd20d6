package dev.schemaop.operator;

import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.runtime.serializer.TableIdSerializer;
import org.apache.flink.cdc.runtime.serializer.event.EventSerializer;
import org.apache.flink.cdc.runtime.serializer.schema.SchemaSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * Checkpoint bytes of one schema operator subtask: a format version, then its schemas, its
 * pending change and the events held behind it. Several entries (after a scale-down) are
 * merged: schemas by table, pending changes and held events in entry order.
 */
final class SubtaskStateSerializer {
    private static final int VERSION = 1;
    private static final TableIdSerializer TABLE_IDS = TableIdSerializer.INSTANCE;
    private static final SchemaSerializer SCHEMAS = SchemaSerializer.INSTANCE;
    private static final EventSerializer EVENTS = EventSerializer.INSTANCE;

    private SubtaskStateSerializer() {}

    /** What a restore gives back beside the schemas and held events it fills in. */
    static final class Restored {
        long requestCounter;
        PendingChange pending;
    }

    static byte[] snapshot(
            SubtaskSchemas schemas,
            PendingChange pending,
            ArrayDeque<Event> held,
            long requestCounter)
            throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(1024);
        out.writeInt(VERSION);
        out.writeLong(requestCounter);
        out.writeInt(schemas.upstream.size());
        for (Map.Entry<TableId, Schema> e : schemas.upstream.entrySet()) {
            TABLE_IDS.serialize(e.getKey(), out);
            SCHEMAS.serialize(e.getValue(), out);
        }
        out.writeInt(schemas.sinks.size());
        for (SinkView view : schemas.sinks.values()) {
            TABLE_IDS.serialize(view.table, out);
            out.writeInt(view.version);
            out.writeBoolean(view.schema != null);
            if (view.schema != null) {
                SCHEMAS.serialize(view.schema, out);
            }
        }
        out.writeInt(schemas.destructiveOrdinals.size());
        for (Map.Entry<TableId, Integer> e : schemas.destructiveOrdinals.entrySet()) {
            TABLE_IDS.serialize(e.getKey(), out);
            out.writeInt(e.getValue());
        }
        out.writeInt(schemas.positions.size());
        for (Map.Entry<TableId, Integer> e : schemas.positions.entrySet()) {
            TABLE_IDS.serialize(e.getKey(), out);
            out.writeInt(e.getValue());
        }
        out.writeBoolean(pending != null);
        if (pending != null) {
            out.writeLong(pending.requestId);
            EVENTS.serialize(pending.change, out);
            out.writeInt(pending.ordinal);
            out.writeInt(pending.position);
            out.writeInt(pending.knownSinkVersions.size());
            for (Map.Entry<TableId, Integer> e : pending.knownSinkVersions.entrySet()) {
                TABLE_IDS.serialize(e.getKey(), out);
                out.writeInt(e.getValue());
            }
        }
        out.writeInt(held.size());
        for (Event event : held) {
            EVENTS.serialize(event, out);
        }
        return out.getCopyOfBuffer();
    }

    static Restored restore(Iterable<byte[]> entries, SubtaskSchemas schemas, ArrayDeque<Event> held)
            throws IOException {
        Restored restored = new Restored();
        for (byte[] bytes : entries) {
            DataInputDeserializer in = new DataInputDeserializer(bytes);
            int version = in.readInt();
            if (version != VERSION) {
                throw new IOException(
                        "Unknown schema operator state version "
                                + version
                                + "; this build reads version "
                                + VERSION);
            }
            restored.requestCounter = Math.max(restored.requestCounter, in.readLong());
            for (int i = in.readInt(); i > 0; i--) {
                schemas.upstream.put(TABLE_IDS.deserialize(in), SCHEMAS.deserialize(in));
            }
            for (int i = in.readInt(); i > 0; i--) {
                TableId table = TABLE_IDS.deserialize(in);
                int sinkVersion = in.readInt();
                Schema schema = in.readBoolean() ? SCHEMAS.deserialize(in) : null;
                SinkView existing = schemas.sinks.get(table);
                if (existing == null || existing.version < sinkVersion) {
                    schemas.sinks.put(table, new SinkView(table, sinkVersion, schema, false));
                }
            }
            for (int i = in.readInt(); i > 0; i--) {
                schemas.destructiveOrdinals.merge(
                        TABLE_IDS.deserialize(in), in.readInt(), Math::max);
            }
            for (int i = in.readInt(); i > 0; i--) {
                schemas.positions.merge(TABLE_IDS.deserialize(in), in.readInt(), Math::max);
            }
            if (in.readBoolean()) {
                long requestId = in.readLong();
                SchemaChangeEvent change = (SchemaChangeEvent) EVENTS.deserialize(in);
                int ordinal = in.readInt();
                int position = in.readInt();
                Map<TableId, Integer> known = new HashMap<>();
                for (int i = in.readInt(); i > 0; i--) {
                    known.put(TABLE_IDS.deserialize(in), in.readInt());
                }
                PendingChange pending =
                        new PendingChange(requestId, change, ordinal, position, known);
                if (restored.pending == null) {
                    restored.pending = pending;
                } else {
                    held.add(change);
                }
            }
            for (int i = in.readInt(); i > 0; i--) {
                held.add(EVENTS.deserialize(in));
            }
            if (in.available() > 0) {
                throw new IOException(
                        in.available() + " unexpected trailing bytes in schema operator state");
            }
        }
        return restored;
    }
}
