package dev.schemaop.sink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.codec.VersionedState;
import dev.schemaop.protocol.ChannelEvent;
import dev.schemaop.protocol.ChannelEventSerializer;
import dev.schemaop.protocol.SinkSchemaStep;
import dev.schemaop.protocol.SinkSchemaStepCodec;
import dev.schemaop.types.DiscardListener;

import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

class HeldRowsStateTest {
    private static final TableId ORDERS = TableId.tableId("db", "orders");
    private static final Schema SCHEMA =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("item", DataTypes.VARCHAR(10))
                    .primaryKey("id")
                    .build();
    private static final SinkSchemaStep CREATED =
            new SinkSchemaStep(ORDERS, 1, List.of(new CreateTableEvent(ORDERS, SCHEMA)), SCHEMA);

    private static ChannelEvent.Row row(int id, String item) {
        DataType[] types = {DataTypes.INT().notNull(), DataTypes.VARCHAR(10)};
        return new ChannelEvent.Row(
                0,
                1,
                DataChangeEvent.insertEvent(
                        ORDERS,
                        new BinaryRecordDataGenerator(types)
                                .generate(new Object[] {id, BinaryStringData.fromString(item)})));
    }

    private final Map<TableId, SinkTableVersions> tables = new HashMap<>();

    private SinkTableVersions versionsOf(TableId table) {
        return tables.computeIfAbsent(table, t -> new SinkTableVersions(t, DiscardListener.NONE));
    }

    @Test
    void heldRowsTheirSubtaskAndTheStepsOfTheirTablesSurviveACheckpoint() throws Exception {
        versionsOf(ORDERS).remember(CREATED);
        byte[] bytes =
                HeldRowsState.snapshot(2, 3, List.of(row(1, "a"), row(2, "b")), Map.copyOf(tables));
        tables.clear();

        HeldRowsState.Held held = HeldRowsState.read(bytes);

        assertThat(held)
                .isEqualTo(
                        new HeldRowsState.Held(
                                2, 3, List.of(CREATED), List.of(row(1, "a"), row(2, "b"))));
    }

    @Test
    void theSubtaskAndParallelismAreReadWithoutTheRows() throws Exception {
        byte[] bytes = HeldRowsState.snapshot(2, 3, List.of(row(1, "a")), Map.of());

        assertThat(HeldRowsState.heldBy(bytes)).containsExactly(2, 3);
    }

    @Test
    void theRowsTakenAreAddedByTableWithTheStepsOfTheirTablesOnly() {
        TableId other = TableId.tableId("db", "other");
        SinkSchemaStep otherCreated =
                new SinkSchemaStep(other, 1, List.of(new CreateTableEvent(other, SCHEMA)), SCHEMA);
        HeldRowsState.Held held =
                new HeldRowsState.Held(
                        0, 2, List.of(CREATED, otherCreated), List.of(row(1, "a"), row(2, "b")));
        Map<TableId, List<ChannelEvent.Row>> restored = new HashMap<>();

        HeldRowsState.restore(held, List.of(row(2, "b")), this::versionsOf, restored);

        assertThat(restored).isEqualTo(Map.of(ORDERS, List.of(row(2, "b"))));
        assertThat(tables).containsOnlyKeys(ORDERS);
        assertThat(versionsOf(ORDERS).steps()).containsExactly(CREATED);
    }

    /** The format before version 3 (a subtask's part of a split list state) has no subtask. */
    @Test
    void readsTheVersion2FormatOfEarlierBuilds() throws Exception {
        byte[] bytes =
                VersionedState.write(
                        2,
                        writer -> writer.list(List.of(CREATED), SinkSchemaStepCodec::write),
                        writer ->
                                writer.list(
                                        List.of(row(1, "a")),
                                        (w, row) ->
                                                ChannelEventSerializer.INSTANCE.serialize(
                                                        row, w.out())));

        assertThat(HeldRowsState.read(bytes))
                .isEqualTo(new HeldRowsState.Held(-1, -1, List.of(CREATED), List.of(row(1, "a"))));
        assertThat(HeldRowsState.heldBy(bytes)).as("the format does not say").isNull();
    }

    /** Bytes the build before version 2 wrote (src/test/resources/state-formats). */
    @Test
    void readsTheVersion1FormatOfEarlierBuilds() throws Exception {
        byte[] bytes =
                getClass().getResourceAsStream("/state-formats/held-rows-v1.bin").readAllBytes();

        assertThat(HeldRowsState.read(bytes))
                .isEqualTo(new HeldRowsState.Held(-1, -1, List.of(CREATED), List.of(row(1, "a"))));
    }
}
