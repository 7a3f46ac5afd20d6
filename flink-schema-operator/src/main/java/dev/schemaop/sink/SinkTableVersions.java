package dev.schemaop.sink;

import dev.schemaop.protocol.SinkSchemaStep;
import dev.schemaop.types.DiscardListener;
import dev.schemaop.types.RowReshaper;

import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;

import javax.annotation.Nullable;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One sink subtask's knowledge of one sink table: every schema version it has seen and the
 * version its writer currently holds. A row shaped for an older version (a source subtask
 * that has not reached a change yet) is brought to the current one here, so the writer only
 * ever gets rows of the schema it last received (G1). Renames between the two versions
 * carry their column's value along.
 */
final class SinkTableVersions {
    final TableId table;
    private final TreeMap<Integer, SinkSchemaStep> versions = new TreeMap<>();
    private final Map<Integer, RowReshaper> upgrades = new HashMap<>();
    private final DiscardListener discards;
    private int current;

    SinkTableVersions(TableId table, DiscardListener discards) {
        this.table = table;
        this.discards = discards;
    }

    int current() {
        return current;
    }

    @Nullable
    Schema currentSchema() {
        SinkSchemaStep step = versions.get(current);
        return step == null ? null : step.schemaAfter();
    }

    void remember(SinkSchemaStep step) {
        versions.putIfAbsent(step.version(), step);
    }

    /** Every version seen, oldest first: what a checkpoint keeps to bring held rows forward. */
    java.util.Collection<SinkSchemaStep> steps() {
        return versions.values();
    }

    @Nullable
    SinkSchemaStep newest() {
        return versions.isEmpty() ? null : versions.lastEntry().getValue();
    }

    void moveTo(int version) {
        current = version;
        upgrades.clear();
    }

    /**
     * The reshaper from an older version to the current one, or {@code null} when the table
     * was truncated, dropped or created anew since that version: such a row came before the
     * truncate in its own source split, so the truncate removes it, though it arrives late.
     */
    @Nullable
    RowReshaper upgradeFrom(int version) {
        // Decided once per (version, current) pair: late rows of one version come in bulk.
        if (upgrades.containsKey(version)) {
            return upgrades.get(version);
        }
        if (clearedSince(version)) {
            upgrades.put(version, null);
            return null;
        }
        RowReshaper reshaper = upgrades.get(version);
        if (reshaper == null) {
            SinkSchemaStep from = versions.get(version);
            if (from == null || from.schemaAfter() == null || currentSchema() == null) {
                throw new IllegalStateException(
                        "Sink subtask received a row of "
                                + table
                                + " for schema version "
                                + version
                                + " which it never received (current version "
                                + current
                                + ").");
            }
            reshaper =
                    RowReshaper.between(
                            from.schemaAfter(), currentSchema(), renamesAfter(version), discards);
            upgrades.put(version, reshaper);
        }
        return reshaper;
    }

    private boolean clearedSince(int version) {
        for (SinkSchemaStep step : versions.subMap(version, false, current, true).values()) {
            if (step.events() != null) {
                for (SchemaChangeEvent event : step.events()) {
                    if (event instanceof TruncateTableEvent
                            || event instanceof DropTableEvent
                            || event instanceof CreateTableEvent) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** Old name -> newest name, for every rename between {@code version} and the current one. */
    private Map<String, String> renamesAfter(int version) {
        Map<String, String> renames = new LinkedHashMap<>();
        for (SinkSchemaStep step : versions.subMap(version, false, current, true).values()) {
            if (step.events() == null) {
                continue;
            }
            for (SchemaChangeEvent event : step.events()) {
                if (event instanceof RenameColumnEvent) {
                    renames = compose(renames, ((RenameColumnEvent) event).getNameMapping());
                }
            }
        }
        return renames;
    }

    private static Map<String, String> compose(Map<String, String> earlier, Map<String, String> later) {
        Map<String, String> composed = new LinkedHashMap<>();
        earlier.forEach((from, to) -> composed.put(from, later.getOrDefault(to, to)));
        Set<String> produced = new HashSet<>(earlier.values());
        later.forEach(
                (from, to) -> {
                    if (!produced.contains(from)) {
                        composed.putIfAbsent(from, to);
                    }
                });
        return composed;
    }
}
