package dev.schemaop.operator;

import org.apache.flink.cdc.common.event.ChangeEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which events of a subtask wait behind its pending changes and the events parked behind them, and
 * which go on: a slow change stalls only its own tables, each table's order stays, and a schema
 * change never overtakes an earlier one of the subtask (SPEC G2, G7).
 */
final class WaitingRules {
    private final SinkRouting routing;

    /**
     * How many pending changes there are of each upstream table, and how many reshape each sink
     * table: an event's question is then a lookup per sink table of its own, not a walk over every
     * pending change (thousands of them when a source creates thousands of tables).
     */
    private final Map<TableId, Integer> pendingTables = new HashMap<>();

    private final Map<TableId, Integer> pendingSinks = new HashMap<>();

    /** Per upstream table, for the pending changes of the moment: whether its events wait. */
    private final Map<TableId, Boolean> waitsForPending = new HashMap<>();

    /**
     * @param pendings the subtask's pending changes so far (restored ones)
     */
    WaitingRules(SinkRouting routing, Collection<PendingChange> pendings) {
        this.routing = routing;
        pendings.forEach(this::added);
    }

    /** A change is pending now. */
    void added(PendingChange pending) {
        count(pending, 1);
    }

    /** A change is pending no more. */
    void removed(PendingChange pending) {
        count(pending, -1);
    }

    private void count(PendingChange pending, int delta) {
        TableId changed = pending.change.tableId();
        adjust(pendingTables, changed, delta);
        for (TableId sink : routing.sinkTablesOf(changed)) {
            adjust(pendingSinks, sink, delta);
        }
        waitsForPending.clear();
    }

    private static void adjust(Map<TableId, Integer> counts, TableId table, int delta) {
        counts.merge(table, delta, (was, d) -> was + d == 0 ? null : was + d);
    }

    /** Whether an arriving event waits, behind what is parked now. */
    boolean mustPark(Event event, ParkedEvents parked) {
        return !parked.isEmpty() && waitsBehind(event, parked.tables(), parked.hasSchemaChange())
                || waitsForPendingChange(event);
    }

    /**
     * Whether a parked event still waits, behind the events parked before it ({@code
     * waitingTables}, and whether one of them is a schema change) or for a pending change.
     */
    boolean stillWaits(Event event, Set<TableId> waitingTables, boolean aChangeWaits) {
        return waitsBehind(event, waitingTables, aChangeWaits) || waitsForPendingChange(event);
    }

    /**
     * Whether an event must wait behind parked events: any event of a table with a waiting event,
     * so each table's order stays; and a schema change while another waits (the registry gets one
     * subtask's changes in source order, so a failing change finds every earlier one applied and
     * its rows written, G7) or while rows routed into one of its sink tables wait (they came before
     * it, G2).
     */
    private boolean waitsBehind(Event event, Set<TableId> waitingTables, boolean aChangeWaits) {
        if (!(event instanceof ChangeEvent)) {
            return false;
        }
        TableId table = ((ChangeEvent) event).tableId();
        if (waitingTables.contains(table)) {
            return true;
        }
        if (!(event instanceof SchemaChangeEvent)) {
            return false;
        }
        if (aChangeWaits) {
            return true;
        }
        List<TableId> sinks = routing.sinkTablesOf(table);
        for (TableId waiting : waitingTables) {
            for (TableId sink : routing.sinkTablesOf(waiting)) {
                if (sinks.contains(sink)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Whether an event must wait for a pending change: a row or a schema change of a table a
     * pending change may reshape (its own table, or one routed into one of its sink tables). Rows
     * and changes of other tables go on, and a change of another table is asked for at once.
     */
    private boolean waitsForPendingChange(Event event) {
        if (pendingTables.isEmpty() || !(event instanceof ChangeEvent)) {
            return false;
        }
        return waitsForPending.computeIfAbsent(
                ((ChangeEvent) event).tableId(), this::routedToAChangedSinkTable);
    }

    private boolean routedToAChangedSinkTable(TableId table) {
        if (pendingTables.containsKey(table)) {
            return true;
        }
        for (TableId sink : routing.sinkTablesOf(table)) {
            if (pendingSinks.containsKey(sink)) {
                return true;
            }
        }
        return false;
    }
}
