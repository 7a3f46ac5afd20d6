package dev.schemaop.api;

import org.apache.flink.cdc.common.event.ChangeEvent;
import org.apache.flink.cdc.common.event.TableId;

import java.io.Serializable;
import java.util.Objects;

/**
 * Emitted by a source whose splits each replay a table's schema changes (a sharded source such as
 * the values source): the events of the table that follow, in this subtask, are its history from
 * its first create. What the subtask knew of the table's earlier changes no longer counts, so each
 * replayed change gets the same place in the table's history as when it was first read, whichever
 * subtask's state a restore at another parallelism gave to this split.
 *
 * <p>A source that reads each table's changes once (a binlog) never needs it: it announces a table
 * after a restore with a plain {@code CreateTableEvent} of its current schema. Sinks never see it.
 */
public final class TableHistoryRestart implements ChangeEvent, Serializable {
    private static final long serialVersionUID = 1L;

    private final TableId table;

    public TableHistoryRestart(TableId table) {
        this.table = Objects.requireNonNull(table, "table");
    }

    @Override
    public TableId tableId() {
        return table;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TableHistoryRestart other && table.equals(other.table);
    }

    @Override
    public int hashCode() {
        return table.hashCode();
    }

    @Override
    public String toString() {
        return "TableHistoryRestart{" + table + "}";
    }
}
