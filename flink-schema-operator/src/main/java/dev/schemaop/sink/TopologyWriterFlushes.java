package dev.schemaop.sink;

import dev.schemaop.protocol.ChannelEvent;

import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.FlushEvent;
import org.apache.flink.runtime.io.network.api.writer.ResultPartitionWriter;
import org.apache.flink.streaming.api.operators.Output;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

import java.io.IOException;
import java.util.List;

/**
 * The writers sit behind the connector's pre-write topology: each marker becomes a Flink CDC {@code
 * FlushEvent} into the topology, and the writers acknowledge it once it came through from every
 * subtask of the topology ({@link WriterFlushAcknowledger}). A release is a fence too, behind every
 * event of its change; a drain is a {@link DrainFlush}.
 */
final class TopologyWriterFlushes implements WriterFlushes {
    private final Output<StreamRecord<Event>> output;
    private final ResultPartitionWriter[] network;

    /**
     * @param network the task's network outputs, where the topology sends to the writers
     */
    TopologyWriterFlushes(Output<StreamRecord<Event>> output, ResultPartitionWriter[] network) {
        this.output = output;
        this.network = network;
    }

    @Override
    public void flush(ChannelEvent.Flush marker) throws IOException {
        send(new FlushEvent(marker.sourceSubtask(), marker.holdTables(), marker.changeType()));
    }

    @Override
    public void released(ChannelEvent.Release marker) throws IOException {
        send(new FlushEvent(marker.sourceSubtask(), List.of(), marker.changeType()));
    }

    @Override
    public void drained(ChannelEvent.Drain marker) throws IOException {
        send(DrainFlush.of(marker.drainId()));
    }

    /**
     * Hands {@code flush} to the topology and sends what it emitted to the writers at once, not
     * when the network buffer fills or the buffer timeout expires: a change waits for its flush and
     * its fence to come through (as {@code operator.MarkerFlusher} does for the markers).
     */
    private void send(FlushEvent flush) throws IOException {
        output.collect(new StreamRecord<>(flush));
        for (ResultPartitionWriter writer : network) {
            writer.flushAll();
        }
    }
}
