package dev.schemaop.operator;

import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.data.binary.BinaryRecordData;
import org.apache.flink.cdc.common.event.ChangeEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MetricGroup;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Events that wait for pending schema changes while the rest of the input flows on: the rows and
 * changes of the changed tables, and every event of a table after one of its events waited (so each
 * table's events leave in their order). They leave in arrival order once nothing they wait for is
 * pending. Their size is estimated (a row's binary size, a fixed amount for anything else); past
 * {@code maxBytes} the subtask stops taking input instead, as it would for any change.
 *
 * <p>Metrics per table (group {@code table}, the table id): {@code rowsParked}, the rows that
 * waited, and {@code parkedMillis}, the time the table had events waiting.
 */
final class ParkedEvents {
    /** What an event other than a binary row is taken to weigh. */
    static final int OTHER_EVENT_BYTES = 256;

    private final long maxBytes;
    private final MetricGroup metrics;

    /**
     * The parked events in arrival order, consecutive rows of one table as one run: whether a row
     * still waits depends only on its table and on what is kept before it, so a run is judged once
     * (a source that sends table after table parks thousands of rows as a few runs).
     */
    private final ArrayDeque<Run> runs = new ArrayDeque<>();

    private final Map<TableId, Waiting> waiting = new HashMap<>();
    private final Map<TableId, TableMetrics> tableMetrics = new HashMap<>();
    private long bytes;
    private int schemaChanges;

    ParkedEvents(long maxBytes, MetricGroup metrics) {
        this.maxBytes = maxBytes;
        this.metrics = metrics;
    }

    void add(Event event) {
        Run last = runs.peekLast();
        if (last != null && last.takes(event)) {
            last.events.add(event);
        } else {
            runs.add(new Run(event));
        }
        bytes += sizeOf(event);
        if (event instanceof SchemaChangeEvent) {
            schemaChanges++;
        }
        TableId table = tableOf(event);
        if (table != null) {
            Waiting since = waiting.get(table);
            if (since == null) {
                waiting.put(table, new Waiting(System.nanoTime()));
            } else {
                since.count++;
            }
            if (event instanceof DataChangeEvent) {
                metricsOf(table).rows.inc();
            }
        }
    }

    /** Whether an event still waits, given the events kept before it in this pass. */
    interface Waits {
        boolean test(Event event, Set<TableId> waitingTables, boolean aChangeWaits);
    }

    /**
     * Sends, in arrival order, every event that no longer waits, and keeps the others. {@code
     * stillWaits} judges each event against the events kept before it (their tables, and whether
     * one is a schema change), as an arriving event is judged against all parked ones. {@code send}
     * may begin a change that later events then wait for.
     */
    void release(Waits stillWaits, Consumer<Event> send) {
        ArrayDeque<Run> kept = new ArrayDeque<>();
        Set<TableId> keptTables = new HashSet<>();
        boolean keptChange = false;
        // Once every table with a parked event has one kept, the rest stays too: no need to
        // look at it (a table's rows parked behind its changes would make this quadratic).
        while (!runs.isEmpty() && keptTables.size() < waiting.size()) {
            Run run = runs.poll();
            Event first = run.events.get(0);
            if (stillWaits.test(first, keptTables, keptChange)) {
                kept.add(run);
                if (run.table != null) {
                    keptTables.add(run.table);
                }
                keptChange |= first instanceof SchemaChangeEvent;
            } else {
                for (Event event : run.events) {
                    left(event, run.table);
                    send.accept(event);
                }
            }
        }
        while (!kept.isEmpty()) {
            runs.addFirst(kept.pollLast());
        }
    }

    private void left(Event event, TableId table) {
        bytes -= sizeOf(event);
        if (event instanceof SchemaChangeEvent) {
            schemaChanges--;
        }
        if (table != null) {
            Waiting since = waiting.get(table);
            if (--since.count == 0) {
                waiting.remove(table);
                metricsOf(table).millis.inc((System.nanoTime() - since.startNanos) / 1_000_000);
            }
        }
    }

    boolean isEmpty() {
        return runs.isEmpty();
    }

    /** The tables with a waiting event. */
    Set<TableId> tables() {
        return waiting.keySet();
    }

    /** Whether a schema change waits. */
    boolean hasSchemaChange() {
        return schemaChanges > 0;
    }

    /** At the bound: the subtask takes no more input until the pending change is answered. */
    boolean full() {
        return bytes >= maxBytes;
    }

    /** In arrival order, for a checkpoint. */
    Collection<Event> all() {
        List<Event> all = new ArrayList<>();
        runs.forEach(run -> all.addAll(run.events));
        return all;
    }

    private static TableId tableOf(Event event) {
        return event instanceof ChangeEvent ? ((ChangeEvent) event).tableId() : null;
    }

    static long sizeOf(Event event) {
        if (event instanceof DataChangeEvent) {
            DataChangeEvent row = (DataChangeEvent) event;
            return 64 + sizeOf(row.before()) + sizeOf(row.after());
        }
        return OTHER_EVENT_BYTES;
    }

    private static long sizeOf(RecordData record) {
        if (record == null) {
            return 0;
        }
        return record instanceof BinaryRecordData
                ? ((BinaryRecordData) record).getSizeInBytes()
                : OTHER_EVENT_BYTES;
    }

    private TableMetrics metricsOf(TableId table) {
        return tableMetrics.computeIfAbsent(
                table,
                t -> {
                    MetricGroup group = metrics.addGroup("table", t.toString());
                    return new TableMetrics(
                            group.counter("rowsParked"), group.counter("parkedMillis"));
                });
    }

    /** One parked event, or consecutive rows of one table. */
    private static final class Run {
        final TableId table;
        final boolean rows;
        final List<Event> events = new ArrayList<>(1);

        Run(Event event) {
            this.table = tableOf(event);
            this.rows = event instanceof DataChangeEvent;
            events.add(event);
        }

        boolean takes(Event event) {
            return rows && event instanceof DataChangeEvent row && row.tableId().equals(table);
        }
    }

    private static final class Waiting {
        final long startNanos;
        int count = 1;

        Waiting(long startNanos) {
            this.startNanos = startNanos;
        }
    }

    private record TableMetrics(Counter rows, Counter millis) {}
}
