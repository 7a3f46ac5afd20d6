package dev.schemaop.operator;

import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;

import javax.annotation.Nullable;

import java.util.HashMap;
import java.util.Map;

/**
 * The schemas one schema operator subtask works with: the upstream schema of each table as of its
 * own input, and its view of every sink table. Plain bookkeeping: no Flink, no I/O.
 */
final class SubtaskSchemas {
    final Map<TableId, Schema> upstream = new HashMap<>();
    final Map<TableId, SinkView> sinks = new HashMap<>();

    /** Truncates and drops reported per upstream table: see SchemaChangeRequest#ordinal. */
    final Map<TableId, Integer> destructiveOrdinals = new HashMap<>();

    /** Schema changes reported per upstream table: see SchemaChangeRequest#position. */
    final Map<TableId, Integer> positions = new HashMap<>();

    /**
     * Per upstream table, each column name it had since its create and the name that column has
     * now, for the columns renamed since: a sink key column that a behavior kept under its old name
     * is filled from the column's new name (SPEC §7, "Key columns").
     */
    final Map<TableId, Map<String, String>> renamedColumns = new HashMap<>();

    /** The live rename record of {@code table} (see {@link #renamedColumns}). */
    Map<String, String> renamesOf(TableId table) {
        return renamedColumns.computeIfAbsent(table, t -> new HashMap<>());
    }

    /** Follows the upstream change in the rename record of its table. */
    void recordRenames(SchemaChangeEvent change) {
        TableId table = change.tableId();
        if (change instanceof DropTableEvent) {
            // a create keeps the record: a split that meets the table later announces it anew
            renamesOf(table).clear();
        } else if (change instanceof RenameColumnEvent rename) {
            // all names of one event at once: a swap (a -> b, b -> a) is one step
            Map<String, String> mapping = rename.getNameMapping();
            Map<String, String> renames = renamesOf(table);
            renames.replaceAll((old, now) -> mapping.getOrDefault(now, now));
            mapping.forEach(renames::putIfAbsent);
        }
    }

    /**
     * Forgets what this subtask knew of an upstream table's history: its source replays it from the
     * table's first create (TableHistoryRestart). The sink views stay: the replayed changes'
     * answers move them.
     */
    void forgetHistory(TableId table) {
        upstream.remove(table);
        renamedColumns.remove(table);
        restartHistory(table);
    }

    void restartHistory(TableId table) {
        positions.remove(table);
        destructiveOrdinals.remove(table);
    }

    int nextPosition(TableId table) {
        return positions.merge(table, 1, Integer::sum);
    }

    @Nullable
    Schema upstreamOf(TableId table) {
        return upstream.get(table);
    }

    SinkView sinkView(TableId sinkTable) {
        return sinks.computeIfAbsent(sinkTable, t -> new SinkView(t, 0, null, true));
    }

    int nextOrdinal(TableId table, SchemaChangeEventType type) {
        if (type != SchemaChangeEventType.TRUNCATE_TABLE
                && type != SchemaChangeEventType.DROP_TABLE) {
            return 0;
        }
        return destructiveOrdinals.merge(table, 1, Integer::sum);
    }
}
