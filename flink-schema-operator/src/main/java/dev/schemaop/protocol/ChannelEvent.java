package dev.schemaop.protocol;

import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;

import java.util.List;

/**
 * What travels on the data channel from a schema operator subtask to a sink input subtask: a row
 * already shaped onto a sink schema version, a sink schema step, a flush marker, or the release
 * that follows a change. {@link #channel()} is the sink subtask it goes to; steps and markers are
 * sent once per channel.
 */
public sealed interface ChannelEvent
        permits ChannelEvent.Row,
                ChannelEvent.Step,
                ChannelEvent.Flush,
                ChannelEvent.Release,
                ChannelEvent.Drain {

    int channel();

    /** A row in the shape of sink schema version {@code schemaVersion} of its table. */
    record Row(int channel, int schemaVersion, DataChangeEvent row) implements ChannelEvent {}

    /** A new version of a sink table's schema, applied before later rows of it. */
    record Step(int channel, SinkSchemaStep step) implements ChannelEvent {}

    /**
     * Flush everything received from {@code sourceSubtask} so far, hold later rows of {@code
     * holdTables} until the release of {@code flushId}, then acknowledge. {@code changeType}: the
     * type of the change asked for, which a connector's pre-write topology sees in the {@code
     * FlushEvent}.
     */
    record Flush(
            int channel,
            int sourceSubtask,
            long flushId,
            List<TableId> holdTables,
            SchemaChangeEventType changeType)
            implements ChannelEvent {
        public Flush {
            holdTables = List.copyOf(holdTables);
        }
    }

    /**
     * The change behind flush marker {@code flushId} is done: its held rows go on. Behind a
     * connector's pre-write topology it is also a fence ({@code FlushEvent}) the writers
     * acknowledge, so that every copy of the change's events reaches them before the next change of
     * its sink tables is applied.
     */
    record Release(int channel, int sourceSubtask, long flushId, SchemaChangeEventType changeType)
            implements ChannelEvent {}

    /**
     * The job fails on a change that did not reach the sink: once this marker came from each of
     * {@code sources} source subtasks (so every step and release sent before it arrived too), the
     * sink subtask writes every row it holds, flushes and acknowledges drain {@code drainId} (G7).
     */
    record Drain(int channel, int sourceSubtask, long drainId, int sources)
            implements ChannelEvent {}
}
