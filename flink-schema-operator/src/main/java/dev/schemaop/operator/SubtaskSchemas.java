package dev.schemaop.operator;

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
