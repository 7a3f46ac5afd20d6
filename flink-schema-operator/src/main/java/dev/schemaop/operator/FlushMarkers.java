package dev.schemaop.operator;

import dev.schemaop.protocol.SchemaChangeRequest;

import org.apache.flink.cdc.common.event.TableId;

import java.util.ArrayList;
import java.util.List;

/**
 * One subtask's flush markers: their ids, and which sink tables received rows since the last one
 * (so a marker is sent only when one is needed, and a request can name the marker that covers the
 * rows of the tables it changes). Ids grow per subtask, across attempts too (the registry keeps one
 * number per pair of subtasks), and differ between subtasks (sink subtasks key holds by id).
 */
final class FlushMarkers {
    private final int subtask;
    private final int attempt;
    private final SinkChannels channels;

    /** Sink tables that received rows since the last flush marker. */
    private final List<SinkView> unflushed = new ArrayList<>();

    private long counter;
    private long lastFlushId = SchemaChangeRequest.NO_FLUSH;

    FlushMarkers(int subtask, int attempt, SinkChannels channels) {
        this.subtask = subtask;
        this.attempt = attempt;
        this.channels = channels;
    }

    /** A row was sent to this sink table: the next marker covers it. */
    void rowSent(SinkView view) {
        if (!view.unflushed) {
            view.unflushed = true;
            unflushed.add(view);
        }
    }

    boolean anyRowSinceLast() {
        return !unflushed.isEmpty();
    }

    /** The newest marker sent, which covers every row sent before it, or NO_FLUSH. */
    long lastFlushId() {
        return lastFlushId;
    }

    /** Sends a new marker on every channel, holding {@code holdTables} until its release. */
    long send(List<TableId> holdTables) {
        long flushId = ((long) attempt << 48) | (++counter << 16) | subtask;
        channels.flush(subtask, flushId, holdTables);
        channels.push();
        for (SinkView view : unflushed) {
            view.unflushed = false;
            view.rowsFlushedBy = flushId;
        }
        unflushed.clear();
        lastFlushId = flushId;
        return flushId;
    }

    void release(long flushId) {
        channels.release(subtask, flushId);
    }
}
