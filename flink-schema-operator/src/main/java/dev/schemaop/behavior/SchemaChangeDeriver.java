package dev.schemaop.behavior;

import dev.schemaop.merge.HoldPlan;
import dev.schemaop.merge.SchemaMerger;
import dev.schemaop.merge.TypeDifference;

import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior;
import org.apache.flink.cdc.common.schema.Schema;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Decides what a sink receives for one schema change already addressed to the sink table (SPEC §3,
 * §4): a pure function of the behavior, the accepted change types and the sink's current schema. No
 * I/O, no state between calls.
 *
 * <p>Order of decisions:
 *
 * <ol>
 *   <li>The behavior derives sink-level events from the change. create.table of a missing table is
 *       the event itself in every behavior; of an existing table it becomes the add/alter events
 *       that make the sink hold the new schema (EVOLVE, TRY_EVOLVE, LENIENT), or nothing (IGNORE,
 *       EXCEPTION). IGNORE derives nothing else. EVOLVE, TRY_EVOLVE and EXCEPTION derive the change
 *       as is, LENIENT rewrites column changes ({@link LenientRewriter}). Whatever the sink already
 *       has is skipped as {@link SkipReason#ALREADY_PRESENT} first.
 *   <li>The filter: a derived event whose type is not accepted is skipped as {@link
 *       SkipReason#NOT_ACCEPTED}; events derived together (a LENIENT rename + add conversion) pass
 *       or are skipped together.
 *   <li>EXCEPTION: any derived event left, but a create.table, throws {@link
 *       SchemaChangeRejectedException}: a change that is not accepted, or that the sink already has
 *       (DDL replayed by online schema tools), does not fail the job.
 * </ol>
 *
 * <p>TRY_EVOLVE derives as EVOLVE: tolerating an applier's "not supported" is the caller's job.
 */
public final class SchemaChangeDeriver {
    private final SchemaChangeBehavior behavior;
    private final Set<SchemaChangeEventType> accepted;
    private final LenientRewriter lenient;

    public SchemaChangeDeriver(
            SchemaChangeBehavior behavior,
            boolean explicitCast,
            Set<SchemaChangeEventType> accepted) {
        this(behavior, explicitCast, accepted, true);
    }

    /**
     * @param caseSensitiveNames false for a sink whose column names ignore case (MariaDB, MySQL):
     *     LENIENT then renames a column in place when only the case of its name changes
     */
    public SchemaChangeDeriver(
            SchemaChangeBehavior behavior,
            boolean explicitCast,
            Set<SchemaChangeEventType> accepted,
            boolean caseSensitiveNames) {
        this.behavior = Objects.requireNonNull(behavior, "behavior");
        EnumSet<SchemaChangeEventType> types = EnumSet.noneOf(SchemaChangeEventType.class);
        types.addAll(accepted);
        this.accepted = Collections.unmodifiableSet(types);
        this.lenient = new LenientRewriter(explicitCast, caseSensitiveNames);
    }

    /**
     * What the sink receives for {@code change}.
     *
     * @param sinkSchema the sink table's current schema, null when the table does not exist
     * @throws SchemaChangeRejectedException under EXCEPTION, for an accepted change the sink does
     *     not have yet, other than create.table
     */
    public Derivation derive(SchemaChangeEvent change, @Nullable Schema sinkSchema) {
        Derivation.Plan plan = new Derivation.Plan();
        if (change instanceof CreateTableEvent) {
            deriveCreate((CreateTableEvent) change, sinkSchema, plan);
        } else {
            deriveChange(change, sinkSchema, plan, true);
        }
        return filteredAndChecked(plan, sinkSchema);
    }

    /**
     * Refuses a change that would leave a key column of {@code sinkTable} that the rows no longer
     * fill ({@link KeyColumnGuard}); call before deriving what the sink receives.
     *
     * @throws SchemaChangeRejectedException when the change may not go on
     */
    public void checkKeyColumns(
            SchemaChangeEvent change, TableId sinkTable, @Nullable Schema sinkSchema) {
        KeyColumnGuard.check(change, sinkTable, sinkSchema, behavior, accepted);
    }

    /**
     * What the sink receives for a change that makes a sink table several source tables share hold
     * one more of them ({@code SchemaMerger.planToMerge}): it only adds nullable columns and
     * widens, or turns a column into STRING (SPEC §7), so LENIENT takes it as it is instead of
     * keeping the old column under another name; IGNORE, the filters and EXCEPTION act as for any
     * change.
     */
    public Derivation deriveMerge(SchemaChangeEvent change, Schema sinkSchema) {
        Derivation.Plan plan = new Derivation.Plan();
        deriveChange(change, sinkSchema, plan, false);
        return filteredAndChecked(plan, sinkSchema);
    }

    private Derivation filteredAndChecked(Derivation.Plan plan, @Nullable Schema sinkSchema) {
        Derivation derivation = filter(plan);
        rejectUnderException(derivation, sinkSchema);
        return derivation;
    }

    private void deriveCreate(
            CreateTableEvent create, @Nullable Schema sink, Derivation.Plan plan) {
        if (sink == null) {
            plan.single(create);
            return;
        }
        HoldPlan hold = SchemaMerger.planToHold(create.tableId(), sink, create.getSchema());
        if (hold.sinkAlreadyHolds()) {
            plan.skip(create, SkipReason.ALREADY_PRESENT);
        } else if (behavior == SchemaChangeBehavior.IGNORE
                || behavior == SchemaChangeBehavior.EXCEPTION) {
            plan.skip(create, SkipReason.IGNORED_BY_BEHAVIOR);
        } else {
            hold.events().forEach(plan::single);
            hold.keyColumns().forEach(d -> plan.skip(alterEvent(create, d), SkipReason.KEY_COLUMN));
            hold.notWidenable()
                    .forEach(d -> plan.skip(alterEvent(create, d), SkipReason.NOT_WIDENABLE));
        }
    }

    private void deriveChange(
            SchemaChangeEvent change,
            @Nullable Schema sink,
            Derivation.Plan plan,
            boolean lenientRewrite) {
        if (behavior == SchemaChangeBehavior.IGNORE) {
            plan.skip(change, SkipReason.IGNORED_BY_BEHAVIOR);
        } else if (lenientRewrite
                && behavior == SchemaChangeBehavior.LENIENT
                && LenientRewriter.rewrites(change)) {
            lenient.rewrite(change, sink, plan);
        } else {
            RedundancyTrimmer.Split split = RedundancyTrimmer.split(change, sink);
            if (split.redundant() != null) {
                plan.skip(split.redundant(), SkipReason.ALREADY_PRESENT);
            }
            if (split.needed() != null) {
                plan.single(split.needed());
            }
        }
    }

    private Derivation filter(Derivation.Plan plan) {
        List<SchemaChangeEvent> toApply = new ArrayList<>();
        List<SkippedChange> skipped = new ArrayList<>(plan.skipped());
        for (List<SchemaChangeEvent> group : plan.groups()) {
            if (group.stream().allMatch(event -> accepted.contains(event.getType()))) {
                toApply.addAll(group);
            } else {
                group.forEach(
                        event -> skipped.add(new SkippedChange(event, SkipReason.NOT_ACCEPTED)));
            }
        }
        return new Derivation(toApply, skipped);
    }

    private void rejectUnderException(Derivation derivation, @Nullable Schema sink) {
        if (behavior != SchemaChangeBehavior.EXCEPTION) {
            return;
        }
        for (SchemaChangeEvent event : derivation.toApply()) {
            if (!(event instanceof CreateTableEvent)) {
                throw new SchemaChangeRejectedException(event, sink, schemaAfter(sink, event));
            }
        }
    }

    /** The sink schema after the change, for the error message; a missing table has no columns. */
    @Nullable
    private static Schema schemaAfter(@Nullable Schema sink, SchemaChangeEvent change) {
        try {
            return SchemaChanges.apply(sink == null ? Schema.newBuilder().build() : sink, change);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static AlterColumnTypeEvent alterEvent(
            CreateTableEvent create, TypeDifference difference) {
        return new AlterColumnTypeEvent(
                create.tableId(),
                Map.of(difference.column(), difference.upstreamType()),
                Map.of(difference.column(), difference.sinkType()));
    }
}
