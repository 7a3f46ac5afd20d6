package dev.schemaop.benchmarks.workload;

import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;

import java.util.ArrayDeque;

/**
 * The events of one split of an interleaved workload (W8): every table is created first, then the
 * rows go to the tables in turn, row {@code i} of the sequence being row {@code i / tables} of
 * table {@code i % tables}; a table's change points come before its rows as in {@link SplitEvents}.
 * Every split reports every creation and change; rows are dealt out by {@code i % splits == split}.
 */
public final class InterleavedSplitEvents implements GeneratedEvents {
    private final int split;
    private final int splits;
    private final TableEvents[] tables;
    private final ArrayDeque<Event> ddl = new ArrayDeque<>();
    private final long total;

    private int created;
    private long position;
    private TableEvents lastDdlTable;

    public InterleavedSplitEvents(Workload workload, int split, int splits) {
        this.split = split;
        this.splits = splits;
        this.tables = new TableEvents[workload.tables()];
        for (int index = 0; index < tables.length; index++) {
            tables[index] = new TableEvents(workload, index);
        }
        this.total = workload.totalRows();
    }

    @Override
    public Event next() {
        if (created < tables.length) {
            lastDdlTable = tables[created++];
            return lastDdlTable.creation();
        }
        while (true) {
            if (!ddl.isEmpty()) {
                return ddl.poll();
            }
            if (position >= total) {
                return null;
            }
            TableEvents table = tables[(int) (position % tables.length)];
            long seq = position / tables.length;
            if (table.nextChangeBefore(seq, ddl)) {
                lastDdlTable = table;
                continue;
            }
            long current = position++;
            if (current % splits == split) {
                return DataChangeEvent.insertEvent(table.id, table.row(seq));
            }
        }
    }

    @Override
    public int currentChangePoint() {
        return lastDdlTable.appliedPoints();
    }

    @Override
    public int currentTable() {
        return lastDdlTable.index;
    }
}
