package dev.schemaop.operator;

import dev.schemaop.protocol.ChannelEvent;
import dev.schemaop.protocol.SinkSchemaStep;

import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.streaming.api.operators.Output;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

import java.util.List;

/**
 * The data channel to the sink subtasks: a row goes to the subtask its table and key chose; steps
 * and markers go to every one. Flush and release markers, and the steps of an answer, are pushed to
 * the network at once ({@link MarkerFlusher}); a view's first announcement (a reset step before its
 * first row) and rows keep Flink's buffering.
 */
final class SinkChannels {
    private final Output<StreamRecord<ChannelEvent>> output;
    private final int channels;
    private final MarkerFlusher markers;

    SinkChannels(Output<StreamRecord<ChannelEvent>> output, int channels) {
        this.output = output;
        this.channels = channels;
        this.markers = MarkerFlusher.of(output);
    }

    void row(int channel, int schemaVersion, DataChangeEvent row) {
        output.collect(new StreamRecord<>(new ChannelEvent.Row(channel, schemaVersion, row)));
    }

    void step(SinkSchemaStep step) {
        for (int channel = 0; channel < channels; channel++) {
            output.collect(new StreamRecord<>(new ChannelEvent.Step(channel, step)));
        }
    }

    void flush(
            int sourceSubtask,
            long flushId,
            List<TableId> holdTables,
            SchemaChangeEventType changeType) {
        for (int channel = 0; channel < channels; channel++) {
            output.collect(
                    new StreamRecord<>(
                            new ChannelEvent.Flush(
                                    channel, sourceSubtask, flushId, holdTables, changeType)));
        }
    }

    void release(int sourceSubtask, long flushId, SchemaChangeEventType changeType) {
        for (int channel = 0; channel < channels; channel++) {
            output.collect(
                    new StreamRecord<>(
                            new ChannelEvent.Release(channel, sourceSubtask, flushId, changeType)));
        }
    }

    void drain(int sourceSubtask, long drainId, int sources) {
        for (int channel = 0; channel < channels; channel++) {
            output.collect(
                    new StreamRecord<>(
                            new ChannelEvent.Drain(channel, sourceSubtask, drainId, sources)));
        }
    }

    /** Sends the markers and steps emitted so far without waiting for the buffer timeout. */
    void push() {
        markers.flush();
    }
}
