package dev.schemaop.sink;

import org.apache.flink.cdc.common.event.FlushEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;

import java.util.List;

/**
 * A drain (G7) behind a connector's pre-write topology: a {@code FlushEvent} whose source subtask
 * id is negative, which no schema operator subtask has, so the topology aligns it like any flush
 * and the writers tell it from one. It names no table; its type is there only because Flink CDC's
 * event serializer needs one.
 */
final class DrainFlush {
    private DrainFlush() {}

    static FlushEvent of(long drainId) {
        return new FlushEvent(
                -1 - Math.toIntExact(drainId), List.of(), SchemaChangeEventType.DROP_TABLE);
    }

    static boolean is(FlushEvent flush) {
        return flush.getSourceSubTaskId() < 0;
    }

    static long drainIdOf(FlushEvent flush) {
        return -1L - flush.getSourceSubTaskId();
    }
}
