package dev.schemaop.registry;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;

import javax.annotation.Nullable;

import java.util.HashMap;
import java.util.Map;

/**
 * Everything the registry knows and checkpoints (SPEC G6): per upstream table its schema
 * and how many truncates/drops were handled; per sink table its schema, version and
 * sources; and the sequence number of the last change it completed, which ties a
 * checkpoint to the applied-change log. Pure bookkeeping: no threads, no I/O.
 */
final class RegistryState {
    final Map<TableId, Schema> upstream = new HashMap<>();
    final Map<TableId, Integer> destructiveHandled = new HashMap<>();
    final Map<TableId, SinkTableState> sinks = new HashMap<>();
    long lastSequence;

    @Nullable
    Schema upstreamOf(TableId table) {
        return upstream.get(table);
    }

    SinkTableState sink(TableId table) {
        return sinks.computeIfAbsent(table, t -> new SinkTableState(t, null, 0));
    }

    int destructiveHandled(TableId table) {
        return destructiveHandled.getOrDefault(table, 0);
    }
}
