package dev.schemaop.benchmarks.probe;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * What one benchmark run observed, written by the generator and the counting sink, which run in the
 * same JVM as the harness (a MiniCluster). Times are {@link System#nanoTime()}.
 *
 * <p>A change point is identified by {@code table * (changePoints + 1) + point}, point 0 being the
 * table's creation.
 */
public final class RunProbe {
    private static final long UNSET_MIN = Long.MAX_VALUE;

    private final AtomicLong firstEmitted = new AtomicLong(UNSET_MIN);
    private final AtomicLong firstRowAtSink = new AtomicLong(UNSET_MIN);
    private final AtomicLong lastRowAtSink = new AtomicLong(Long.MIN_VALUE);
    private final AtomicLongArray changeEmitted;
    private final AtomicLongArray firstRowAfterChange;
    private final LongAdder rows = new LongAdder();
    private final LongAdder unchangedRows = new LongAdder();
    private final AtomicLong unchangedFirst = new AtomicLong(UNSET_MIN);
    private final AtomicLong unchangedLast = new AtomicLong(Long.MIN_VALUE);
    private final LongAdder wrongShape = new LongAdder();
    private final LongAdder schemaEventsAtWriters = new LongAdder();
    private final LongAdder rejectedSchemaEvents = new LongAdder();
    private final LongAdder applierCalls = new LongAdder();
    private final List<String> wrongShapeSamples = Collections.synchronizedList(new ArrayList<>());
    private final SinkCalls sinkCalls = new SinkCalls();
    private volatile long heapUsedAtEnd = -1;
    private volatile Map<String, long[]> checkpointSizes = Map.of();

    RunProbe(int changePointIds) {
        changeEmitted = filled(changePointIds, UNSET_MIN);
        firstRowAfterChange = filled(changePointIds, UNSET_MIN);
    }

    private static AtomicLongArray filled(int size, long value) {
        AtomicLongArray array = new AtomicLongArray(size);
        for (int i = 0; i < size; i++) {
            array.set(i, value);
        }
        return array;
    }

    public void emitted(long nanos) {
        min(firstEmitted, nanos);
    }

    public void changeEmitted(int changeId, long nanos) {
        minAt(changeEmitted, changeId, nanos);
    }

    public void firstRowAfterChange(int changeId, long nanos) {
        minAt(firstRowAfterChange, changeId, nanos);
    }

    /** A sink writer's totals, published when it closes. */
    public void writerClosed(long rowCount, long firstRowNanos, long lastRowNanos) {
        rows.add(rowCount);
        if (rowCount > 0) {
            min(firstRowAtSink, firstRowNanos);
            lastRowAtSink.accumulateAndGet(lastRowNanos, Math::max);
        }
    }

    /** A sink writer's rows of the tables without change points (W8), when it closes. */
    public void unchangedTablesClosed(long rowCount, long firstRowNanos, long lastRowNanos) {
        unchangedRows.add(rowCount);
        if (rowCount > 0) {
            min(unchangedFirst, firstRowNanos);
            unchangedLast.accumulateAndGet(lastRowNanos, Math::max);
        }
    }

    /** Rows/s of the tables without change points, first to last of them at the sinks. */
    public double unchangedTablesRate() {
        long rowCount = unchangedRows.sum();
        long span = unchangedLast.get() - unchangedFirst.get();
        return rowCount == 0 || span <= 0 ? 0 : rowCount * 1e9 / span;
    }

    public long unchangedTablesRows() {
        return unchangedRows.sum();
    }

    public void wrongShape(String sample) {
        wrongShape.increment();
        if (wrongShapeSamples.size() < 5) {
            wrongShapeSamples.add(sample);
        }
    }

    public void schemaEventAtWriter() {
        schemaEventsAtWriters.increment();
    }

    public void rejectedSchemaEvent(String sample) {
        rejectedSchemaEvents.increment();
        if (wrongShapeSamples.size() < 5) {
            wrongShapeSamples.add(sample);
        }
    }

    public void applierCall() {
        applierCalls.increment();
    }

    /** The calls of a real sink's writers and applier (W5). */
    public SinkCalls sinkCalls() {
        return sinkCalls;
    }

    /**
     * For each change after the creations whose stall was measured, in the order of {@link
     * #stalls}: the longest time one writer spent flushing within the stall, ns.
     */
    public long[] flushWithinStalls(int pointsPerTable) {
        long[] flushed = new long[changeEmitted.length()];
        int count = 0;
        for (int id = 0; id < flushed.length; id++) {
            long emitted = changeEmitted.get(id);
            long arrived = firstRowAfterChange.get(id);
            if (id % pointsPerTable != 0 && emitted != UNSET_MIN && arrived != UNSET_MIN) {
                flushed[count++] = sinkCalls.longestWriterFlushing(emitted, arrived);
            }
        }
        return Arrays.copyOf(flushed, count);
    }

    /** Each change point's emission and first following row, ns (unset: Long.MAX_VALUE). */
    public long[][] changeTimes() {
        long[][] times = new long[changeEmitted.length()][];
        for (int id = 0; id < times.length; id++) {
            times[id] = new long[] {changeEmitted.get(id), firstRowAfterChange.get(id)};
        }
        return times;
    }

    void heapUsedAtEnd(long bytes) {
        heapUsedAtEnd = bytes;
    }

    void checkpointSizes(Map<String, long[]> sizes) {
        checkpointSizes = Map.copyOf(sizes);
    }

    /** Operator id (hex) -> {coordinator state bytes, subtask state bytes} at the end. */
    public Map<String, long[]> checkpointSizes() {
        return checkpointSizes;
    }

    public long firstEmitted() {
        return firstEmitted.get();
    }

    public long firstRowAtSink() {
        return firstRowAtSink.get();
    }

    public long lastRowAtSink() {
        return lastRowAtSink.get();
    }

    public long rows() {
        return rows.sum();
    }

    public long wrongShapeRows() {
        return wrongShape.sum();
    }

    public long schemaEventsAtWriters() {
        return schemaEventsAtWriters.sum();
    }

    public long rejectedSchemaEvents() {
        return rejectedSchemaEvents.sum();
    }

    public long applierCalls() {
        return applierCalls.sum();
    }

    public List<String> wrongShapeSamples() {
        return List.copyOf(wrongShapeSamples);
    }

    public long heapUsedAtEnd() {
        return heapUsedAtEnd;
    }

    /** Stall of each change point whose emission and first following row were both seen, ns. */
    public long[] stalls(boolean creations, int pointsPerTable) {
        long[] stalls = new long[changeEmitted.length()];
        int count = 0;
        for (int id = 0; id < stalls.length; id++) {
            boolean creation = id % pointsPerTable == 0;
            long emitted = changeEmitted.get(id);
            long arrived = firstRowAfterChange.get(id);
            if (creation == creations && emitted != UNSET_MIN && arrived != UNSET_MIN) {
                stalls[count++] = Math.max(0, arrived - emitted);
            }
        }
        return Arrays.copyOf(stalls, count);
    }

    private static void min(AtomicLong target, long value) {
        long current;
        while (value < (current = target.get()) && !target.compareAndSet(current, value)) {
            // retry: another thread lowered it meanwhile
        }
    }

    private static void minAt(AtomicLongArray target, int index, long value) {
        long current;
        while (value < (current = target.get(index))
                && !target.compareAndSet(index, current, value)) {
            // retry: another thread lowered it meanwhile
        }
    }
}
