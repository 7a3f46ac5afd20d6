package dev.schemaop.registry;

import dev.schemaop.codec.DataReader;
import dev.schemaop.codec.DataWriter;
import dev.schemaop.codec.VersionedState;
import dev.schemaop.protocol.SinkSchemaStepCodec;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.core.memory.DataInputDeserializer;

import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;

/**
 * Checkpoint bytes of the registry ({@link VersionedState}), version 3: the change sequence and the
 * log's directory; the upstream schemas; the truncate/drop counts; the sink tables (each with its
 * schema, version, sources and last steps); the handled positions. Version 2 held the same fields
 * without part lengths; it is read by {@link #readV2}.
 */
final class RegistryStateCodec {
    static final int VERSION = 3;
    private static final String WHAT = "schema registry state";

    private RegistryStateCodec() {}

    static byte[] serialize(RegistryState state) throws IOException {
        return VersionedState.write(
                VERSION,
                writer -> {
                    writer.longValue(state.lastSequence);
                    writer.out().writeUTF(state.logDir);
                },
                writer -> writer.map(state.upstream, DataWriter::table, DataWriter::schema),
                writer -> writer.tableInts(state.destructiveHandled),
                writer -> writer.list(state.sinks.values(), RegistryStateCodec::writeSink),
                writer ->
                        writer.map(state.marks, DataWriter::table, RegistryStateCodec::writeMarks));
    }

    static RegistryState deserialize(byte[] bytes) throws IOException {
        return VersionedState.read(
                bytes,
                WHAT,
                Map.of(VERSION, RegistryStateCodec::readV3, 2, RegistryStateCodec::readV2));
    }

    private static RegistryState readV3(DataInputDeserializer in) throws IOException {
        RegistryState state = new RegistryState();
        VersionedState.part(
                in,
                WHAT,
                reader -> {
                    state.lastSequence = reader.longValue();
                    state.logDir = reader.in().readUTF();
                    return state;
                });
        state.upstream.putAll(
                VersionedState.part(in, WHAT, r -> r.map(DataReader::table, DataReader::schema)));
        state.destructiveHandled.putAll(VersionedState.part(in, WHAT, DataReader::tableInts));
        for (SinkTableState sink :
                VersionedState.part(in, WHAT, r -> r.list(RegistryStateCodec::readSink))) {
            state.sinks.put(sink.table, sink);
        }
        VersionedState.part(in, WHAT, r -> r.map(DataReader::table, RegistryStateCodec::readMarks))
                .forEach(
                        (table, marks) ->
                                marks.forEach(
                                        (position, mark) -> state.mark(table, position, mark)));
        return state;
    }

    /** Version 2, before part lengths: the same fields in the same order. */
    private static RegistryState readV2(DataInputDeserializer in) throws IOException {
        DataReader reader = new DataReader(in);
        RegistryState state = new RegistryState();
        state.lastSequence = reader.longValue();
        state.logDir = in.readUTF();
        state.upstream.putAll(reader.map(DataReader::table, DataReader::schema));
        state.destructiveHandled.putAll(reader.tableInts());
        for (SinkTableState sink : reader.list(RegistryStateCodec::readSink)) {
            state.sinks.put(sink.table, sink);
        }
        reader.map(DataReader::table, RegistryStateCodec::readMarks)
                .forEach(
                        (table, marks) ->
                                marks.forEach(
                                        (position, mark) -> state.mark(table, position, mark)));
        return state;
    }

    private static void writeSink(DataWriter writer, SinkTableState sink) throws IOException {
        writer.table(sink.table).intValue(sink.version).nullableSchema(sink.schema);
        writer.list(sink.sources, DataWriter::table);
        // Recent steps: a subtask behind after a restore still gets the way forward.
        writer.list(sink.recentSteps(), SinkSchemaStepCodec::write);
    }

    private static SinkTableState readSink(DataReader reader) throws IOException {
        TableId table = reader.table();
        int version = reader.intValue();
        SinkTableState sink = new SinkTableState(table, reader.nullableSchema(), version);
        sink.sources.addAll(reader.list(DataReader::table));
        reader.list(SinkSchemaStepCodec::read).forEach(sink::restoreStep);
        return sink;
    }

    private static void writeMarks(DataWriter writer, TreeMap<Integer, Mark> marks)
            throws IOException {
        writer.map(marks, DataWriter::intValue, RegistryStateCodec::writeMark);
    }

    private static TreeMap<Integer, Mark> readMarks(DataReader reader) throws IOException {
        return new TreeMap<>(reader.map(DataReader::intValue, RegistryStateCodec::readMark));
    }

    private static void writeMark(DataWriter writer, Mark mark) throws IOException {
        writer.longValue(mark.upstreamFingerprint()).tableInts(mark.sinkVersions());
    }

    private static Mark readMark(DataReader reader) throws IOException {
        return new Mark(reader.longValue(), reader.tableInts());
    }
}
