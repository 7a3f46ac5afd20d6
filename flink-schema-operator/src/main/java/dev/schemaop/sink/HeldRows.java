package dev.schemaop.sink;

import dev.schemaop.protocol.ChannelEvent;

import org.apache.flink.cdc.common.event.TableId;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Rows of sink tables that the registry is changing right now. A flush marker puts a hold on its
 * tables; the release marker with the same flush id lifts it. Rows of a held table wait here in
 * arrival order, so none is written in the old shape into a changed table.
 */
final class HeldRows {
    private final Map<TableId, Set<Long>> holds = new HashMap<>();
    private final Map<TableId, ArrayDeque<ChannelEvent.Row>> rows = new HashMap<>();

    /** How many rows wait; read by the metric system's thread too (metric rowsHeld). */
    private volatile int count;

    void hold(TableId table, long flushId) {
        holds.computeIfAbsent(table, t -> new HashSet<>()).add(flushId);
    }

    boolean isHeld(TableId table) {
        return !holds.isEmpty() && holds.containsKey(table);
    }

    void add(ChannelEvent.Row row) {
        rows.computeIfAbsent(row.row().tableId(), t -> new ArrayDeque<>()).add(row);
        count++;
    }

    int size() {
        return count;
    }

    /** Lifts the holds of this flush id; returns the rows of tables no longer held, in order. */
    List<ChannelEvent.Row> release(long flushId) {
        List<ChannelEvent.Row> released = new ArrayList<>();
        holds.entrySet()
                .removeIf(
                        entry -> {
                            entry.getValue().remove(flushId);
                            if (!entry.getValue().isEmpty()) {
                                return false;
                            }
                            ArrayDeque<ChannelEvent.Row> waiting = rows.remove(entry.getKey());
                            if (waiting != null) {
                                released.addAll(waiting);
                            }
                            return true;
                        });
        count -= released.size();
        return released;
    }

    /** Lifts every hold; returns every held row, each table's in arrival order. */
    List<ChannelEvent.Row> releaseAll() {
        List<ChannelEvent.Row> released = all();
        holds.clear();
        rows.clear();
        count = 0;
        return released;
    }

    /** Every held row; the holds themselves belong to a change a restore asks for again. */
    List<ChannelEvent.Row> all() {
        List<ChannelEvent.Row> all = new ArrayList<>();
        rows.values().forEach(all::addAll);
        return all;
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }
}
