package dev.schemaop.registry;

import dev.schemaop.behavior.Derivation;
import dev.schemaop.behavior.SchemaChangeDeriver;
import dev.schemaop.behavior.SchemaChangeRejectedException;
import dev.schemaop.behavior.SchemaChanges;
import dev.schemaop.behavior.SkipReason;
import dev.schemaop.behavior.SkippedChange;
import dev.schemaop.merge.HoldPlan;
import dev.schemaop.merge.SchemaMerger;
import dev.schemaop.route.TableRouter;

import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.schema.Schema;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.List;

/**
 * Decides, without applying anything, what one upstream change means for each sink table it is
 * routed to: first the route (a table of its own passes the change on; a table that several sources
 * merge into only ever grows to hold them, SPEC §7), then the behavior and the filters (SPEC §3,
 * §4). Pure: no threads, no I/O.
 */
final class ChangePlanner {

    private final SchemaChangeDeriver deriver;
    private final TableRouter router;

    ChangePlanner(SchemaChangeDeriver deriver, TableRouter router) {
        this.deriver = deriver;
        this.router = router;
    }

    ChangePlan plan(SchemaChangeEvent change, int ordinal, RegistryState state) {
        TableId source = change.tableId();
        Schema upstreamAfter = SchemaChanges.apply(state.upstreamOf(source), change);
        List<SinkPlan> sinks = new ArrayList<>();
        for (TableId sinkTable : router.sinkTablesOf(source)) {
            SinkTableState sink = state.sink(sinkTable);
            deriver.checkKeyColumns(change, sinkTable, sink.schema);
            boolean merged = isMerged(change, sink);
            List<SchemaChangeEvent> sinkLevel =
                    merged
                            ? mergedEvents(change, upstreamAfter, sink)
                            : List.of(change.copy(sink.table));
            sinks.add(derive(change, sink, sinkLevel, merged));
        }
        return new ChangePlan(change, upstreamAfter, ordinal, sinks);
    }

    private SinkPlan derive(
            SchemaChangeEvent change,
            SinkTableState sink,
            List<SchemaChangeEvent> sinkLevel,
            boolean merged) {
        Schema planned = sink.schema;
        List<SchemaChangeEvent> toApply = new ArrayList<>();
        List<SkippedChange> skipped = new ArrayList<>();
        if (sinkLevel.isEmpty()) {
            skipped.add(new SkippedChange(change.copy(sink.table), SkipReason.SHARED_TABLE));
        }
        for (SchemaChangeEvent event : sinkLevel) {
            Derivation derivation =
                    merged ? deriver.deriveMerge(event, planned) : deriver.derive(event, planned);
            for (SchemaChangeEvent derived : derivation.toApply()) {
                planned = SchemaChanges.apply(planned, derived);
                toApply.add(derived);
            }
            skipped.addAll(derivation.skipped());
        }
        return new SinkPlan(sink.table, sink.version, sink.schema, toApply, skipped);
    }

    /** Whether the sink table holds another upstream table's rows too (SPEC §7). */
    private static boolean isMerged(SchemaChangeEvent change, SinkTableState sink) {
        TableId source = change.tableId();
        return sink.sources.stream().anyMatch(other -> !other.equals(source))
                && sink.schema != null;
    }

    /**
     * The change as a sink table that several upstream tables merge into sees it: only what makes
     * it hold the changed table's columns (SPEC §7); renames, drops and truncates of one source do
     * not reach it. A key column whose type does not hold the changed table's is refused: keys are
     * never widened (§5), and the rows whose key the column cannot hold would be lost.
     */
    private static List<SchemaChangeEvent> mergedEvents(
            SchemaChangeEvent change, @Nullable Schema upstreamAfter, SinkTableState sink) {
        if (upstreamAfter == null
                || change instanceof DropTableEvent
                || change instanceof TruncateTableEvent) {
            return List.of(); // skipped as SHARED_TABLE, and logged so
        }
        HoldPlan merge = SchemaMerger.planToMerge(sink.table, sink.schema, upstreamAfter);
        if (!merge.keyColumns().isEmpty()) {
            throw SchemaChangeRejectedException.keyColumnsOfMergedTables(
                    change, sink.table, sink.sources, merge.keyColumns());
        }
        return merge.events();
    }
}
