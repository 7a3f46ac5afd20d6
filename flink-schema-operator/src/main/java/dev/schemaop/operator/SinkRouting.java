package dev.schemaop.operator;

import dev.schemaop.route.TableRouter;
import dev.schemaop.types.DiscardedValues;

import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.function.HashFunctionProvider;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MetricGroup;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where an upstream table's rows go: one {@link SinkBinding} per sink table it is routed to, built
 * once per table. Rows come in runs of one table, so the table's schema and bindings are looked up
 * once per run ({@link #lookUp}); a schema change ends the run. A row for a sink table that does
 * not exist is counted and said once per table, never dropped silently.
 */
final class SinkRouting {
    private static final Logger LOG = LoggerFactory.getLogger(SinkRouting.class);

    private final TableRouter router;
    private final SubtaskSchemas schemas;
    private final HashFunctionProvider<DataChangeEvent> hashes;
    private final DiscardedValues discards;
    private final int channels;
    private final MetricGroup metrics;
    private final Map<TableId, List<SinkBinding>> bindings = new HashMap<>();
    private final Set<TableId> tablesWithoutSink = new HashSet<>();
    @Nullable private Counter rowsWithoutTable;

    @Nullable private TableId lastTable;
    @Nullable private Schema lastUpstream;
    private List<SinkBinding> lastBindings = List.of();

    SinkRouting(
            TableRouter router,
            SubtaskSchemas schemas,
            HashFunctionProvider<DataChangeEvent> hashes,
            DiscardedValues discards,
            int channels,
            MetricGroup metrics) {
        this.router = router;
        this.schemas = schemas;
        this.hashes = hashes;
        this.discards = discards;
        this.channels = channels;
        this.metrics = metrics;
    }

    List<TableId> sinkTablesOf(TableId upstreamTable) {
        return router.sinkTablesOf(upstreamTable);
    }

    /** Makes {@code table} the current run; a no-op while the run lasts. */
    void lookUp(TableId table) {
        if (!table.equals(lastTable)) {
            lastUpstream = schemas.upstreamOf(table);
            lastBindings = lastUpstream == null ? List.of() : bindingsOf(table);
            lastTable = table;
        }
    }

    /** The upstream schema of the current run's table; null when the subtask has none. */
    @Nullable
    Schema upstream() {
        return lastUpstream;
    }

    List<SinkBinding> bindings() {
        return lastBindings;
    }

    /** A schema changed: the next row looks its table up again. */
    void endRun() {
        lastTable = null;
    }

    /**
     * The sink table is gone (dropped, or never created because create.table was not applied): the
     * row has nowhere to go.
     */
    void rowWithoutSinkTable(TableId sinkTable) {
        if (rowsWithoutTable == null) {
            rowsWithoutTable = metrics.counter("rowsWithoutSinkTable");
        }
        if (tablesWithoutSink.add(sinkTable)) {
            LOG.warn(
                    "Rows for sink table {} are dropped: the sink has no such table (it was dropped,"
                            + " or its creation was not applied). Metric rowsWithoutSinkTable"
                            + " counts them.",
                    sinkTable);
        }
        rowsWithoutTable.inc();
    }

    private List<SinkBinding> bindingsOf(TableId source) {
        return bindings.computeIfAbsent(
                source,
                s -> {
                    List<SinkBinding> list = new ArrayList<>();
                    for (TableId sink : router.sinkTablesOf(s)) {
                        list.add(
                                new SinkBinding(
                                        s,
                                        schemas.sinkView(sink),
                                        hashes,
                                        discards.listenerFor(sink, s),
                                        channels,
                                        schemas.renamesOf(s)));
                    }
                    return list;
                });
    }
}
