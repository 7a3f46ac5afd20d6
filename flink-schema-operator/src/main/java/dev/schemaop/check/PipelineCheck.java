package dev.schemaop.check;

import dev.schemaop.api.ExistingTableSchemaExpansionSupport;
import dev.schemaop.behavior.AcceptedChangeTypes;
import dev.schemaop.behavior.SchemaChangeDeriver;
import dev.schemaop.expansion.CreateDecision;
import dev.schemaop.expansion.DifferenceReport;
import dev.schemaop.expansion.ExpansionMode;
import dev.schemaop.expansion.ExpansionPlan;
import dev.schemaop.expansion.RepairStatements;
import dev.schemaop.expansion.SinkTableDescription;
import dev.schemaop.expansion.TableComparison;
import dev.schemaop.expansion.UnwrittenColumnsNote;
import dev.schemaop.pipeline.PipelineConnectors;
import dev.schemaop.pipeline.definition.PipelineDefinition;
import dev.schemaop.route.TableRouter;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.sink.MetadataApplier;
import org.apache.flink.cdc.common.source.MetadataAccessor;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a start of the pipeline does to each sink table: the source's tables through the routes,
 * each sink table as the sink describes it, and the registry's own decision for a first create
 * ({@link CreateDecision}). Reads only: the sink's applier is asked to describe, never to apply.
 */
public final class PipelineCheck {
    /**
     * Why a table the sink keeps as it is fails the start: the rows come in the pipeline's shape,
     * which the table does not hold.
     */
    private static final String SINK_KEEPS_ITS_TABLE =
            "The pipeline's rows do not fit the table the sink keeps: a start fails at the create"
                    + " or at the first row that does not fit (a sink that drops what does not fit"
                    + " would lose values). Repair the table, or set"
                    + " existing-table.schema-expansion.mode: EXPAND in the sink block.";

    private final PipelineDefinition definition;
    private final PipelineConnectors connectors;
    private final SchemaChangeBehavior behavior;
    private final ExpansionMode mode;
    private final boolean verbose;
    private final boolean explicitCast;

    private PipelineCheck(
            PipelineDefinition definition, PipelineConnectors connectors, boolean verbose) {
        this.definition = definition;
        this.connectors = connectors;
        this.verbose = verbose;
        this.explicitCast = definition.settings().explicitCast();
        this.behavior = definition.settings().behavior();
        this.mode = ExpansionMode.of(connectors.expansionMode());
    }

    public static CheckReport of(PipelineDefinition definition, PipelineConnectors connectors) {
        return of(definition, connectors, false);
    }

    /**
     * @param verbose whether an expansion's schema change events follow the statements they become
     */
    public static CheckReport of(
            PipelineDefinition definition, PipelineConnectors connectors, boolean verbose) {
        return new PipelineCheck(definition, connectors, verbose).check();
    }

    private CheckReport check() {
        String header =
                String.format(
                        "Pipeline '%s': %s source -> %s sink, schema.change.behavior: %s,"
                                + " existing-table.schema-expansion.mode: %s",
                        definition.settings().name(),
                        definition.source().type(),
                        definition.sink().type(),
                        behavior.name().toLowerCase(Locale.ROOT),
                        mode);
        CheckReport report = new CheckReport(header);
        Map<TableId, Schema> sourceTables;
        try {
            MetadataAccessor accessor = connectors.source().getMetadataAccessor();
            if (accessor == null) {
                throw new UnsupportedOperationException("its getMetadataAccessor() is null");
            }
            sourceTables = SourceTables.read(accessor);
        } catch (UnsupportedOperationException e) {
            report.undescribed(
                    String.format(
                            "The '%s' source cannot describe its tables (%s): nothing is checked.",
                            definition.source().type(), e.getMessage()));
            return report;
        }
        if (sourceTables.isEmpty()) {
            report.note("The source lists no table: a start creates nothing.");
        }
        MetadataApplier applier = connectors.applier();
        Set<SchemaChangeEventType> accepted =
                AcceptedChangeTypes.narrowedBy(applier, connectors.accepted());
        Set<SchemaChangeEventType> supported = applier.getSupportedSchemaEvolutionTypes();
        ExistingTableSchemaExpansionSupport sink =
                applier instanceof ExistingTableSchemaExpansionSupport
                        ? (ExistingTableSchemaExpansionSupport) applier
                        : null;
        if (sink == null) {
            report.undescribed(
                    String.format(
                            "The '%s' sink cannot describe its tables (its MetadataApplier does not"
                                    + " implement ExistingTableSchemaExpansionSupport): a start"
                                    + " sends each create to it, whatever it has.",
                            definition.sink().type()));
        }
        for (Map.Entry<TableId, List<TableId>> routed : routed(sourceTables).entrySet()) {
            List<TableId> sources = routed.getValue();
            report.add(
                    sink == null
                            ? new SinkTableVerdict(
                                    routed.getKey(), sources, Verdict.UNKNOWN, List.of())
                            : verdict(
                                    routed.getKey(),
                                    sources,
                                    sourceTables,
                                    sink,
                                    accepted,
                                    supported));
        }
        return report;
    }

    /** Each sink table with the source tables routed into it, in source order. */
    private Map<TableId, List<TableId>> routed(Map<TableId, Schema> sourceTables) {
        TableRouter router = new TableRouter(connectors.routes());
        Map<TableId, List<TableId>> sources = new LinkedHashMap<>();
        for (TableId source : sourceTables.keySet()) {
            for (TableId sink : router.sinkTablesOf(source)) {
                sources.computeIfAbsent(sink, s -> new ArrayList<>()).add(source);
            }
        }
        return sources;
    }

    private SinkTableVerdict verdict(
            TableId table,
            List<TableId> sources,
            Map<TableId, Schema> sourceTables,
            ExistingTableSchemaExpansionSupport sink,
            Set<SchemaChangeEventType> accepted,
            Set<SchemaChangeEventType> supported) {
        Schema upstream = sourceTables.get(sources.get(0));
        List<String> details = new ArrayList<>();
        if (sources.size() > 1) {
            details.add(
                    String.format(
                            "%d source tables share it: the first one's create is checked; the"
                                    + " others' columns join under schema.change.behavior %s.",
                            sources.size(), behavior.name().toLowerCase(Locale.ROOT)));
            MergedTables merged =
                    MergedTables.of(
                            table,
                            sources,
                            sourceTables,
                            new SchemaChangeDeriver(
                                    behavior,
                                    explicitCast,
                                    accepted,
                                    sink.isColumnNameCaseSensitive()));
            details.addAll(merged.lines());
            if (merged.refusal() != null) {
                details.add(merged.refusal());
                return new SinkTableVerdict(table, sources, Verdict.INCOMPATIBLE, details);
            }
        }
        Optional<Schema> existing = sink.getExistingTableSchema(table);
        if (!CreateDecision.asksTheSink(mode, behavior, accepted)) {
            return unasked(table, sources, upstream, sink, existing, details);
        }
        CreateDecision decision =
                CreateDecision.of(
                        mode, behavior, accepted, supported, sink, table, upstream, existing);
        Verdict verdict =
                switch (decision.outcome()) {
                    case CREATE -> Verdict.CREATE;
                    case EXPAND -> Verdict.EXPAND;
                    case FAIL -> Verdict.INCOMPATIBLE;
                    case ADOPT ->
                            decision.expansion().compatible() ? Verdict.COMPATIBLE : Verdict.ADOPT;
                    // the sink's own create meets a table that does not hold the rows
                    case TO_SINK -> Verdict.INCOMPATIBLE;
                };
        if (verdict == Verdict.EXPAND) {
            RepairStatements statements = RepairStatements.of(sink);
            for (SchemaChangeEvent ddl : decision.ddl()) {
                details.addAll(statements.of(ddl, decision.expansion().target()));
                if (verbose) {
                    details.add("  " + ddl);
                }
            }
        } else if (verdict != Verdict.CREATE && verdict != Verdict.COMPATIBLE) {
            details.addAll(decision.message().lines().toList());
        }
        if (decision.outcome() == CreateDecision.Outcome.TO_SINK) {
            details.add(SINK_KEEPS_ITS_TABLE);
        }
        if (verdict != Verdict.INCOMPATIBLE && decision.expansion() != null) {
            unwrittenNote(decision.expansion(), sink).ifPresent(details::add);
        }
        return new SinkTableVerdict(table, sources, verdict, details);
    }

    private static Optional<String> unwrittenNote(
            ExpansionPlan plan, ExistingTableSchemaExpansionSupport sink) {
        return UnwrittenColumnsNote.of(plan.unwritten(), sink.unwrittenColumns());
    }

    /**
     * A create the start does not ask the sink about (DISABLED, or TRY_EXPAND/EXPAND under IGNORE
     * or EXCEPTION): it goes to the sink, which keeps a table it has. Compared all the same, so
     * that the check shows what the rows will meet.
     */
    private SinkTableVerdict unasked(
            TableId table,
            List<TableId> sources,
            Schema upstream,
            ExistingTableSchemaExpansionSupport sink,
            Optional<Schema> existing,
            List<String> details) {
        if (existing.isEmpty()) {
            return new SinkTableVerdict(table, sources, Verdict.CREATE, details);
        }
        ExpansionPlan plan =
                TableComparison.compare(
                        table,
                        upstream,
                        existing.get(),
                        SinkTableDescription.of(sink, table, existing.get()));
        if (plan.compatible()) {
            unwrittenNote(plan, sink).ifPresent(details::add);
            return new SinkTableVerdict(table, sources, Verdict.COMPATIBLE, details);
        }
        details.add(
                "The start sends the create to the sink, which keeps the table it has (the"
                        + " mode acts only under EXPAND or TRY_EXPAND with another behavior than"
                        + " IGNORE and EXCEPTION, or under CHECK).");
        details.addAll(DifferenceReport.of(plan, mode, RepairStatements.of(sink)).lines().toList());
        details.add(SINK_KEEPS_ITS_TABLE);
        return new SinkTableVerdict(table, sources, Verdict.INCOMPATIBLE, details);
    }
}
