package dev.schemaop.benchmarks.workload;

import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;

import java.util.ArrayDeque;

/**
 * The events of one split of a workload, table after table. Every split reports every table's
 * creation and every schema change, as the splits of a sharded snapshot do; rows are dealt out by
 * sequence number ({@code seq % splits == split}).
 */
public final class SplitEvents implements GeneratedEvents {
    private final Workload workload;
    private final int split;
    private final int splits;
    private final ArrayDeque<Event> ddl = new ArrayDeque<>();

    private int nextTable;
    private TableEvents table;
    private long seq;

    public SplitEvents(Workload workload, int split, int splits) {
        this.workload = workload;
        this.split = split;
        this.splits = splits;
        nextTable();
    }

    @Override
    public Event next() {
        while (true) {
            if (!ddl.isEmpty()) {
                return ddl.poll();
            }
            if (table == null) {
                return null;
            }
            if (seq >= workload.rowsPerTable()) {
                nextTable();
                continue;
            }
            long current = seq;
            if (table.nextChangeBefore(current, ddl)) {
                continue;
            }
            seq++;
            if (current % splits == split) {
                return DataChangeEvent.insertEvent(table.id, table.row(current));
            }
        }
    }

    @Override
    public int currentChangePoint() {
        return table.appliedPoints();
    }

    @Override
    public int currentTable() {
        return table.index;
    }

    private void nextTable() {
        seq = 0;
        if (nextTable >= workload.tables()) {
            table = null;
            return;
        }
        table = new TableEvents(workload, nextTable++);
        ddl.add(table.creation());
    }
}
