package dev.schemaop.sink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.protocol.ChannelEvent;
import dev.schemaop.protocol.SinkSchemaStep;
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
    void heldRowsAndTheStepsOfTheirTablesSurviveACheckpoint() throws Exception {
        versionsOf(ORDERS).remember(CREATED);
        byte[] bytes =
                HeldRowsState.snapshot(List.of(row(1, "a"), row(2, "b")), Map.copyOf(tables));
        tables.clear();
        Map<TableId, List<ChannelEvent.Row>> restored = new HashMap<>();

        HeldRowsState.restore(bytes, this::versionsOf, restored);

        assertThat(restored).isEqualTo(Map.of(ORDERS, List.of(row(1, "a"), row(2, "b"))));
        assertThat(versionsOf(ORDERS).steps()).containsExactly(CREATED);
    }

    /** Bytes the build before version 2 wrote (src/test/resources/state-formats). */
    @Test
    void readsTheVersion1FormatOfEarlierBuilds() throws Exception {
        byte[] bytes =
                getClass().getResourceAsStream("/state-formats/held-rows-v1.bin").readAllBytes();
        Map<TableId, List<ChannelEvent.Row>> restored = new HashMap<>();

        HeldRowsState.restore(bytes, this::versionsOf, restored);

        assertThat(restored).isEqualTo(Map.of(ORDERS, List.of(row(1, "a"))));
        assertThat(versionsOf(ORDERS).steps()).containsExactly(CREATED);
    }
}
