package dev.schemaop.sink;

import dev.schemaop.protocol.ChannelEvent;

import java.io.IOException;

/**
 * How the sink input operator has the writer flush for a flush, a release and a drain marker, and
 * who acknowledges to the schema registry: the writer chained right behind it ({@link
 * ChainedWriterFlushes}), or the writers behind the connector's pre-write topology ({@link
 * TopologyWriterFlushes}). The operator holds and releases the rows itself, before these calls.
 */
interface WriterFlushes {
    /** The writer writes everything of {@code marker}'s source subtask handed to it so far. */
    void flush(ChannelEvent.Flush marker) throws IOException;

    /** The rows held for {@code marker}'s change have been handed on. */
    void released(ChannelEvent.Release marker) throws IOException;

    /** Every held row has been handed on, before the job fails (G7). */
    void drained(ChannelEvent.Drain marker) throws IOException;
}
