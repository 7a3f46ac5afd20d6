package dev.schemaop.operator;

import dev.schemaop.protocol.FlushIds;
import dev.schemaop.protocol.SchemaChangeRequest;

import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;

import javax.annotation.Nullable;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * One subtask's flush markers: their ids, and which sink tables received rows since the last one
 * (so a marker is sent only when one is needed, and a request can name the marker that covers the
 * rows of the tables it changes). Ids grow per subtask, across attempts too (the registry keeps one
 * number per pair of subtasks), and differ between subtasks (sink subtasks key holds by id).
 *
 * <p>Behind a connector's pre-write topology ({@code oneAtATime}) a marker becomes a {@code
 * FlushEvent}, and topologies written for Apache Flink CDC align flushes by source subtask id
 * alone, as Flink CDC has at most one flush of a source subtask on its way. So does this subtask
 * then: a marker leaves only once the registry said the one before came through every writer
 * ({@link #through}); later ones wait here in order, with their ids already given (the writers
 * number flushes in the order they come).
 */
final class FlushMarkers {
    private final int subtask;
    private final int attempt;
    private final SinkChannels channels;
    private final boolean oneAtATime;

    /** Sink tables that received rows since the last flush marker. */
    private final List<SinkView> unflushed = new ArrayList<>();

    /** Markers waiting for the one on its way (one at a time only). */
    private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();

    /**
     * A marker not sent yet: its number, the change type when it is a fence that releases nothing
     * (another such fence may join it), and how to send it.
     */
    private record Waiting(
            long number, @Nullable SchemaChangeEventType joinableFence, Runnable send) {}

    private long counter;
    private long lastFlushId = SchemaChangeRequest.NO_FLUSH;

    /** The number of the marker on its way; 0: none (one at a time only). */
    private long onItsWay;

    FlushMarkers(int subtask, int attempt, SinkChannels channels, boolean oneAtATime) {
        this.subtask = subtask;
        this.attempt = attempt;
        this.channels = channels;
        this.oneAtATime = oneAtATime;
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
    long send(List<TableId> holdTables, SchemaChangeEventType changeType) {
        long number = ++counter;
        long flushId = FlushIds.of(attempt, number, subtask);
        emit(number, null, () -> channels.flush(subtask, flushId, holdTables, changeType));
        for (SinkView view : unflushed) {
            view.unflushed = false;
            view.rowsFlushedBy = flushId;
        }
        unflushed.clear();
        lastFlushId = flushId;
        return flushId;
    }

    void release(long flushId, SchemaChangeEventType changeType) {
        channels.release(subtask, flushId, changeType);
    }

    /**
     * Behind a connector's pre-write topology: the release of {@code flushId} (or of none) is also
     * a fence, which the sink subtasks turn into a flush that the writers count; it takes the next
     * number, so that the writers' counts stay the markers' numbers ({@code FlushIds}).
     *
     * <p>A fence that releases nothing, asked for while the last marker waiting is such a fence of
     * the same change type, is that fence: it has not left yet, so it leaves after this change's
     * steps too and fences both. The fences of a run of table creations then take about two trips
     * through the topology, not one per creation.
     */
    long fence(long flushId, SchemaChangeEventType changeType) {
        boolean releasesNothing = flushId == SchemaChangeRequest.NO_FLUSH;
        Waiting last = waiting.peekLast();
        if (releasesNothing && last != null && last.joinableFence() == changeType) {
            return FlushIds.of(attempt, last.number(), subtask);
        }
        long number = ++counter;
        emit(
                number,
                releasesNothing ? changeType : null,
                () -> channels.release(subtask, flushId, changeType));
        return FlushIds.of(attempt, number, subtask);
    }

    /** Whether markers wait for the one on its way (a fence releases held rows: it must go). */
    boolean anyWaiting() {
        return !waiting.isEmpty();
    }

    /** Every writer acknowledged this subtask's markers up to {@code number}: the next may go. */
    void through(long number) {
        if (onItsWay != 0 && number >= onItsWay) {
            onItsWay = 0;
            Waiting next = waiting.poll();
            if (next != null) {
                next.send().run();
            }
        }
    }

    /** Sends the marker, or queues it behind the one on its way. */
    private void emit(long number, @Nullable SchemaChangeEventType joinableFence, Runnable marker) {
        if (!oneAtATime) {
            marker.run();
            channels.push();
            return;
        }
        Runnable sendIt =
                () -> {
                    onItsWay = number;
                    marker.run();
                    channels.push();
                };
        if (onItsWay == 0 && waiting.isEmpty()) {
            sendIt.run();
        } else {
            waiting.add(new Waiting(number, joinableFence, sendIt));
        }
    }
}
