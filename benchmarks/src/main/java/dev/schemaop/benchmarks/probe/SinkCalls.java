package dev.schemaop.benchmarks.probe;

import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The calls of a real sink's writers ({@code flush()}) and applier ({@code applySchemaChange} for
 * changes after the creations) during one run, each with its start and duration ({@link
 * System#nanoTime()}): what a change's stall is made of.
 */
public final class SinkCalls {
    private final AtomicInteger writers = new AtomicInteger();
    private final ConcurrentLinkedQueue<long[]> flushes = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<long[]> applies = new ConcurrentLinkedQueue<>();

    /** A number for a new writer, for {@link #flushed}. */
    public int writerOpened() {
        return writers.getAndIncrement();
    }

    public void flushed(int writer, long startedNanos, long tookNanos) {
        flushes.add(new long[] {writer, startedNanos, tookNanos});
    }

    public void applied(long startedNanos, long tookNanos) {
        applies.add(new long[] {startedNanos, tookNanos});
    }

    /** The applier's calls' durations, ns. */
    public long[] applierNanos() {
        return applies.stream().mapToLong(call -> call[1]).toArray();
    }

    /**
     * The longest time one writer spent in {@code flush()} calls that started within [from, to]:
     * writers flush in parallel, and a stall waits for the slowest.
     */
    long longestWriterFlushing(long from, long to) {
        long[] perWriter = new long[writers.get()];
        for (long[] flush : flushes) {
            if (flush[1] >= from && flush[1] <= to) {
                perWriter[(int) flush[0]] += flush[2];
            }
        }
        long longest = 0;
        for (long nanos : perWriter) {
            longest = Math.max(longest, nanos);
        }
        return longest;
    }

    /** Every writer flush as {writer, start, duration}, for timelines. */
    public List<long[]> flushes() {
        return List.copyOf(flushes);
    }

    /** Every applier call as {start, duration}, for timelines. */
    public List<long[]> applies() {
        return List.copyOf(applies);
    }
}
