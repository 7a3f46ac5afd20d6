package dev.schemaop.operator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.protocol.ChannelEvent;
import dev.schemaop.protocol.FlushIds;
import dev.schemaop.protocol.SchemaChangeRequest;

import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.streaming.api.operators.Output;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.LatencyMarker;
import org.apache.flink.streaming.runtime.streamrecord.RecordAttributes;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.runtime.watermarkstatus.WatermarkStatus;
import org.apache.flink.util.OutputTag;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

/**
 * A subtask's markers behind a connector's pre-write topology: one on its way at a time, in the
 * order their numbers were given, and a fence takes a number of its own unless a fence that
 * releases nothing waits already.
 */
class FlushMarkersTest {
    private static final TableId T = TableId.tableId("db", "t");
    private static final SchemaChangeEventType ADD = SchemaChangeEventType.ADD_COLUMN;
    private static final SchemaChangeEventType CREATE = SchemaChangeEventType.CREATE_TABLE;

    private final List<ChannelEvent> sent = new ArrayList<>();
    private final FlushMarkers markers =
            new FlushMarkers(2, 1, new SinkChannels(new Collecting(), 1), true);

    @Test
    void behindATopologyAMarkerLeavesOnlyOnceTheOneBeforeCameThrough() {
        long first = markers.send(List.of(T), ADD);
        long second = markers.send(List.of(T), ADD);
        long fence = markers.fence(first, ADD);

        assertThat(List.of(first, second, fence))
                .containsExactly(FlushIds.of(1, 1, 2), FlushIds.of(1, 2, 2), FlushIds.of(1, 3, 2));
        assertThat(sent).containsExactly(new ChannelEvent.Flush(0, 2, first, List.of(T), ADD));
        assertThat(markers.anyWaiting()).isTrue();

        markers.through(1);
        assertThat(sent)
                .hasSize(2)
                .last()
                .isEqualTo(new ChannelEvent.Flush(0, 2, second, List.of(T), ADD));

        markers.through(1);
        assertThat(sent).as("a report of an older number sends nothing").hasSize(2);

        markers.through(2);
        assertThat(sent).hasSize(3).last().isEqualTo(new ChannelEvent.Release(0, 2, first, ADD));
        assertThat(markers.anyWaiting()).isFalse();
    }

    @Test
    void fencesThatReleaseNothingAndWaitTogetherLeaveAsOne() {
        long none = SchemaChangeRequest.NO_FLUSH;
        long onItsWay = markers.fence(none, CREATE);
        long second = markers.fence(none, CREATE);
        long third = markers.fence(none, CREATE);
        long added = markers.fence(none, ADD);

        assertThat(List.of(onItsWay, second, third, added))
                .as("the second and third wait together; a fence of another type takes its own")
                .containsExactly(
                        FlushIds.of(1, 1, 2),
                        FlushIds.of(1, 2, 2),
                        FlushIds.of(1, 2, 2),
                        FlushIds.of(1, 3, 2));

        markers.through(1);
        long afterItLeft = markers.fence(none, ADD);
        assertThat(afterItLeft).as("the fence of the add still waits").isEqualTo(added);
        markers.through(2);
        long fourth = markers.fence(none, ADD);
        assertThat(fourth)
                .as("the fence of the add has left: a fence of the same type takes a number")
                .isEqualTo(FlushIds.of(1, 4, 2));
        markers.through(3);
        markers.through(4);

        assertThat(sent)
                .as("one release per number, in order")
                .containsExactly(
                        new ChannelEvent.Release(0, 2, none, CREATE),
                        new ChannelEvent.Release(0, 2, none, CREATE),
                        new ChannelEvent.Release(0, 2, none, ADD),
                        new ChannelEvent.Release(0, 2, none, ADD));
    }

    @Test
    void aFenceThatReleasesAHoldOrComesAfterAMarkerTakesItsOwnNumber() {
        long onItsWay = markers.send(List.of(T), ADD);
        long releasing = markers.fence(onItsWay, ADD);
        long none = markers.fence(SchemaChangeRequest.NO_FLUSH, ADD);
        long marker = markers.send(List.of(T), ADD);
        long afterMarker = markers.fence(SchemaChangeRequest.NO_FLUSH, ADD);

        assertThat(List.of(onItsWay, releasing, none, marker, afterMarker))
                .containsExactly(
                        FlushIds.of(1, 1, 2),
                        FlushIds.of(1, 2, 2),
                        FlushIds.of(1, 3, 2),
                        FlushIds.of(1, 4, 2),
                        FlushIds.of(1, 5, 2));
    }

    @Test
    void withoutATopologyEveryMarkerLeavesAtOnce() {
        FlushMarkers direct = new FlushMarkers(0, 0, new SinkChannels(new Collecting(), 1), false);
        long first = direct.send(List.of(T), ADD);
        long second = direct.send(List.of(T), ADD);

        assertThat(sent)
                .containsExactly(
                        new ChannelEvent.Flush(0, 0, first, List.of(T), ADD),
                        new ChannelEvent.Flush(0, 0, second, List.of(T), ADD));
        assertThat(direct.anyWaiting()).isFalse();
    }

    private final class Collecting implements Output<StreamRecord<ChannelEvent>> {
        @Override
        public void collect(StreamRecord<ChannelEvent> record) {
            sent.add(record.getValue());
        }

        @Override
        public <X> void collect(OutputTag<X> outputTag, StreamRecord<X> record) {}

        @Override
        public void emitWatermark(Watermark mark) {}

        @Override
        public void emitWatermarkStatus(WatermarkStatus watermarkStatus) {}

        @Override
        public void emitLatencyMarker(LatencyMarker latencyMarker) {}

        @Override
        public void emitRecordAttributes(RecordAttributes recordAttributes) {}

        @Override
        public void close() {}
    }
}
