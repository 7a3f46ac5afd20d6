package dev.schemaop.connectors.values.sink;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.cdc.common.types.RowType;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;

class RoutedEventTest {
    private static final RoutedEvent ROUTED =
            new RoutedEvent(
                    3,
                    1,
                    DataChangeEvent.insertEvent(
                            TableId.tableId("db", "t"),
                            new BinaryRecordDataGenerator(
                                            RowType.of(DataTypes.INT(), DataTypes.STRING()))
                                    .generate(
                                            new Object[] {
                                                7, BinaryStringData.fromString("seven")
                                            })));

    private final TypeSerializer<RoutedEvent> serializer =
            RoutedEvent.typeInfo().createSerializer(new SerializerConfigImpl());

    @Test
    void aChainedHandOverPassesTheEventItself() {
        assertThat(serializer.copy(ROUTED)).isSameAs(ROUTED);
    }

    @Test
    void anExchangeWritesAndReadsWriterLaneAndEvent() throws Exception {
        DataOutputSerializer out = new DataOutputSerializer(64);
        serializer.serialize(ROUTED, out);

        RoutedEvent read = serializer.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));

        assertThat(read).isEqualTo(ROUTED).isNotSameAs(ROUTED);
    }

    @Test
    void aSerializedCopyReadsTheSame() throws Exception {
        DataOutputSerializer out = new DataOutputSerializer(64);
        serializer.serialize(ROUTED, out);
        DataOutputSerializer copied = new DataOutputSerializer(64);

        serializer.copy(new DataInputDeserializer(out.getCopyOfBuffer()), copied);

        assertThat(serializer.deserialize(new DataInputDeserializer(copied.getCopyOfBuffer())))
                .isEqualTo(ROUTED);
    }

    @Test
    void itsSnapshotRestoresTheSameSerializer() {
        TypeSerializerSnapshot<RoutedEvent> snapshot = serializer.snapshotConfiguration();

        assertThat(snapshot.restoreSerializer()).isSameAs(serializer);
        assertThat(
                        snapshot.resolveSchemaCompatibility(serializer.snapshotConfiguration())
                                .isCompatibleAsIs())
                .isTrue();
    }
}
