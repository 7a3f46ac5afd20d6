package dev.schemaop.registry;

import dev.schemaop.api.ExistingTableSchemaExpansionSupport;
import dev.schemaop.api.UnwrittenColumns;
import dev.schemaop.expansion.CreateDecision;
import dev.schemaop.expansion.DifferenceReport;
import dev.schemaop.expansion.ExpansionMode;
import dev.schemaop.expansion.ExpansionPlan;
import dev.schemaop.expansion.RepairStatements;
import dev.schemaop.expansion.SinkTableDescription;
import dev.schemaop.expansion.TableComparison;
import dev.schemaop.expansion.UnwrittenColumnsNote;

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
     * when the sink is asked about them ({@link CreateDecision#asksTheSink}).
     */
    List<TableId> toInspect(ChangePlan plan, RegistryState state) {
        List<TableId> tables = new ArrayList<>();
        if (sink == null
                || !(plan.change() instanceof CreateTableEvent)
                || !CreateDecision.asksTheSink(mode, behavior, accepted)) {
            return tables;
        }
        for (SinkPlan sinkPlan : plan.sinks()) {
            if (state.sink(sinkPlan.sink()).version == 0) {
                tables.add(sinkPlan.sink());
            }
        }
        return tables;
    }

    /**
     * The plan once the sink described the inspected tables.
     *
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
        CreateDecision decision =
                CreateDecision.of(
                        mode,
                        behavior,
                        accepted,
                        supported,
                        sink,
                        planned.sink(),
                        upstream,
                        existing);
        if (decision.outcome() == CreateDecision.Outcome.FAIL) {
            throw SchemaEvolutionException.decided(decision.message());
        }
        if (decision.warning()) {
            LOG.warn(decision.message());
        } else if (decision.outcome() != CreateDecision.Outcome.CREATE) {
            LOG.info(decision.message());
        }
        if (decision.outcome() == CreateDecision.Outcome.ADOPT
                || decision.outcome() == CreateDecision.Outcome.EXPAND) {
            UnwrittenColumns handling = sink.unwrittenColumns();
            UnwrittenColumnsNote.of(decision.expansion().unwritten(), handling)
                    .ifPresent(
                            note -> {
                                if (handling == UnwrittenColumns.WRITTEN_AS_NULL) {
                                    // every row the pipeline writes loses their values
                                    LOG.warn("{}: {}", planned.sink(), note);
                                } else {
                                    LOG.info("{}: {}", planned.sink(), note);
                                }
                            });
        }
        return switch (decision.outcome()) {
            case ADOPT -> adopted(planned, decision.expansion().adopted(), List.of());
            case EXPAND -> adopted(planned, decision.expansion().adopted(), decision.ddl());
            default -> planned; // CREATE, TO_SINK: the sink creates it as usual
        };
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
                        : DifferenceReport.of(left, mode, RepairStatements.of(sink));
        // Also under TRY_EXPAND: the writers would be told a shape the table does not have.
        throw SchemaEvolutionException.decided(
                "Unresolved differences after expansion, read back from the sink: " + what);
    }

    @Nullable
    ExistingTableSchemaExpansionSupport sink() {
        return sink;
    }
}
