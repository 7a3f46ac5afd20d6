package dev.schemaop.operator;

import dev.schemaop.codec.DataReader;
import dev.schemaop.codec.DataWriter;
import dev.schemaop.codec.VersionedState;

import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.core.memory.DataInputDeserializer;

import javax.annotation.Nullable;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;

/**
 * Checkpoint bytes of one schema operator subtask ({@link VersionedState}), version 2: the request
 * counter, its upstream schemas, its sink views, its truncate/drop ordinals and change positions,
 * its pending change, and the events held behind it. Version 1 held the same fields without part
 * lengths. Several entries (after a scale-down) are merged: schemas by table, the newest view of
 * each sink table, pending changes and held events in entry order.
 */
final class SubtaskStateCodec {
    private static final int VERSION = 2;
    private static final String WHAT = "schema operator state";

    private SubtaskStateCodec() {}

    /** What a restore gives back beside the schemas and held events it fills in. */
    static final class Restored {
        long requestCounter;
        PendingChange pending;
    }

    /** One entry as read; merged into the subtask's state by {@link #restore}. */
    private record Entry(
            long requestCounter,
            Map<TableId, Schema> upstream,
            List<SinkView> views,
            Map<TableId, Integer> ordinals,
            Map<TableId, Integer> positions,
            @Nullable PendingChange pending,
            List<Event> held) {}

    static byte[] snapshot(
            SubtaskSchemas schemas,
            @Nullable PendingChange pending,
            ArrayDeque<Event> held,
            long requestCounter)
            throws IOException {
        return VersionedState.write(
                VERSION,
                writer -> writer.longValue(requestCounter),
                writer -> writer.map(schemas.upstream, DataWriter::table, DataWriter::schema),
                writer -> writer.list(schemas.sinks.values(), SubtaskStateCodec::writeView),
                writer -> writer.tableInts(schemas.destructiveOrdinals),
                writer -> writer.tableInts(schemas.positions),
                writer -> writePending(writer, pending),
                writer -> writer.list(held, DataWriter::event));
    }

    static Restored restore(
            Iterable<byte[]> entries, SubtaskSchemas schemas, ArrayDeque<Event> held)
            throws IOException {
        Restored restored = new Restored();
        for (byte[] bytes : entries) {
            Entry entry =
                    VersionedState.read(
                            bytes,
                            WHAT,
                            Map.of(
                                    VERSION,
                                    SubtaskStateCodec::readV2,
                                    1,
                                    SubtaskStateCodec::readV1));
            restored.requestCounter = Math.max(restored.requestCounter, entry.requestCounter());
            schemas.upstream.putAll(entry.upstream());
            for (SinkView view : entry.views()) {
                SinkView existing = schemas.sinks.get(view.table);
                if (existing == null || existing.version < view.version) {
                    schemas.sinks.put(view.table, view);
                }
            }
            entry.ordinals()
                    .forEach(
                            (table, ordinal) ->
                                    schemas.destructiveOrdinals.merge(table, ordinal, Math::max));
            entry.positions()
                    .forEach(
                            (table, position) ->
                                    schemas.positions.merge(table, position, Math::max));
            if (entry.pending() != null) {
                if (restored.pending == null) {
                    restored.pending = entry.pending();
                } else {
                    held.add(entry.pending().change);
                }
            }
            held.addAll(entry.held());
        }
        return restored;
    }

    private static Entry readV2(DataInputDeserializer in) throws IOException {
        return new Entry(
                VersionedState.part(in, WHAT, DataReader::longValue),
                VersionedState.part(in, WHAT, r -> r.map(DataReader::table, DataReader::schema)),
                VersionedState.part(in, WHAT, r -> r.list(SubtaskStateCodec::readView)),
                VersionedState.part(in, WHAT, DataReader::tableInts),
                VersionedState.part(in, WHAT, DataReader::tableInts),
                VersionedState.part(in, WHAT, SubtaskStateCodec::readPending),
                VersionedState.part(in, WHAT, r -> r.list(DataReader::event)));
    }

    /** Version 1, before part lengths: the same fields in the same order. */
    private static Entry readV1(DataInputDeserializer in) throws IOException {
        DataReader reader = new DataReader(in);
        return new Entry(
                reader.longValue(),
                reader.map(DataReader::table, DataReader::schema),
                reader.list(SubtaskStateCodec::readView),
                reader.tableInts(),
                reader.tableInts(),
                readPending(reader),
                reader.list(DataReader::event));
    }

    private static void writeView(DataWriter writer, SinkView view) throws IOException {
        writer.table(view.table).intValue(view.version).nullableSchema(view.schema);
    }

    /** A restored view is announced again before its first row: the writers restart without it. */
    private static SinkView readView(DataReader reader) throws IOException {
        return new SinkView(reader.table(), reader.intValue(), reader.nullableSchema(), false);
    }

    private static void writePending(DataWriter writer, @Nullable PendingChange pending)
            throws IOException {
        writer.out().writeBoolean(pending != null);
        if (pending != null) {
            writer.longValue(pending.requestId).event(pending.change);
            writer.intValue(pending.ordinal)
                    .intValue(pending.position)
                    .tableInts(pending.knownSinkVersions);
        }
    }

    @Nullable
    private static PendingChange readPending(DataReader reader) throws IOException {
        if (!reader.in().readBoolean()) {
            return null;
        }
        return new PendingChange(
                reader.longValue(),
                (SchemaChangeEvent) reader.event(),
                reader.intValue(),
                reader.intValue(),
                reader.tableInts());
    }
}
