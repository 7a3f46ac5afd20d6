package dev.schemaop.operator;

import dev.schemaop.api.TableHistoryRestart;
import dev.schemaop.codec.DataReader;
import dev.schemaop.codec.DataWriter;
import dev.schemaop.codec.VersionedState;

import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.core.memory.DataInputDeserializer;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Checkpoint bytes of one schema operator subtask ({@link VersionedState}), version 5: the request
 * counter, its upstream schemas, its sink views, its truncate/drop ordinals and change positions,
 * its pending changes (oldest first), the events parked behind them (each tagged: a Flink CDC event
 * or a {@link TableHistoryRestart}), and the renamed columns of its upstream tables. Version 4 held
 * only Flink CDC events; version 3 had no renamed columns; version 2 held at most one pending
 * change; version 1 the same fields without part lengths. Several entries (after a scale-down) are
 * merged: schemas by table, the newest view of each sink table; the pending changes of the first
 * entry that has any stay pending, the other entries' become held events, then the held events in
 * entry order.
 */
final class SubtaskStateCodec {
    private static final int VERSION = 5;
    private static final String WHAT = "schema operator state";

    private SubtaskStateCodec() {}

    /** What a restore gives back beside the schemas and held events it fills in. */
    static final class Restored {
        long requestCounter;
        final List<PendingChange> pendings = new ArrayList<>();
    }

    /** One entry as read; merged into the subtask's state by {@link #restore}. */
    private record Entry(
            long requestCounter,
            Map<TableId, Schema> upstream,
            List<SinkView> views,
            Map<TableId, Integer> ordinals,
            Map<TableId, Integer> positions,
            List<PendingChange> pendings,
            List<Event> held,
            Map<TableId, Map<String, String>> renames) {}

    static byte[] snapshot(
            SubtaskSchemas schemas,
            Collection<PendingChange> pendings,
            Collection<Event> held,
            long requestCounter)
            throws IOException {
        return VersionedState.write(
                VERSION,
                writer -> writer.longValue(requestCounter),
                writer -> writer.map(schemas.upstream, DataWriter::table, DataWriter::schema),
                writer -> writer.list(schemas.sinks.values(), SubtaskStateCodec::writeView),
                writer -> writer.tableInts(schemas.destructiveOrdinals),
                writer -> writer.tableInts(schemas.positions),
                writer -> writer.list(pendings, SubtaskStateCodec::writePending),
                writer -> writer.list(held, SubtaskStateCodec::writeHeld),
                writer ->
                        writer.map(
                                schemas.renamedColumns,
                                DataWriter::table,
                                (w, names) ->
                                        w.map(names, DataWriter::string, DataWriter::string)));
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
                                    SubtaskStateCodec::readV5,
                                    4,
                                    SubtaskStateCodec::readV4,
                                    3,
                                    SubtaskStateCodec::readV3,
                                    2,
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
            if (restored.pendings.isEmpty()) {
                restored.pendings.addAll(entry.pendings());
            } else {
                entry.pendings().forEach(pending -> held.add(pending.change));
            }
            held.addAll(entry.held());
            // records only grow between a table's create and drop: of several, the longest
            entry.renames()
                    .forEach(
                            (table, names) -> {
                                Map<String, String> known = schemas.renamesOf(table);
                                if (names.size() > known.size()) {
                                    known.clear();
                                    known.putAll(names);
                                }
                            });
        }
        return restored;
    }

    private static Entry readV5(DataInputDeserializer in) throws IOException {
        return readV4(in, r -> r.list(SubtaskStateCodec::readHeld));
    }

    /** Version 4: the held events are Flink CDC's only, untagged. */
    private static Entry readV4(DataInputDeserializer in) throws IOException {
        return readV4(in, r -> r.list(DataReader::event));
    }

    private static Entry readV4(
            DataInputDeserializer in, DataReader.Element<List<Event>> heldReader)
            throws IOException {
        Entry v3 = readV3(in, heldReader);
        return new Entry(
                v3.requestCounter(),
                v3.upstream(),
                v3.views(),
                v3.ordinals(),
                v3.positions(),
                v3.pendings(),
                v3.held(),
                VersionedState.part(
                        in,
                        WHAT,
                        r ->
                                r.map(
                                        DataReader::table,
                                        names ->
                                                names.map(
                                                        DataReader::string, DataReader::string))));
    }

    /** Version 3: no renamed columns (a key kept under its old name is fed from version 4 on). */
    private static Entry readV3(DataInputDeserializer in) throws IOException {
        return readV3(in, r -> r.list(DataReader::event));
    }

    private static Entry readV3(
            DataInputDeserializer in, DataReader.Element<List<Event>> heldReader)
            throws IOException {
        return new Entry(
                VersionedState.part(in, WHAT, DataReader::longValue),
                VersionedState.part(in, WHAT, r -> r.map(DataReader::table, DataReader::schema)),
                VersionedState.part(in, WHAT, r -> r.list(SubtaskStateCodec::readView)),
                VersionedState.part(in, WHAT, DataReader::tableInts),
                VersionedState.part(in, WHAT, DataReader::tableInts),
                VersionedState.part(in, WHAT, r -> r.list(SubtaskStateCodec::readPending)),
                VersionedState.part(in, WHAT, heldReader),
                Map.of());
    }

    /** Version 2: at most one pending change, written with a presence flag. */
    private static Entry readV2(DataInputDeserializer in) throws IOException {
        return new Entry(
                VersionedState.part(in, WHAT, DataReader::longValue),
                VersionedState.part(in, WHAT, r -> r.map(DataReader::table, DataReader::schema)),
                VersionedState.part(in, WHAT, r -> r.list(SubtaskStateCodec::readView)),
                VersionedState.part(in, WHAT, DataReader::tableInts),
                VersionedState.part(in, WHAT, DataReader::tableInts),
                VersionedState.part(in, WHAT, SubtaskStateCodec::readOptionalPending),
                VersionedState.part(in, WHAT, r -> r.list(DataReader::event)),
                Map.of());
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
                readOptionalPending(reader),
                reader.list(DataReader::event),
                Map.of());
    }

    private static void writeHeld(DataWriter writer, Event event) throws IOException {
        boolean restart = event instanceof TableHistoryRestart;
        writer.out().writeBoolean(restart);
        if (restart) {
            writer.table(((TableHistoryRestart) event).tableId());
        } else {
            writer.event(event);
        }
    }

    private static Event readHeld(DataReader reader) throws IOException {
        return reader.in().readBoolean() ? new TableHistoryRestart(reader.table()) : reader.event();
    }

    private static void writeView(DataWriter writer, SinkView view) throws IOException {
        writer.table(view.table).intValue(view.version).nullableSchema(view.schema);
    }

    /** A restored view is announced again before its first row: the writers restart without it. */
    private static SinkView readView(DataReader reader) throws IOException {
        return new SinkView(reader.table(), reader.intValue(), reader.nullableSchema(), false);
    }

    private static void writePending(DataWriter writer, PendingChange pending) throws IOException {
        writer.longValue(pending.requestId).event(pending.change);
        writer.intValue(pending.ordinal)
                .intValue(pending.position)
                .tableInts(pending.knownSinkVersions);
    }

    /** Versions 1 and 2: a presence flag, then the pending change. */
    private static List<PendingChange> readOptionalPending(DataReader reader) throws IOException {
        return reader.in().readBoolean() ? List.of(readPending(reader)) : List.of();
    }

    private static PendingChange readPending(DataReader reader) throws IOException {
        return new PendingChange(
                reader.longValue(),
                (SchemaChangeEvent) reader.event(),
                reader.intValue(),
                reader.intValue(),
                reader.tableInts());
    }
}
