package dev.schemaop.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.api.TableHistoryRestart;
import dev.schemaop.codec.DataWriter;
import dev.schemaop.codec.VersionedState;
import dev.schemaop.protocol.SinkSchemaStep;

import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A checkpoint taken while a change is pending holds the change and every event behind it; a
 * restore gets them back in order (DESIGN-NOTES §3: a defined, tested state).
 */
class SubtaskStateCodecTest {
    private static final TableId ORDERS = TableId.tableId("db", "orders");
    private static final TableId ITEMS = TableId.tableId("db", "items");
    private static final Schema SCHEMA =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("item", DataTypes.VARCHAR(10))
                    .primaryKey("id")
                    .build();

    @Test
    void pendingChangeHeldEventsAndSchemasSurviveACheckpoint() throws IOException {
        SubtaskSchemas schemas = new SubtaskSchemas();
        schemas.upstream.put(ORDERS, SCHEMA);
        schemas.sinkView(ORDERS).moveTo(new SinkSchemaStep(ORDERS, 3, List.of(), SCHEMA));
        schemas.nextOrdinal(ORDERS, SchemaChangeEventType.TRUNCATE_TABLE);
        schemas.nextPosition(ORDERS);
        schemas.nextPosition(ORDERS);
        AddColumnEvent add =
                new AddColumnEvent(
                        ORDERS,
                        List.of(
                                AddColumnEvent.last(
                                        Column.physicalColumn("qty", DataTypes.INT()))));
        PendingChange pending = new PendingChange(7, add, 0, 3, Map.of(ORDERS, 3));
        TruncateTableEvent truncateItems = new TruncateTableEvent(ITEMS);
        PendingChange later = new PendingChange(8, truncateItems, 1, 1, Map.of(ITEMS, 1));
        ArrayDeque<Event> held = new ArrayDeque<>();
        held.add(row(1, "a"));
        held.add(new TruncateTableEvent(ORDERS));
        held.add(new TableHistoryRestart(ORDERS));
        held.add(row(2, "b"));

        byte[] bytes = SubtaskStateCodec.snapshot(schemas, List.of(pending, later), held, 8);

        SubtaskSchemas restoredSchemas = new SubtaskSchemas();
        ArrayDeque<Event> restoredHeld = new ArrayDeque<>();
        SubtaskStateCodec.Restored restored =
                SubtaskStateCodec.restore(List.of(bytes), restoredSchemas, restoredHeld);

        assertThat(restored.requestCounter).isEqualTo(8);
        assertThat(restored.pendings).hasSize(2);
        assertThat(restored.pendings.get(0).change).isEqualTo(add);
        assertThat(restored.pendings.get(0).position).isEqualTo(3);
        assertThat(restored.pendings.get(0).knownSinkVersions).isEqualTo(Map.of(ORDERS, 3));
        assertThat(restored.pendings.get(1).change)
                .as("a later pending change stays pending, with its own position")
                .isEqualTo(truncateItems);
        assertThat(restored.pendings.get(1).ordinal).isEqualTo(1);
        assertThat(restored.pendings.get(1).position).isEqualTo(1);
        assertThat(restoredHeld).containsExactlyElementsOf(held);
        assertThat(restoredSchemas.upstream).isEqualTo(Map.of(ORDERS, SCHEMA));
        assertThat(restoredSchemas.sinks.get(ORDERS).version).isEqualTo(3);
        assertThat(restoredSchemas.sinks.get(ORDERS).schema).isEqualTo(SCHEMA);
        assertThat(restoredSchemas.sinks.get(ORDERS).announced)
                .as("a restored view is announced again before its first row")
                .isFalse();
        assertThat(restoredSchemas.positions).isEqualTo(Map.of(ORDERS, 2));
        assertThat(restoredSchemas.destructiveOrdinals).isEqualTo(Map.of(ORDERS, 1));
    }

    @Test
    void aSecondPendingChangeAfterAScaleDownQueuesBehindTheFirst() throws IOException {
        AddColumnEvent add =
                new AddColumnEvent(
                        ORDERS,
                        List.of(
                                AddColumnEvent.last(
                                        Column.physicalColumn("qty", DataTypes.INT()))));
        byte[] first =
                SubtaskStateCodec.snapshot(
                        new SubtaskSchemas(),
                        List.of(new PendingChange(1, add, 0, 2, Map.of())),
                        new ArrayDeque<>(List.of(row(1, "a"))),
                        1);
        byte[] second =
                SubtaskStateCodec.snapshot(
                        new SubtaskSchemas(),
                        List.of(new PendingChange(4, add, 0, 2, Map.of())),
                        new ArrayDeque<>(List.of(row(2, "b"))),
                        4);

        ArrayDeque<Event> held = new ArrayDeque<>();
        SubtaskStateCodec.Restored restored =
                SubtaskStateCodec.restore(List.of(first, second), new SubtaskSchemas(), held);

        assertThat(restored.pendings).hasSize(1);
        assertThat(restored.pendings.get(0).requestId).isEqualTo(1);
        assertThat(held).containsExactly(row(1, "a"), add, row(2, "b"));
        assertThat(restored.requestCounter).isEqualTo(4);
    }

    @Test
    void trailingBytesAreRejected() throws IOException {
        byte[] bytes =
                SubtaskStateCodec.snapshot(new SubtaskSchemas(), List.of(), new ArrayDeque<>(), 0);
        byte[] longer = Arrays.copyOf(bytes, bytes.length + 1);
        assertThatThrownBy(
                        () ->
                                SubtaskStateCodec.restore(
                                        List.of(longer), new SubtaskSchemas(), new ArrayDeque<>()))
                .hasMessageContaining("trailing bytes");
    }

    private static DataChangeEvent row(int id, String item) {
        return DataChangeEvent.insertEvent(
                ORDERS,
                new BinaryRecordDataGenerator(
                                new DataType[] {DataTypes.INT().notNull(), DataTypes.VARCHAR(10)})
                        .generate(new Object[] {id, BinaryStringData.fromString(item)}));
    }

    /** Version 3, as the build before issue 23 wrote it: no renamed columns. */
    @Test
    void readsTheVersion3FormatWithoutRenamedColumns() throws Exception {
        byte[] bytes =
                VersionedState.write(
                        3,
                        writer -> writer.longValue(5),
                        writer ->
                                writer.map(
                                        Map.of(ORDERS, SCHEMA),
                                        DataWriter::table,
                                        DataWriter::schema),
                        writer -> writer.list(List.<SinkView>of(), (w, v) -> {}),
                        writer -> writer.tableInts(Map.of()),
                        writer -> writer.tableInts(Map.of(ORDERS, 4)),
                        writer -> writer.list(List.<PendingChange>of(), (w, p) -> {}),
                        writer -> writer.list(List.<Event>of(), DataWriter::event));
        SubtaskSchemas schemas = new SubtaskSchemas();

        SubtaskStateCodec.Restored restored =
                SubtaskStateCodec.restore(List.of(bytes), schemas, new ArrayDeque<>());

        assertThat(restored.requestCounter).isEqualTo(5);
        assertThat(schemas.upstream).isEqualTo(Map.of(ORDERS, SCHEMA));
        assertThat(schemas.positions).isEqualTo(Map.of(ORDERS, 4));
        assertThat(schemas.renamedColumns).isEmpty();
    }

    /** Bytes the build before version 2 wrote (src/test/resources/state-formats). */
    @Test
    void readsTheVersion1FormatOfEarlierBuilds() throws Exception {
        byte[] bytes =
                getClass()
                        .getResourceAsStream("/state-formats/subtask-state-v1.bin")
                        .readAllBytes();
        SubtaskSchemas schemas = new SubtaskSchemas();
        ArrayDeque<Event> held = new ArrayDeque<>();

        SubtaskStateCodec.Restored restored =
                SubtaskStateCodec.restore(List.of(bytes), schemas, held);

        assertThat(restored.requestCounter).isEqualTo(7);
        assertThat(restored.pendings).hasSize(1);
        assertThat(restored.pendings.get(0).position).isEqualTo(3);
        assertThat(restored.pendings.get(0).knownSinkVersions).isEqualTo(Map.of(ORDERS, 3));
        assertThat(held).containsExactly(new TruncateTableEvent(ORDERS));
        assertThat(schemas.upstream).isEqualTo(Map.of(ORDERS, SCHEMA));
        assertThat(schemas.sinks.get(ORDERS).version).isEqualTo(3);
        assertThat(schemas.positions).isEqualTo(Map.of(ORDERS, 2));
        assertThat(schemas.destructiveOrdinals).isEqualTo(Map.of(ORDERS, 1));
    }

    /**
     * Version 2, as the build before issue 14 wrote it: the same parts, with at most one pending
     * change behind a presence flag.
     */
    @Test
    void readsTheVersion2FormatWithOnePendingChangeOrNone() throws Exception {
        SubtaskSchemas schemas = new SubtaskSchemas();
        schemas.upstream.put(ORDERS, SCHEMA);
        AddColumnEvent add =
                new AddColumnEvent(
                        ORDERS,
                        List.of(
                                AddColumnEvent.last(
                                        Column.physicalColumn("qty", DataTypes.INT()))));
        for (boolean withPending : new boolean[] {true, false}) {
            byte[] bytes =
                    VersionedState.write(
                            2,
                            writer -> writer.longValue(5),
                            writer ->
                                    writer.map(
                                            schemas.upstream,
                                            DataWriter::table,
                                            DataWriter::schema),
                            writer -> writer.list(List.<SinkView>of(), (w, v) -> {}),
                            writer -> writer.tableInts(Map.of()),
                            writer -> writer.tableInts(Map.of(ORDERS, 4)),
                            writer -> {
                                writer.out().writeBoolean(withPending);
                                if (withPending) {
                                    writer.longValue(5).event(add);
                                    writer.intValue(0).intValue(4).tableInts(Map.of(ORDERS, 2));
                                }
                            },
                            writer -> writer.list(List.of(row(3, "c")), DataWriter::event));
            ArrayDeque<Event> held = new ArrayDeque<>();
            SubtaskSchemas restoredSchemas = new SubtaskSchemas();

            SubtaskStateCodec.Restored restored =
                    SubtaskStateCodec.restore(List.of(bytes), restoredSchemas, held);

            assertThat(restored.requestCounter).isEqualTo(5);
            if (withPending) {
                assertThat(restored.pendings).hasSize(1);
                assertThat(restored.pendings.get(0).change).isEqualTo(add);
                assertThat(restored.pendings.get(0).position).isEqualTo(4);
                assertThat(restored.pendings.get(0).knownSinkVersions).isEqualTo(Map.of(ORDERS, 2));
            } else {
                assertThat(restored.pendings).isEmpty();
            }
            assertThat(held).containsExactly(row(3, "c"));
            assertThat(restoredSchemas.upstream).isEqualTo(Map.of(ORDERS, SCHEMA));
            assertThat(restoredSchemas.positions).isEqualTo(Map.of(ORDERS, 4));
        }
    }
}
