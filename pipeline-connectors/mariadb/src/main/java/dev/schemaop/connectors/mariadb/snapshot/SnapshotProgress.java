package dev.schemaop.connectors.mariadb.snapshot;

import org.apache.flink.cdc.common.event.TableId;

import java.time.Duration;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The snapshot's progress as log lines: one when a table starts (with the server's estimate of its
 * rows, when it has one), at most one per {@link #INTERVAL} while it is read (rows so far), one
 * when it ends (rows and time), and one when the snapshot ends. Bookkeeping only, on the snapshot's
 * thread; the clock and where the lines go are given.
 */
final class SnapshotProgress {
    /** The least time between two lines about one table. */
    static final Duration INTERVAL = Duration.ofSeconds(5);

    private final LongSupplier nanoClock;
    private final Consumer<String> log;
    private final long started;
    private int tables;
    private long rows;

    private TableId table;
    private long estimate;
    private long tableStarted;
    private long lastLine;

    /**
     * @param nanoClock {@link System#nanoTime()}, or a test's clock
     * @param log where the lines go
     */
    SnapshotProgress(LongSupplier nanoClock, Consumer<String> log) {
        this.nanoClock = nanoClock;
        this.log = log;
        this.started = nanoClock.getAsLong();
    }

    /**
     * @param estimate the server's estimate of the table's rows; 0 or less for none
     */
    void tableStarted(TableId table, long estimate) {
        this.table = table;
        this.estimate = estimate;
        tableStarted = nanoClock.getAsLong();
        lastLine = tableStarted;
        log.accept(
                "Snapshot of "
                        + table
                        + ": reading"
                        + (estimate > 0 ? ", about " + count(estimate) + " row(s)" : ""));
    }

    /** {@code read} rows of the table read so far: a line when the last is old enough. */
    void rowsRead(long read) {
        long now = nanoClock.getAsLong();
        if (now - lastLine < INTERVAL.toNanos()) {
            return;
        }
        lastLine = now;
        String share =
                read < estimate
                        ? ", about " + (100 * read / estimate) + "% of " + count(estimate)
                        : "";
        log.accept(
                "Snapshot of "
                        + table
                        + ": "
                        + count(read)
                        + " row(s) read in "
                        + seconds(now - tableStarted)
                        + share);
    }

    void tableDone(long read) {
        tables++;
        rows += read;
        log.accept(
                "Snapshot of "
                        + table
                        + ": "
                        + count(read)
                        + " row(s) read in "
                        + seconds(nanoClock.getAsLong() - tableStarted));
    }

    void snapshotDone() {
        log.accept(
                "Snapshot done: "
                        + tables
                        + " table(s), "
                        + count(rows)
                        + " row(s) in "
                        + seconds(nanoClock.getAsLong() - started));
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
    }
}
