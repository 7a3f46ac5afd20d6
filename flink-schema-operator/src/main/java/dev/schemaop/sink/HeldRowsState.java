package dev.schemaop.sink;

import dev.schemaop.codec.DataReader;
import dev.schemaop.codec.VersionedState;
import dev.schemaop.protocol.ChannelEvent;
import dev.schemaop.protocol.ChannelEventSerializer;
import dev.schemaop.protocol.SinkSchemaStep;
import dev.schemaop.protocol.SinkSchemaStepCodec;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.core.memory.DataInputDeserializer;

import javax.annotation.Nullable;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Checkpoint bytes of the rows a sink subtask held when a checkpoint came ({@link VersionedState}):
 * the subtask and the parallelism it ran at (to send the rows to their keys' subtasks after a
 * restore at another parallelism, {@link RestoredRowsOwner}), the schema versions of their tables
 * (to bring them forward), then the rows. Version 2 had no subtask and parallelism (Flink handed
 * each subtask a part of that state), version 1 neither part lengths.
 */
final class HeldRowsState {
    private static final int VERSION = 3;
    private static final String WHAT = "held-rows state";
    private static final ChannelEventSerializer EVENTS = ChannelEventSerializer.INSTANCE;

    private HeldRowsState() {}

    /**
     * What a checkpoint of held rows holds.
     *
     * @param subtask the sink subtask that held them; -1 in the formats before version 3
     * @param parallelism the sink's parallelism then; -1 in the formats before version 3
     */
    record Held(
            int subtask,
            int parallelism,
            List<SinkSchemaStep> steps,
            List<ChannelEvent.Row> rows) {}

    static byte[] snapshot(
            int subtask,
            int parallelism,
            List<ChannelEvent.Row> rows,
            Map<TableId, SinkTableVersions> tables)
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
                writer -> {
                    writer.out().writeInt(subtask);
                    writer.out().writeInt(parallelism);
                },
                writer -> writer.list(steps, SinkSchemaStepCodec::write),
                writer -> writer.list(rows, (w, row) -> EVENTS.serialize(row, w.out())));
    }

    /**
     * The subtask and parallelism that held the rows, read without the rows; null for the formats
     * before version 3, which do not say.
     */
    @Nullable
    static int[] heldBy(byte[] bytes) throws IOException {
        DataInputDeserializer in = new DataInputDeserializer(bytes);
        return in.readInt() == VERSION
                ? VersionedState.part(in, WHAT, HeldRowsState::heldBy)
                : null;
    }

    private static int[] heldBy(DataReader reader) throws IOException {
        return new int[] {reader.in().readInt(), reader.in().readInt()};
    }

    static Held read(byte[] bytes) throws IOException {
        return VersionedState.read(
                bytes,
                WHAT,
                Map.of(
                        VERSION,
                        HeldRowsState::readV3,
                        2,
                        HeldRowsState::readV2,
                        1,
                        HeldRowsState::readV1));
    }

    /**
     * Adds the rows by table, in order, and remembers the steps of their tables: the rows given,
     * those of {@code held} that this subtask writes.
     */
    static void restore(
            Held held,
            List<ChannelEvent.Row> rows,
            Function<TableId, SinkTableVersions> versionsOf,
            Map<TableId, List<ChannelEvent.Row>> rowsByTable) {
        Set<TableId> tables = new LinkedHashSet<>();
        for (ChannelEvent.Row row : rows) {
            tables.add(row.row().tableId());
            rowsByTable.computeIfAbsent(row.row().tableId(), t -> new ArrayList<>()).add(row);
        }
        for (SinkSchemaStep step : held.steps()) {
            if (tables.contains(step.table())) {
                versionsOf.apply(step.table()).remember(step);
            }
        }
    }

    private static Held readV3(DataInputDeserializer in) throws IOException {
        int[] subtaskAndParallelism = VersionedState.part(in, WHAT, HeldRowsState::heldBy);
        return new Held(
                subtaskAndParallelism[0],
                subtaskAndParallelism[1],
                VersionedState.part(in, WHAT, reader -> reader.list(SinkSchemaStepCodec::read)),
                VersionedState.part(in, WHAT, HeldRowsState::rows));
    }

    private static Held readV2(DataInputDeserializer in) throws IOException {
        return new Held(
                -1,
                -1,
                VersionedState.part(in, WHAT, reader -> reader.list(SinkSchemaStepCodec::read)),
                VersionedState.part(in, WHAT, HeldRowsState::rows));
    }

    private static Held readV1(DataInputDeserializer in) throws IOException {
        DataReader reader = new DataReader(in);
        return new Held(-1, -1, reader.list(SinkSchemaStepCodec::read), rows(reader));
    }

    private static List<ChannelEvent.Row> rows(DataReader reader) throws IOException {
        return reader.list(r -> (ChannelEvent.Row) EVENTS.deserialize(r.in()));
    }
}
