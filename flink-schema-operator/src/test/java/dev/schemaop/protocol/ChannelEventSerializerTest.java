package dev.schemaop.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.Stream;

/** The markers travel between tasks: each comes back as it was sent. */
class ChannelEventSerializerTest {

    static Stream<ChannelEvent> markers() {
        return Stream.of(
                new ChannelEvent.Flush(
                        1,
                        2,
                        30L,
                        List.of(TableId.tableId("db", "t")),
                        SchemaChangeEventType.RENAME_COLUMN),
                new ChannelEvent.Release(1, 2, 30L, SchemaChangeEventType.DROP_TABLE),
                new ChannelEvent.Drain(3, 1, 7L, 4));
    }

    @ParameterizedTest
    @MethodSource("markers")
    void aMarkerComesBackAsItWasSent(ChannelEvent marker) throws Exception {
        DataOutputSerializer out = new DataOutputSerializer(64);
        ChannelEventSerializer.INSTANCE.serialize(marker, out);

        ChannelEvent read =
                ChannelEventSerializer.INSTANCE.deserialize(
                        new DataInputDeserializer(out.getCopyOfBuffer()));

        assertThat(read).isEqualTo(marker);
    }
}
