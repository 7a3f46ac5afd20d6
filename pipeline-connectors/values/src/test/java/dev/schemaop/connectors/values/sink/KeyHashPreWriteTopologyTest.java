package dev.schemaop.connectors.values.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.function.HashFunction;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.sink.DefaultDataChangeEventHashFunctionProvider;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.cdc.common.types.RowType;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.IntStream;

/** The lanes of the test topology check the sink's routing as Paimon's bucket assigners do. */
class KeyHashPreWriteTopologyTest {
    private static final TableId ITEMS = TableId.tableId("db", "items");
    private static final Schema SCHEMA =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("name", DataTypes.STRING())
                    .primaryKey("id")
                    .build();
    private static final BinaryRecordDataGenerator ROWS =
            new BinaryRecordDataGenerator((RowType) SCHEMA.toRowDataType());
    private static final DefaultDataChangeEventHashFunctionProvider SINK_HASHES =
            new DefaultDataChangeEventHashFunctionProvider();
    private static final HashFunction<DataChangeEvent> SINK_HASH =
            SINK_HASHES.getHashFunction(ITEMS, SCHEMA);

    @Test
    void aRowAtTheLaneTheSinksHashChoosesGoesOn() throws Exception {
        DataChangeEvent row = rowForLane(1);
        try (OneInputStreamOperatorTestHarness<Event, RoutedEvent> lane = lane(1, SINK_HASHES)) {
            lane.processElement(new StreamRecord<>(new CreateTableEvent(ITEMS, SCHEMA)));
            lane.processElement(new StreamRecord<>(row));

            List<RoutedEvent> out = lane.extractOutputValues();
            assertThat(out).hasSize(3);
            assertThat(out.subList(0, 2))
                    .extracting(RoutedEvent::writer, RoutedEvent::lane)
                    .containsExactly(Tuple.tuple(0, 1), Tuple.tuple(1, 1));
            assertThat(out.get(2).event()).isSameAs(row);
            assertThat(out.get(2).lane()).isEqualTo(1);
        }
    }

    @Test
    void aRowAtAnotherLaneThanTheSinksHashChoosesFailsTheTask() throws Exception {
        DataChangeEvent row = rowForLane(0);
        try (OneInputStreamOperatorTestHarness<Event, RoutedEvent> lane = lane(1, SINK_HASHES)) {
            lane.processElement(new StreamRecord<>(new CreateTableEvent(ITEMS, SCHEMA)));

            assertThatThrownBy(() -> lane.processElement(new StreamRecord<>(row)))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageStartingWith(
                            "A row of db.items arrived at lane 1 of the pre-write topology, but the"
                                    + " sink's hash function chooses lane 0 for it");
            assertThat(lane.extractOutputValues()).hasSize(2); // the table's creation only
        }
    }

    @Test
    void withoutTheSinksHashFunctionALaneTakesEveryRow() throws Exception {
        DataChangeEvent row = rowForLane(0);
        try (OneInputStreamOperatorTestHarness<Event, RoutedEvent> lane = lane(1, null)) {
            lane.processElement(new StreamRecord<>(new CreateTableEvent(ITEMS, SCHEMA)));
            lane.processElement(new StreamRecord<>(row));

            assertThat(lane.extractOutputValues()).hasSize(3);
        }
    }

    private static OneInputStreamOperatorTestHarness<Event, RoutedEvent> lane(
            int subtask, DefaultDataChangeEventHashFunctionProvider hashes) throws Exception {
        OneInputStreamOperatorTestHarness<Event, RoutedEvent> harness =
                new OneInputStreamOperatorTestHarness<>(
                        new KeyHashPreWriteTopology.Lanes(hashes), 128, 2, subtask);
        harness.setup(RoutedEvent.typeInfo().createSerializer(new SerializerConfigImpl()));
        harness.open();
        return harness;
    }

    /** A row of a key that the sink's hash function sends to the given one of two lanes. */
    private static DataChangeEvent rowForLane(int lane) {
        return IntStream.range(1, 100)
                .mapToObj(
                        id ->
                                DataChangeEvent.insertEvent(
                                        ITEMS,
                                        ROWS.generate(
                                                new Object[] {
                                                    id, BinaryStringData.fromString("n" + id)
                                                })))
                .filter(row -> Math.floorMod(SINK_HASH.hashcode(row), 2) == lane)
                .findFirst()
                .orElseThrow();
    }
}
