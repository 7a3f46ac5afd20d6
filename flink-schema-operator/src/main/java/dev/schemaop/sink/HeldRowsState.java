package dev.schemaop.sink;

import dev.schemaop.codec.DataReader;
import dev.schemaop.codec.VersionedState;
import dev.schemaop.protocol.ChannelEvent;
import dev.schemaop.protocol.ChannelEventSerializer;
import dev.schemaop.protocol.SinkSchemaStep;
import dev.schemaop.protocol.SinkSchemaStepCodec;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.core.memory.DataInputDeserializer;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Checkpoint bytes of the rows a sink subtask held when a checkpoint came ({@link VersionedState}):
 * the schema versions of their tables (to bring them forward after a restore), then the rows.
 * Version 1 had the same fields without part lengths.
 */
final class HeldRowsState {
    private static final int VERSION = 2;
    private static final String WHAT = "held-rows state";
    private static final ChannelEventSerializer EVENTS = ChannelEventSerializer.INSTANCE;

    private HeldRowsState() {}

    /** What a checkpoint of held rows holds. */
    record Held(List<SinkSchemaStep> steps, List<ChannelEvent.Row> rows) {}

    static byte[] snapshot(List<ChannelEvent.Row> rows, Map<TableId, SinkTableVersions> tables)
            throws IOException {
        Set<TableId> heldTables = new LinkedHashSet<>();
        rows.forEach(row -> heldTables.add(row.row().tableId()));
        List<SinkSchemaStep> steps = new ArrayList<>();
        for (TableId table : heldTables) {
            SinkTableVersions versions = tables.get(table);
            if (versions != null) {
                steps.addAll(versions.steps());
            }
        }
        return VersionedState.write(
                VERSION,
                writer -> writer.list(steps, SinkSchemaStepCodec::write),
                writer -> writer.list(rows, (w, row) -> EVENTS.serialize(row, w.out())));
    }

    /** Remembers the steps with their tables and adds the rows by table, in order. */
    static void restore(
            byte[] bytes,
            Function<TableId, SinkTableVersions> versionsOf,
            Map<TableId, List<ChannelEvent.Row>> rowsByTable)
            throws IOException {
        Held held =
                VersionedState.read(
                        bytes,
                        WHAT,
                        Map.of(VERSION, HeldRowsState::readV2, 1, HeldRowsState::readV1));
        held.steps().forEach(step -> versionsOf.apply(step.table()).remember(step));
        for (ChannelEvent.Row row : held.rows()) {
            rowsByTable.computeIfAbsent(row.row().tableId(), t -> new ArrayList<>()).add(row);
        }
    }

    private static Held readV2(DataInputDeserializer in) throws IOException {
        return new Held(
                VersionedState.part(in, WHAT, reader -> reader.list(SinkSchemaStepCodec::read)),
                VersionedState.part(in, WHAT, HeldRowsState::rows));
    }

    private static Held readV1(DataInputDeserializer in) throws IOException {
        DataReader reader = new DataReader(in);
        return new Held(reader.list(SinkSchemaStepCodec::read), rows(reader));
    }

    private static List<ChannelEvent.Row> rows(DataReader reader) throws IOException {
        return reader.list(r -> (ChannelEvent.Row) EVENTS.deserialize(r.in()));
    }
}
