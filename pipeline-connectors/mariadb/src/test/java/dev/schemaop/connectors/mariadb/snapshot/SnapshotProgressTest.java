package dev.schemaop.connectors.mariadb.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.cdc.common.event.TableId;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

/** The progress lines of a snapshot, on a clock the test moves. */
class SnapshotProgressTest {
    private static final TableId ORDERS = TableId.tableId("shop", "orders");
    private static final TableId NOTES = TableId.tableId("shop", "notes");

    private long nanos = 1_000_000_000L;
    private final List<String> lines = new ArrayList<>();
    private final SnapshotProgress progress = new SnapshotProgress(() -> nanos, lines::add);

    private void after(double seconds) {
        nanos += (long) (seconds * 1e9);
    }

    @Test
    void aLongTableGetsALineAtMostEveryFiveSecondsWithItsShareOfTheEstimate() {
        progress.tableStarted(ORDERS, 1_000_000);
        after(2);
        progress.rowsRead(150_000);
        after(2.9);
        progress.rowsRead(380_000); // 4.9 s since the start line: none yet
        after(0.1);
        progress.rowsRead(412_000);
        after(3);
        progress.rowsRead(640_000); // 3 s since the last line
        after(2.5);
        progress.rowsRead(1_040_000); // past the estimate
        after(1.6);
        progress.tableDone(1_100_000);

        assertThat(lines)
                .containsExactly(
                        "Snapshot of shop.orders: reading, about 1,000,000 row(s)",
                        "Snapshot of shop.orders: 412,000 row(s) read in 5.0 s, about 41% of"
                                + " 1,000,000",
                        "Snapshot of shop.orders: 1,040,000 row(s) read in 10.5 s",
                        "Snapshot of shop.orders: 1,100,000 row(s) read in 12.1 s");
    }

    @Test
    void aShortTableGetsItsStartAndEndAndTheSnapshotASummary() {
        progress.tableStarted(NOTES, -1);
        after(0.2);
        progress.tableDone(3);
        progress.tableStarted(ORDERS, 0);
        after(6);
        progress.rowsRead(2_048);
        after(1);
        progress.tableDone(2_100);
        after(0.05);
        progress.snapshotDone();

        assertThat(lines)
                .containsExactly(
                        "Snapshot of shop.notes: reading",
                        "Snapshot of shop.notes: 3 row(s) read in 0.2 s",
                        "Snapshot of shop.orders: reading",
                        "Snapshot of shop.orders: 2,048 row(s) read in 6.0 s",
                        "Snapshot of shop.orders: 2,100 row(s) read in 7.0 s",
                        "Snapshot done: 2 table(s), 2,103 row(s) in 7.3 s");
    }

    @Test
    void theIntervalStartsAgainForEachTable() {
        progress.tableStarted(ORDERS, -1);
        after(4);
        progress.tableDone(10);
        progress.tableStarted(NOTES, -1);
        after(4);
        progress.rowsRead(5); // 8 s since the orders' start, 4 s since the notes'

        assertThat(lines)
                .containsExactly(
                        "Snapshot of shop.orders: reading",
                        "Snapshot of shop.orders: 10 row(s) read in 4.0 s",
                        "Snapshot of shop.notes: reading");
    }
}
