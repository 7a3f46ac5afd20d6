package dev.schemaop.sink;

import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.FlushEvent;
import org.apache.flink.streaming.api.operators.Output;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

/**
 * Tells the operator in front of the sink writer that the writer chained behind it finished a
 * flush. Chained operators run on one thread, so a thread-local is exact; if the writer were not
 * chained, the signal would never arrive and the operator fails loudly instead of acknowledging a
 * flush that did not happen.
 */
final class FlushSignal {
    private static final ThreadLocal<Long> LAST_FLUSHED = new ThreadLocal<>();

    private FlushSignal() {}

    /**
     * Hands {@code flush} to the writer chained behind {@code output} and returns once it flushed.
     *
     * @param notChained the message of the failure when the writer is not chained
     */
    static void flushWriter(
            Output<StreamRecord<Event>> output, FlushEvent flush, String notChained) {
        clear();
        output.collect(new StreamRecord<>(flush));
        if (!wasFlushed(flush.getSourceSubTaskId())) {
            throw new IllegalStateException(notChained);
        }
    }

    static void clear() {
        LAST_FLUSHED.remove();
    }

    /** The writer flushed for this flush event ({@link FlushingWriter}). */
    static void flushed(long token) {
        LAST_FLUSHED.set(token);
    }

    static boolean wasFlushed(long token) {
        Long last = LAST_FLUSHED.get();
        return last != null && last == token;
    }
}
