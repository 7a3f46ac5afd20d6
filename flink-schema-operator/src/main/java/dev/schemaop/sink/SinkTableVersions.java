package dev.schemaop.sink;

import dev.schemaop.protocol.SinkSchemaStep;
import dev.schemaop.types.DiscardListener;
import dev.schemaop.types.RowReshaper;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.schema.Schema;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One sink subtask's knowledge of one sink table: every schema version it has seen and the version
 * its writer currently holds. A row shaped for an older version (a source subtask that has not
 * reached a change yet) is brought to the current one here, so the writer only ever gets rows of
 * the schema it last received (G1). Renames between the two versions carry their column's value
 * along.
 */
final class SinkTableVersions {
    final TableId table;
    private final TreeMap<Integer, SinkSchemaStep> versions = new TreeMap<>();
    private final Map<Integer, RowUpgrade> upgrades = new HashMap<>();
    private final DiscardListener discards;
    private int current;

    /**
     * Whether the writer may be given events of this table: always in a fresh job; in a restored or
     * restarted attempt only once the table caught up with the sink's schema.
     */
    private boolean caughtUp;

    SinkTableVersions(TableId table, DiscardListener discards) {
        this(table, discards, true);
    }

    SinkTableVersions(TableId table, DiscardListener discards, boolean caughtUp) {
        this.table = table;
        this.discards = discards;
        this.caughtUp = caughtUp;
    }

    /** The oldest version the registry was asked about, so it is asked about each once. */
    private int askedFrom = Integer.MAX_VALUE;

    boolean isCaughtUp() {
        return caughtUp;
    }

    /**
     * Whether the registry must be asked before a row or step of this version is handled: the table
     * has not caught up yet, or the row is older than any step known and than what was asked so
     * far.
     */
    boolean needsRegistryFor(int version) {
        return !caughtUp || (version < current && version < askedFrom && !knows(version));
    }

    void caughtUp(int askedFromVersion) {
        caughtUp = true;
        askedFrom = Math.min(askedFrom, askedFromVersion);
    }

    /** Whether a step of this version is known: rows of it can be brought forward. */
    boolean knows(int version) {
        SinkSchemaStep step = versions.get(version);
        return step != null;
    }

    int current() {
        return current;
    }

    @Nullable
    Schema currentSchema() {
        SinkSchemaStep step = versions.get(current);
        return step == null ? null : step.schemaAfter();
    }

    /**
     * Keeps a step to bring older rows forward. A step with its events replaces a reset of the same
     * version (a subtask's announcement), since only the events tell a rename.
     */
    void remember(SinkSchemaStep step) {
        SinkSchemaStep known = versions.get(step.version());
        if (known == null || (known.isReset() && !step.isReset())) {
            versions.put(step.version(), step);
            if (step.version() <= current) {
                upgrades.clear(); // a way forward computed before may have missed this step
            }
        }
    }

    /** Every version seen, oldest first: what a checkpoint keeps to bring held rows forward. */
    Collection<SinkSchemaStep> steps() {
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
     * The way from an older version to the current one, or {@code null} when the table was
     * truncated, dropped or created anew since that version: such a row came before the truncate in
     * its own source split, so the truncate removes it, though it arrives late.
     */
    @Nullable
    RowUpgrade upgradeFrom(int version) {
        // Decided once per (version, current) pair: late rows of one version come in bulk.
        if (upgrades.containsKey(version)) {
            return upgrades.get(version);
        }
        RowUpgrade upgrade = clearedSince(version) ? null : new RowUpgrade(linksFrom(version));
        upgrades.put(version, upgrade);
        return upgrade;
    }

    /**
     * One reshaper per run of versions that only add or rename columns, and one for each other
     * version: renames are followed, and each ALTER or DROP acts on the value as it did on the
     * stored rows.
     */
    private List<RowReshaper> linksFrom(int version) {
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
        List<RowReshaper> links = new ArrayList<>();
        Schema start = from.schemaAfter();
        Schema end = start;
        Map<String, String> renames = new LinkedHashMap<>();
        Set<String> dropped = new HashSet<>();
        for (SinkSchemaStep step : versions.subMap(version, false, current, true).values()) {
            end = step.schemaAfter();
            boolean onlyAddsAndRenames = step.events() != null;
            for (SchemaChangeEvent event :
                    step.events() == null ? List.<SchemaChangeEvent>of() : step.events()) {
                if (event instanceof RenameColumnEvent) {
                    renames = compose(renames, ((RenameColumnEvent) event).getNameMapping());
                } else if (!(event instanceof AddColumnEvent)) {
                    onlyAddsAndRenames = false;
                }
                if (event instanceof DropColumnEvent) {
                    dropped.addAll(((DropColumnEvent) event).getDroppedColumnNames());
                }
            }
            if (!onlyAddsAndRenames) {
                links.add(RowReshaper.acrossAppliedChanges(start, end, renames, dropped, discards));
                start = end;
                renames = new LinkedHashMap<>();
                dropped = new HashSet<>();
            }
        }
        if (start != end) {
            links.add(RowReshaper.acrossAppliedChanges(start, end, renames, dropped, discards));
        }
        links.removeIf(RowReshaper::isIdentity);
        return links;
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

    private static Map<String, String> compose(
            Map<String, String> earlier, Map<String, String> later) {
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
