package dev.schemaop.operator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.protocol.ChannelEvent;
import dev.schemaop.protocol.LaneRelay;
import dev.schemaop.protocol.SinkSchemaStep;

import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

class SinkChannelsTest {
    private static final TableId T = TableId.tableId("db", "t");
    private static final SchemaChangeEventType ADD = SchemaChangeEventType.ADD_COLUMN;
    private static final Schema SCHEMA =
            Schema.newBuilder().physicalColumn("id", DataTypes.STRING()).primaryKey("id").build();
    private static final DataChangeEvent ROW =
            DataChangeEvent.insertEvent(
                    T,
                    new BinaryRecordDataGenerator(new DataType[] {DataTypes.STRING()})
                            .generate(new Object[] {BinaryStringData.fromString("a")}));

    private final List<ChannelEvent> sent = new ArrayList<>();
    private final List<LaneRelay> relayed = new ArrayList<>();

    @Test
    void everyChannelIsANetworkChannelWithoutATopology() {
        SinkChannels channels = new SinkChannels(new CollectingOutput(sent), 3);

        channels.row(2, 1, ROW);
        channels.flush(0, 7, List.of(T), ADD);
        channels.push();

        assertThat(sent)
                .containsExactly(
                        new ChannelEvent.Row(2, 1, ROW),
                        new ChannelEvent.Flush(0, 0, 7, List.of(T), ADD),
                        new ChannelEvent.Flush(1, 0, 7, List.of(T), ADD),
                        new ChannelEvent.Flush(2, 0, 7, List.of(T), ADD));
    }

    @Test
    void behindATopologyRowsStayInTheLaneAndTheOtherLanesCopiesGoThroughTheRegistry() {
        SinkChannels channels = SinkChannels.lanes(new CollectingOutput(sent), 3, 1, relayed::add);
        SinkSchemaStep announced = SinkSchemaStep.reset(T, 1, SCHEMA);

        channels.step(announced); // a view's first announcement: not pushed
        channels.row(2, 1, ROW);
        assertThat(relayed).isEmpty();
        channels.flush(1, 7, List.of(T), ADD);
        channels.release(1, 7, ADD);
        channels.push();

        assertThat(sent)
                .containsExactly(
                        new ChannelEvent.Step(1, announced),
                        new ChannelEvent.Row(1, 1, ROW),
                        new ChannelEvent.Flush(1, 1, 7, List.of(T), ADD),
                        new ChannelEvent.Release(1, 1, 7, ADD));
        assertThat(relayed).hasSize(1);
        assertThat(relayed.get(0).from()).isEqualTo(1);
        assertThat(relayed.get(0).events())
                .containsExactly(
                        new ChannelEvent.Step(0, announced),
                        new ChannelEvent.Step(2, announced),
                        new ChannelEvent.Flush(0, 1, 7, List.of(T), ADD),
                        new ChannelEvent.Flush(2, 1, 7, List.of(T), ADD),
                        new ChannelEvent.Release(0, 1, 7, ADD),
                        new ChannelEvent.Release(2, 1, 7, ADD));

        channels.push();
        assertThat(relayed).as("nothing new: nothing relayed").hasSize(1);
    }

    @Test
    void whatAnotherSubtaskRelayedGoesIntoTheLaneAsItCame() {
        SinkChannels channels = SinkChannels.lanes(new CollectingOutput(sent), 2, 0, relayed::add);
        List<ChannelEvent> fromSubtask1 =
                List.of(
                        new ChannelEvent.Flush(0, 1, 9, List.of(T), ADD),
                        new ChannelEvent.Release(0, 1, 9, ADD));

        channels.relayed(LaneRelay.of(1, fromSubtask1).events());

        assertThat(sent).isEqualTo(fromSubtask1);
        assertThat(relayed).isEmpty();
    }
}
