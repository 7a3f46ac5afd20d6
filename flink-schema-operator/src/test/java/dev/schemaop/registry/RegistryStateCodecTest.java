package dev.schemaop.registry;

import static dev.schemaop.registry.RegistryFixtures.CUSTOMERS;
import static dev.schemaop.registry.RegistryFixtures.ORDERS;
import static dev.schemaop.registry.RegistryFixtures.ORDERS_V1;
import static dev.schemaop.registry.RegistryFixtures.ORDERS_V2;
import static dev.schemaop.registry.RegistryFixtures.addPrice;
import static dev.schemaop.registry.RegistryFixtures.createOrders;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.codec.DataReader;
import dev.schemaop.codec.DataWriter;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

class RegistryStateCodecTest {
    private static final TableId MERGED = TableId.tableId("db", "all_orders");
    private static final TableId GONE = TableId.tableId("db", "gone");

    /** Two upstream tables merged into one sink table, one plain table, one dropped table. */
    private static RegistryState state() {
        RegistryState state = new RegistryState();
        state.lastSequence = 7;
        state.upstream.put(ORDERS, ORDERS_V2);
        state.upstream.put(CUSTOMERS, ORDERS_V1);
        state.destructiveHandled.put(ORDERS, 2);
        state.destructiveHandled.put(GONE, 1);
        SinkTableState merged = state.sink(MERGED);
        merged.advance(List.of(createOrders().copy(MERGED)), ORDERS_V1);
        merged.advance(List.of(addPrice().copy(MERGED)), ORDERS_V2);
        merged.sources.add(ORDERS);
        merged.sources.add(CUSTOMERS);
        SinkTableState gone = state.sink(GONE);
        gone.advance(List.of(), ORDERS_V1);
        gone.advance(List.of(), null); // dropped: no schema
        gone.sources.add(GONE);
        state.mark(ORDERS, 1, new Mark(0L, Map.of(MERGED, 1)));
        state.mark(ORDERS, 2, new Mark(0L, Map.of(MERGED, 2)));
        state.mark(CUSTOMERS, 1, new Mark(0L, Map.of(MERGED, 2)));
        state.mark(GONE, 1, new Mark(0L, Map.of(GONE, 1)));
        state.mark(GONE, 2, new Mark(0L, Map.of(GONE, 2)));
        return state;
    }

    /** Everything a checkpoint holds, in a form with equality. */
    private static Map<String, Object> checkpointed(RegistryState state) {
        Map<String, Object> view = new TreeMap<>();
        view.put("lastSequence", state.lastSequence);
        view.put("upstream", Map.copyOf(state.upstream));
        view.put("destructiveHandled", Map.copyOf(state.destructiveHandled));
        view.put("marks", Map.copyOf(state.marks)); // which positions were handled (G5, G6)
        view.put(
                "sinks",
                state.sinks.values().stream()
                        .collect(
                                Collectors.toMap(
                                        s -> s.table,
                                        s ->
                                                Arrays.asList(
                                                        s.table,
                                                        s.version,
                                                        s.schema,
                                                        List.copyOf(s.sources)))));
        return view;
    }

    @Test
    void roundTripKeepsTheWholeState() throws IOException {
        RegistryState original = state();

        RegistryState restored =
                RegistryStateCodec.deserialize(RegistryStateCodec.serialize(original));

        assertThat(checkpointed(restored)).isEqualTo(checkpointed(original));
        assertThat(restored.sink(MERGED).sources).containsExactly(ORDERS, CUSTOMERS); // in order
        assertThat(restored.sink(GONE).schema).isNull();
    }

    @Test
    void roundTripOfAnEmptyState() throws IOException {
        RegistryState restored =
                RegistryStateCodec.deserialize(RegistryStateCodec.serialize(new RegistryState()));

        assertThat(checkpointed(restored)).isEqualTo(checkpointed(new RegistryState()));
    }

    @Test
    void anUnknownVersionIsRejected() throws IOException {
        byte[] bytes = RegistryStateCodec.serialize(state());
        ByteBuffer.wrap(bytes).putInt(0, RegistryStateCodec.VERSION + 1);

        assertThatThrownBy(() -> RegistryStateCodec.deserialize(bytes))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("version " + (RegistryStateCodec.VERSION + 1));
    }

    @Test
    void trailingBytesAreRejected() throws IOException {
        byte[] bytes = RegistryStateCodec.serialize(state());
        byte[] longer = Arrays.copyOf(bytes, bytes.length + 3);

        assertThatThrownBy(() -> RegistryStateCodec.deserialize(longer))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("3 unexpected trailing bytes");
    }

    @Test
    void completedChangeRoundTrip() throws IOException {
        CompletedChange change =
                new CompletedChange(
                        new UpstreamChange(5, ORDERS, 3, 0L, ORDERS_V2, 0),
                        List.of(
                                new SinkUpdate(
                                        ORDERS, List.<SchemaChangeEvent>of(addPrice()), ORDERS_V2),
                                new SinkUpdate(MERGED, List.of(), ORDERS_V1),
                                new SinkUpdate(GONE, List.of(), null)));
        DataOutputSerializer out = new DataOutputSerializer(64);
        LogRecordCodec.writeCompleted(new DataWriter(out), change);

        DataInputDeserializer in = new DataInputDeserializer(out.getCopyOfBuffer());
        assertThat(LogRecordCodec.readCompleted(new DataReader(in))).isEqualTo(change);
        assertThat(in.available()).isZero();
    }

    @Test
    void completedChangeOfADroppedTableRoundTrip() throws IOException {
        CompletedChange drop =
                new CompletedChange(
                        new UpstreamChange(6, ORDERS, 4, 0L, (Schema) null, 1), List.of());
        DataOutputSerializer out = new DataOutputSerializer(64);
        LogRecordCodec.writeCompleted(new DataWriter(out), drop);

        assertThat(
                        LogRecordCodec.readCompleted(
                                new DataReader(new DataInputDeserializer(out.getCopyOfBuffer()))))
                .isEqualTo(drop);
    }

    /** Bytes the build before version 3 wrote (src/test/resources/state-formats). */
    @Test
    void readsTheVersion2FormatOfEarlierBuilds() throws Exception {
        byte[] bytes =
                getClass()
                        .getResourceAsStream("/state-formats/registry-state-v2.bin")
                        .readAllBytes();

        RegistryState state = RegistryStateCodec.deserialize(bytes);

        assertThat(state.lastSequence).isEqualTo(7);
        assertThat(state.logDir).isEqualTo("/tmp/some-log");
        assertThat(state.upstream).isEqualTo(Map.of(ORDERS, ORDERS_V2));
        assertThat(state.destructiveHandled).isEqualTo(Map.of(ORDERS, 2));
        assertThat(state.sink(ORDERS).version).isEqualTo(2);
        assertThat(state.sink(ORDERS).schema).isEqualTo(ORDERS_V2);
        assertThat(state.sink(ORDERS).sources).containsExactly(ORDERS);
        assertThat(state.sink(ORDERS).stepsAfter(0)).hasSize(2);
        assertThat(state.versionsAfter(ORDERS, 2, null)).isNull();
        assertThat(state.marks.get(ORDERS))
                .isEqualTo(
                        new TreeMap<>(
                                Map.of(
                                        1,
                                        new Mark(11L, Map.of(ORDERS, 1)),
                                        2,
                                        new Mark(12L, Map.of(ORDERS, 2)))));
    }
}
