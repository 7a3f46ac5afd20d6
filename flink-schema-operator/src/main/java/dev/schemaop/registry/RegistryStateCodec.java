package dev.schemaop.registry;

import dev.schemaop.operator.ShapedEventSerializer;
import dev.schemaop.protocol.SinkSchemaStep;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.runtime.serializer.TableIdSerializer;
import org.apache.flink.cdc.runtime.serializer.event.EventSerializer;
import org.apache.flink.cdc.runtime.serializer.schema.SchemaSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputView;

import javax.annotation.Nullable;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Checkpoint bytes of the registry: a format version, then the state, with a check for
 * trailing bytes. The same record format serves the applied-change log.
 */
final class RegistryStateSerializer {
    static final int VERSION = 2;
    private static final TableIdSerializer TABLE_IDS = TableIdSerializer.INSTANCE;
    private static final SchemaSerializer SCHEMAS = SchemaSerializer.INSTANCE;
    private static final EventSerializer EVENTS = EventSerializer.INSTANCE;

    private RegistryStateSerializer() {}

    static byte[] serialize(RegistryState state) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(4096);
        out.writeInt(VERSION);
        out.writeLong(state.lastSequence);
        out.writeUTF(state.logDir);
        out.writeInt(state.upstream.size());
        for (Map.Entry<TableId, Schema> e : state.upstream.entrySet()) {
            TABLE_IDS.serialize(e.getKey(), out);
            SCHEMAS.serialize(e.getValue(), out);
        }
        out.writeInt(state.destructiveHandled.size());
        for (Map.Entry<TableId, Integer> e : state.destructiveHandled.entrySet()) {
            TABLE_IDS.serialize(e.getKey(), out);
            out.writeInt(e.getValue());
        }
        out.writeInt(state.sinks.size());
        for (SinkTableState sink : state.sinks.values()) {
            TABLE_IDS.serialize(sink.table, out);
            out.writeInt(sink.version);
            writeNullableSchema(sink.schema, out);
            out.writeInt(sink.sources.size());
            for (TableId source : sink.sources) {
                TABLE_IDS.serialize(source, out);
            }
            // Recent steps: a subtask behind after a restore still gets the way forward.
            List<SinkSchemaStep> steps = sink.recentSteps();
            out.writeInt(steps.size());
            for (SinkSchemaStep step : steps) {
                ShapedEventSerializer.serializeStep(step, out);
            }
        }
        out.writeInt(state.marks.size());
        for (Map.Entry<TableId, TreeMap<Integer, Mark>> table : state.marks.entrySet()) {
            TABLE_IDS.serialize(table.getKey(), out);
            out.writeInt(table.getValue().size());
            for (Map.Entry<Integer, Mark> mark : table.getValue().entrySet()) {
                out.writeInt(mark.getKey());
                out.writeLong(mark.getValue().upstreamFingerprint());
                writeVersions(mark.getValue().sinkVersions(), out);
            }
        }
        return out.getCopyOfBuffer();
    }

    static RegistryState deserialize(byte[] bytes) throws IOException {
        DataInputDeserializer in = new DataInputDeserializer(bytes);
        int version = in.readInt();
        if (version != VERSION) {
            throw new IOException(
                    "Unknown schema registry state version " + version + "; this build reads " + VERSION
                            + ". Start the pipeline without this savepoint, or with the build that wrote it.");
        }
        RegistryState state = new RegistryState();
        state.lastSequence = in.readLong();
        state.logDir = in.readUTF();
        for (int i = in.readInt(); i > 0; i--) {
            state.upstream.put(TABLE_IDS.deserialize(in), SCHEMAS.deserialize(in));
        }
        for (int i = in.readInt(); i > 0; i--) {
            state.destructiveHandled.put(TABLE_IDS.deserialize(in), in.readInt());
        }
        for (int i = in.readInt(); i > 0; i--) {
            TableId table = TABLE_IDS.deserialize(in);
            int sinkVersion = in.readInt();
            SinkTableState sink = new SinkTableState(table, readNullableSchema(in), sinkVersion);
            for (int j = in.readInt(); j > 0; j--) {
                sink.sources.add(TABLE_IDS.deserialize(in));
            }
            for (int j = in.readInt(); j > 0; j--) {
                sink.restoreStep(ShapedEventSerializer.deserializeStep(in));
            }
            state.sinks.put(table, sink);
        }
        for (int i = in.readInt(); i > 0; i--) {
            TableId table = TABLE_IDS.deserialize(in);
            for (int j = in.readInt(); j > 0; j--) {
                int position = in.readInt();
                long fingerprint = in.readLong();
                state.mark(table, position, new Mark(fingerprint, readVersions(in)));
            }
        }
        if (in.available() > 0) {
            throw new IOException(in.available() + " unexpected trailing bytes in registry state");
        }
        return state;
    }

    static void writeCompleted(CompletedChange change, DataOutputView out) throws IOException {
        out.writeLong(change.sequence());
        TABLE_IDS.serialize(change.upstreamTable(), out);
        out.writeInt(change.position());
        out.writeLong(change.reportedFingerprint());
        writeNullableSchema(change.upstreamAfter(), out);
        out.writeInt(change.ordinal());
        out.writeInt(change.sinkUpdates().size());
        for (SinkUpdate update : change.sinkUpdates()) {
            TABLE_IDS.serialize(update.sink(), out);
            out.writeInt(update.events().size());
            for (SchemaChangeEvent event : update.events()) {
                EVENTS.serialize(event, out);
            }
            writeNullableSchema(update.schemaAfter(), out);
        }
    }

    static CompletedChange readCompleted(DataInputView in) throws IOException {
        long sequence = in.readLong();
        TableId upstreamTable = TABLE_IDS.deserialize(in);
        int position = in.readInt();
        long reportedFingerprint = in.readLong();
        Schema upstreamAfter = readNullableSchema(in);
        int ordinal = in.readInt();
        List<SinkUpdate> updates = new ArrayList<>();
        for (int i = in.readInt(); i > 0; i--) {
            TableId sink = TABLE_IDS.deserialize(in);
            List<SchemaChangeEvent> events = new ArrayList<>();
            for (int j = in.readInt(); j > 0; j--) {
                events.add((SchemaChangeEvent) EVENTS.deserialize(in));
            }
            updates.add(new SinkUpdate(sink, events, readNullableSchema(in)));
        }
        return new CompletedChange(
                sequence, upstreamTable, position, reportedFingerprint, upstreamAfter, ordinal, updates);
    }

    static void writeIntent(ChangeIntent intent, DataOutputView out) throws IOException {
        out.writeLong(intent.sequence());
        TABLE_IDS.serialize(intent.upstreamTable(), out);
        out.writeInt(intent.position());
        out.writeLong(intent.reportedFingerprint());
        writeNullableSchema(intent.upstreamAfter(), out);
        out.writeInt(intent.ordinal());
        out.writeInt(intent.sinks().size());
        for (SinkPlan sink : intent.sinks()) {
            TABLE_IDS.serialize(sink.sink(), out);
            out.writeInt(sink.baseVersion());
            writeNullableSchema(sink.baseSchema(), out);
            out.writeInt(sink.events().size());
            for (SchemaChangeEvent event : sink.events()) {
                EVENTS.serialize(event, out);
            }
        }
    }

    static ChangeIntent readIntent(DataInputView in) throws IOException {
        long sequence = in.readLong();
        TableId upstreamTable = TABLE_IDS.deserialize(in);
        int position = in.readInt();
        long reportedFingerprint = in.readLong();
        Schema upstreamAfter = readNullableSchema(in);
        int ordinal = in.readInt();
        List<SinkPlan> sinks = new ArrayList<>();
        for (int i = in.readInt(); i > 0; i--) {
            TableId sink = TABLE_IDS.deserialize(in);
            int baseVersion = in.readInt();
            Schema baseSchema = readNullableSchema(in);
            List<SchemaChangeEvent> events = new ArrayList<>();
            for (int j = in.readInt(); j > 0; j--) {
                events.add((SchemaChangeEvent) EVENTS.deserialize(in));
            }
            sinks.add(new SinkPlan(sink, baseVersion, baseSchema, events, List.of()));
        }
        return new ChangeIntent(sequence, upstreamTable, position, reportedFingerprint, upstreamAfter, ordinal, sinks);
    }

    private static void writeVersions(Map<TableId, Integer> versions, DataOutputView out)
            throws IOException {
        out.writeInt(versions.size());
        for (Map.Entry<TableId, Integer> e : versions.entrySet()) {
            TABLE_IDS.serialize(e.getKey(), out);
            out.writeInt(e.getValue());
        }
    }

    private static Map<TableId, Integer> readVersions(DataInputView in) throws IOException {
        Map<TableId, Integer> versions = new HashMap<>();
        for (int i = in.readInt(); i > 0; i--) {
            versions.put(TABLE_IDS.deserialize(in), in.readInt());
        }
        return versions;
    }

    private static void writeNullableSchema(@Nullable Schema schema, DataOutputView out)
            throws IOException {
        out.writeBoolean(schema != null);
        if (schema != null) {
            SCHEMAS.serialize(schema, out);
        }
    }

    @Nullable
    private static Schema readNullableSchema(DataInputView in) throws IOException {
        return in.readBoolean() ? SCHEMAS.deserialize(in) : null;
    }
}
