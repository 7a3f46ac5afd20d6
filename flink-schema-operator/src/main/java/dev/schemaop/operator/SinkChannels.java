package dev.schemaop.operator;

import dev.schemaop.protocol.ChannelEvent;
import dev.schemaop.protocol.LaneRelay;
import dev.schemaop.protocol.SinkSchemaStep;

import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.streaming.api.operators.Output;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The data channel to the sink subtasks: a row goes to the subtask its table and key chose; steps
 * and markers go to every one. Flush and release markers, and the steps of an answer, are pushed to
 * the network at once ({@link MarkerFlusher}); a view's first announcement (a reset step before its
 * first row) and rows keep Flink's buffering.
 *
 * <p>Behind a connector's pre-write topology ({@link #lanes}) the sink subtask of this subtask is
 * chained to it, as the first of its lane of the topology, which repartitions by itself: every row
 * goes down this subtask's own channel, and the other channels' copies of steps and markers go
 * through the registry ({@link LaneRelay}), in order, when they are pushed.
 */
final class SinkChannels {
    private final Output<StreamRecord<ChannelEvent>> output;
    private final int channels;
    private final MarkerFlusher markers;

    /** The own channel behind a pre-write topology; -1: every channel is a network channel. */
    private final int lane;

    private final Consumer<LaneRelay> relay;
    private List<ChannelEvent> toRelay = new ArrayList<>();

    SinkChannels(Output<StreamRecord<ChannelEvent>> output, int channels) {
        this(output, channels, -1, relayed -> {});
    }

    private SinkChannels(
            Output<StreamRecord<ChannelEvent>> output,
            int channels,
            int lane,
            Consumer<LaneRelay> relay) {
        this.output = output;
        this.channels = channels;
        this.markers = MarkerFlusher.of(output);
        this.lane = lane;
        this.relay = relay;
    }

    /** The channels of subtask {@code lane}, chained to the first of its lane of a topology. */
    static SinkChannels lanes(
            Output<StreamRecord<ChannelEvent>> output,
            int channels,
            int lane,
            Consumer<LaneRelay> relay) {
        return new SinkChannels(output, channels, lane, relay);
    }

    void row(int channel, int schemaVersion, DataChangeEvent row) {
        int to = lane < 0 ? channel : lane;
        output.collect(new StreamRecord<>(new ChannelEvent.Row(to, schemaVersion, row)));
    }

    void step(SinkSchemaStep step) {
        for (int channel = 0; channel < channels; channel++) {
            send(new ChannelEvent.Step(channel, step));
        }
    }

    void flush(
            int sourceSubtask,
            long flushId,
            List<TableId> holdTables,
            SchemaChangeEventType changeType) {
        for (int channel = 0; channel < channels; channel++) {
            send(new ChannelEvent.Flush(channel, sourceSubtask, flushId, holdTables, changeType));
        }
    }

    void release(int sourceSubtask, long flushId, SchemaChangeEventType changeType) {
        for (int channel = 0; channel < channels; channel++) {
            send(new ChannelEvent.Release(channel, sourceSubtask, flushId, changeType));
        }
    }

    void drain(int sourceSubtask, long drainId, int sources) {
        for (int channel = 0; channel < channels; channel++) {
            send(new ChannelEvent.Drain(channel, sourceSubtask, drainId, sources));
        }
    }

    /** Emits into the own lane what another subtask sent to it through the registry. */
    void relayed(List<ChannelEvent> events) {
        for (ChannelEvent event : events) {
            output.collect(new StreamRecord<>(event));
        }
    }

    /** Sends the markers and steps emitted so far without waiting for the buffer timeout. */
    void push() {
        markers.flush();
        if (!toRelay.isEmpty()) {
            List<ChannelEvent> events = toRelay;
            toRelay = new ArrayList<>();
            relay.accept(LaneRelay.of(lane, events));
        }
    }

    private void send(ChannelEvent event) {
        if (lane < 0 || event.channel() == lane) {
            output.collect(new StreamRecord<>(event));
        } else {
            toRelay.add(event);
        }
    }
}
