package dev.schemaop.operator;

import dev.schemaop.protocol.ChannelEvent;

import org.apache.flink.streaming.api.operators.Output;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.LatencyMarker;
import org.apache.flink.streaming.runtime.streamrecord.RecordAttributes;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.runtime.watermarkstatus.WatermarkStatus;
import org.apache.flink.util.OutputTag;

import java.util.List;

/** A schema operator's output that keeps what was emitted, in order. */
final class CollectingOutput implements Output<StreamRecord<ChannelEvent>> {
    private final List<ChannelEvent> sent;

    CollectingOutput(List<ChannelEvent> sent) {
        this.sent = sent;
    }

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
