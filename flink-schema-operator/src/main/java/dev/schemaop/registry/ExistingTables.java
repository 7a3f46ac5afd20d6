package dev.schemaop.registry;

import dev.schemaop.api.ExistingTableSchemaExpansionSupport;
import dev.schemaop.expansion.DifferenceReport;
import dev.schemaop.expansion.ExpansionMode;
import dev.schemaop.expansion.ExpansionPlan;
import dev.schemaop.expansion.SinkTableDescription;
import dev.schemaop.expansion.TableComparison;

import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior;
import org.apache.flink.cdc.common.schema.Schema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The first create of a sink table when the sink may already have the table (SPEC §4, §6): which
 * tables the sink is asked about, and what the create becomes once it answered. {@link #decide} and
 * {@link #verify} ask the sink how it names and types columns, so the registry runs them on the
 * applier thread, right after the sink described its tables; they change nothing of the registry.
 *
 * <p>An existing table is <em>adopted</em>: the plan of the sink table starts with a {@code
 * CreateTableEvent} of the table as the sink has it, on a base schema that is not null. That create
 * is never sent to the applier ({@link #adopts}); the sink's writers receive it like any create,
 * and rows are reshaped onto the table. Expansion DDL follows it in the same plan.
 */
final class ExistingTables {
    private static final Logger LOG = LoggerFactory.getLogger(ExistingTables.class);

    private final ExpansionMode mode;
    private final SchemaChangeBehavior behavior;
    @Nullable private final ExistingTableSchemaExpansionSupport sink;
    private Set<SchemaChangeEventType> accepted = Set.of();
    private Set<SchemaChangeEventType> supported = Set.of();

    ExistingTables(
            ExpansionMode mode,
            SchemaChangeBehavior behavior,
            @Nullable ExistingTableSchemaExpansionSupport sink) {
        this.mode = mode;
        this.behavior = behavior;
        this.sink = sink;
    }

    /** What the sink accepts and supports, known once the registry starts. */
    void capabilities(Set<SchemaChangeEventType> accepted, Set<SchemaChangeEventType> supported) {
        this.accepted = accepted;
        this.supported = supported;
    }

    /** Whether {@code event} of {@code plan} is an adopted table's create: not for the applier. */
    static boolean adopts(SinkPlan plan, SchemaChangeEvent event) {
        return event instanceof CreateTableEvent && plan.baseSchema() != null;
    }

    /**
     * The sink tables of a create the sink must describe first: those the job has never had (no
     * version yet: once per table over the job's life, restores included, not again after a drop),
     * when a mode other than DISABLED acts, or when create.table is not accepted.
     */
    List<TableId> toInspect(ChangePlan plan, RegistryState state) {
        List<TableId> tables = new ArrayList<>();
        if (sink == null || !(plan.change() instanceof CreateTableEvent)) {
            return tables;
        }
        boolean adoptsOnly = !accepted.contains(SchemaChangeEventType.CREATE_TABLE);
        if (!actsOnCreate() && !adoptsOnly) {
            return tables;
        }
        for (SinkPlan sinkPlan : plan.sinks()) {
            if (state.sink(sinkPlan.sink()).version == 0) {
                tables.add(sinkPlan.sink());
            }
        }
        return tables;
    }

    /** CHECK always; TRY_EXPAND and EXPAND leave IGNORE and EXCEPTION to the sink (SPEC §6). */
    private boolean actsOnCreate() {
        return mode == ExpansionMode.CHECK
                || (mode.expands()
                        && behavior != SchemaChangeBehavior.IGNORE
                        && behavior != SchemaChangeBehavior.EXCEPTION);
    }

    /**
     * The plan once the sink described the inspected tables.
     *
     * @param upstream the pipeline's schema of the created table
     * @throws SchemaEvolutionException when the mode does not let the job go on
     */
    ChangePlan decide(ChangePlan plan, Map<TableId, Optional<Schema>> existing) {
        Schema upstream = ((CreateTableEvent) plan.change()).getSchema();
        List<SinkPlan> decided = new ArrayList<>();
        for (SinkPlan sinkPlan : plan.sinks()) {
            if (!existing.containsKey(sinkPlan.sink())) {
                decided.add(sinkPlan);
                continue;
            }
            Optional<Schema> table = existing.get(sinkPlan.sink());
            decided.add(decide(sinkPlan, upstream, table == null ? Optional.empty() : table));
        }
        return new ChangePlan(plan.change(), plan.upstreamAfter(), plan.ordinal(), decided);
    }

    private SinkPlan decide(SinkPlan planned, Schema upstream, Optional<Schema> existing) {
        TableId table = planned.sink();
        boolean createAccepted = accepted.contains(SchemaChangeEventType.CREATE_TABLE);
        if (existing.isEmpty()) {
            if (mode == ExpansionMode.CHECK) {
                throw new SchemaEvolutionException(DifferenceReport.missingTable(table), null);
            }
            if (!createAccepted) {
                throw new SchemaEvolutionException(
                        String.format(
                                "The sink has no table %s, and the sink block excludes"
                                        + " create.table, so the pipeline may not create it."
                                        + " Create the table first, or remove create.table from"
                                        + " exclude.schema.changes.",
                                table),
                        null);
            }
            return planned; // the sink creates it as usual
        }
        Schema has = existing.get();
        ExpansionPlan expansion =
                TableComparison.compare(
                        table, upstream, has, SinkTableDescription.of(sink, table, has));
        if (!actsOnCreate()) {
            LOG.info(
                    "Adopted the existing sink table {} (create.table is not accepted): {}",
                    table,
                    expansion.adopted());
            return adopted(planned, expansion.adopted(), List.of());
        }
        if (expansion.compatible()) {
            LOG.info(
                    "The existing sink table {} holds the pipeline's {}: adopted as it is.",
                    table,
                    upstream);
            return adopted(planned, expansion.adopted(), List.of());
        }
        if (mode == ExpansionMode.CHECK) {
            throw new SchemaEvolutionException(DifferenceReport.of(expansion, mode), null);
        }
        if (mode == ExpansionMode.TRY_EXPAND && !expansion.repairable()) {
            LOG.warn(
                    "Not expanding the existing sink table {} (existing-table.schema-expansion.mode:"
                            + " TRY_EXPAND); the create goes to the sink, whose own handling decides:"
                            + " {}",
                    table,
                    DifferenceReport.of(expansion, mode));
            return createAccepted ? planned : adopted(planned, expansion.adopted(), List.of());
        }
        if (!expansion.repairable()) {
            throw new SchemaEvolutionException(DifferenceReport.of(expansion, mode), null);
        }
        String missing = missingCapability(expansion);
        if (missing != null && mode == ExpansionMode.EXPAND) {
            throw new SchemaEvolutionException(missing, null);
        }
        if (missing != null) {
            LOG.warn("{} The create goes to the sink, whose own handling decides.", missing);
            return createAccepted ? planned : adopted(planned, expansion.adopted(), List.of());
        }
        for (SchemaChangeEvent ddl : expansion.ddl()) {
            LOG.info("Expanding the existing sink table {}: {}", table, ddl);
        }
        return adopted(planned, expansion.adopted(), expansion.ddl());
    }

    /**
     * What expansion needs and the sink lacks: add.column / alter.column.type accepted and
     * supported, only for the DDL it issues (SPEC §6); null when nothing is missing.
     */
    @Nullable
    private String missingCapability(ExpansionPlan expansion) {
        for (SchemaChangeEvent ddl : expansion.ddl()) {
            SchemaChangeEventType type = ddl.getType();
            if (!accepted.contains(type) || !supported.contains(type)) {
                return String.format(
                        "Expanding the existing sink table %s needs %s, which the sink %s. Accept"
                                + " %s in the sink block, use a sink that supports it, or set"
                                + " existing-table.schema-expansion.mode to CHECK and change the"
                                + " table yourself:%n%s",
                        expansion.table(),
                        type.getTag(),
                        accepted.contains(type) ? "does not support" : "does not accept",
                        type.getTag(),
                        DifferenceReport.of(expansion, mode));
            }
        }
        return null;
    }

    private static SinkPlan adopted(
            SinkPlan planned, Schema existing, List<SchemaChangeEvent> ddl) {
        List<SchemaChangeEvent> events = new ArrayList<>();
        events.add(new CreateTableEvent(planned.sink(), existing));
        events.addAll(ddl);
        return new SinkPlan(planned.sink(), planned.baseVersion(), existing, events, List.of());
    }

    /** The expansion DDL of a plan: what the read-back after it must find in the table. */
    static boolean expanded(SinkPlan plan) {
        return plan.baseSchema() != null
                && !plan.events().isEmpty()
                && plan.events().get(0) instanceof CreateTableEvent
                && plan.events().size() > 1;
    }

    /**
     * After the expansion DDL: the table as the sink describes it must hold the pipeline's schema
     * (SPEC §6, read-back); a difference left fails the job, under TRY_EXPAND too (decision: the
     * sink's writers would otherwise be told a shape the table does not have).
     */
    void verify(TableId table, Schema upstream, @Nullable Optional<Schema> actual) {
        ExpansionPlan left =
                Optional.ofNullable(actual)
                        .flatMap(a -> a)
                        .map(
                                has ->
                                        TableComparison.compare(
                                                table,
                                                upstream,
                                                has,
                                                SinkTableDescription.of(sink, table, has)))
                        .orElse(null);
        if (left != null && left.compatible()) {
            return;
        }
        String what =
                left == null
                        ? "the sink no longer describes table " + table
                        : DifferenceReport.of(left, mode);
        // Also under TRY_EXPAND: the writers would be told a shape the table does not have.
        throw new SchemaEvolutionException(
                "Unresolved differences after expansion, read back from the sink: " + what, null);
    }

    @Nullable
    ExistingTableSchemaExpansionSupport sink() {
        return sink;
    }
}
