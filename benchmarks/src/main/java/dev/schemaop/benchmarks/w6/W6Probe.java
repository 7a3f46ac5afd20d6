package dev.schemaop.benchmarks.w6;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the W6 sink writer saw in one job: snapshot rows and binlog changes, when the first and last
 * of each arrived, duplicates and rows of the wrong shape, and each change's end-to-end lag. One
 * writer (parallelism 1) writes it; the benchmark reads the volatile counters while the job runs.
 */
public final class W6Probe {
    private static final Map<String, W6Probe> PROBES = new ConcurrentHashMap<>();

    private final long snapshotRows;
    private final int width;
    private final BitSet snapshotIds = new BitSet();
    private final BitSet updatedIds = new BitSet();
    private final BitSet insertedIds = new BitSet();
    private final List<String> problems = new ArrayList<>();

    private volatile long snapshotSeen;
    private volatile long updatesSeen;
    private volatile long insertsSeen;
    private volatile long otherSeen;
    private volatile long duplicates;
    private volatile long wrongShape;
    private long firstSnapshotNanos;
    private volatile long lastSnapshotNanos;
    private long firstChangeNanos;
    private volatile long lastChangeNanos;
    private long[] lagMicros = new long[1024];
    private int lags;

    private W6Probe(long snapshotRows, int width) {
        this.snapshotRows = snapshotRows;
        this.width = width;
    }

    public static W6Probe open(String runId, long snapshotRows, int width) {
        W6Probe probe = new W6Probe(snapshotRows, width);
        PROBES.put(runId, probe);
        return probe;
    }

    static W6Probe of(String runId) {
        W6Probe probe = PROBES.get(runId);
        if (probe == null) {
            throw new IllegalStateException("No W6 probe for run " + runId);
        }
        return probe;
    }

    public static void close(String runId) {
        PROBES.remove(runId);
    }

    int width() {
        return width;
    }

    /** A snapshot read (an insert of an id the loaded table holds). */
    synchronized void snapshotRow(long id, long now) {
        if (snapshotSeen == 0) {
            firstSnapshotNanos = now;
        }
        if (id < 1 || id > snapshotRows || snapshotIds.get((int) id)) {
            duplicates++;
            problem("snapshot row id " + id + " out of range or seen twice");
        } else {
            snapshotIds.set((int) id);
        }
        lastSnapshotNanos = now;
        snapshotSeen++;
    }

    /** A binlog change: an update of a loaded row or an insert of a new one. */
    synchronized void change(boolean update, long id, long now, long lag) {
        if (updatesSeen + insertsSeen == 0) {
            firstChangeNanos = now;
        }
        BitSet ids = update ? updatedIds : insertedIds;
        int bit = (int) (update ? id : id - snapshotRows);
        if (bit < 1 || ids.get(bit)) {
            duplicates++;
            problem((update ? "update of id " : "insert of id ") + id + " seen twice");
        } else {
            ids.set(bit);
        }
        if (lags == lagMicros.length) {
            lagMicros = Arrays.copyOf(lagMicros, lags * 2);
        }
        lagMicros[lags++] = lag;
        lastChangeNanos = now;
        if (update) {
            updatesSeen++;
        } else {
            insertsSeen++;
        }
    }

    synchronized void other(String what) {
        otherSeen++;
        problem("unexpected event: " + what);
    }

    synchronized void wrongShape(String what) {
        wrongShape++;
        problem(what);
    }

    private void problem(String what) {
        if (problems.size() < 10) {
            problems.add(what);
        }
    }

    public long snapshotSeen() {
        return snapshotSeen;
    }

    public long changesSeen() {
        return updatesSeen + insertsSeen;
    }

    public long updatesSeen() {
        return updatesSeen;
    }

    public long insertsSeen() {
        return insertsSeen;
    }

    public long otherSeen() {
        return otherSeen;
    }

    public long duplicates() {
        return duplicates;
    }

    public long wrongShape() {
        return wrongShape;
    }

    public synchronized long firstSnapshotNanos() {
        return firstSnapshotNanos;
    }

    public synchronized long lastSnapshotNanos() {
        return lastSnapshotNanos;
    }

    public synchronized long firstChangeNanos() {
        return firstChangeNanos;
    }

    public synchronized long lastChangeNanos() {
        return lastChangeNanos;
    }

    public synchronized long[] lagMicros() {
        return Arrays.copyOf(lagMicros, lags);
    }

    public synchronized List<String> problems() {
        return List.copyOf(problems);
    }
}
