package dev.schemaop.operator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.protocol.ChannelEvent;
import dev.schemaop.protocol.FlushIds;

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
 * order their numbers were given, and a fence takes a number of its own.
 */
class FlushMarkersTest {
    private static final TableId T = TableId.tableId("db", "t");
    private static final SchemaChangeEventType ADD = SchemaChangeEventType.ADD_COLUMN;

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
