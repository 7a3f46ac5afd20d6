package dev.schemaop.connectors.values.source;

import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.cdc.common.event.Event;

import java.util.ArrayList;
import java.util.List;

/** Collects what a reader emits. */
final class CollectingOutput implements ReaderOutput<Event> {

    final List<Event> events = new ArrayList<>();

    @Override
    public void collect(Event record) {
        events.add(record);
    }

    @Override
    public void collect(Event record, long timestamp) {
        events.add(record);
    }

    @Override
    public void emitWatermark(Watermark watermark) {}

    @Override
    public void markIdle() {}

    @Override
    public void markActive() {}

    @Override
    public SourceOutput<Event> createOutputForSplit(String splitId) {
        return this;
    }

    @Override
    public void releaseOutputForSplit(String splitId) {}
}
