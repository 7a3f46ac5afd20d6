package dev.schemaop.types;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MetricGroup;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashMap;
import java.util.Map;

/**
 * Counts every value the pipeline discards, per sink table and column, as the Flink metric {@code
 * discardedValues} under the groups {@code table} and {@code column}, and logs the first one of
 * each table and column at WARN (SPEC §3: nothing disappears silently).
 */
public final class DiscardedValues {
    private static final Logger LOG = LoggerFactory.getLogger(DiscardedValues.class);

    private final MetricGroup metrics;

    /** Per sink table, per column: found without building a key for every discarded value. */
    private final Map<TableId, Map<String, ColumnCount>> counters = new HashMap<>();

    /** A column's metric, and what it counted since the last {@link #takeReport}. */
    private static final class ColumnCount {
        final Counter counter;
        long sinceReport;

        ColumnCount(Counter counter) {
            this.counter = counter;
        }
    }

    public DiscardedValues(MetricGroup metrics) {
        this.metrics = metrics;
    }

    public DiscardListener listenerFor(TableId sinkTable, TableId sourceTable) {
        Map<String, ColumnCount> byColumn =
                counters.computeIfAbsent(sinkTable, t -> new HashMap<>());
        return (column, reason) -> discarded(byColumn, sinkTable, sourceTable, column, reason);
    }

    private void discarded(
            Map<String, ColumnCount> byColumn,
            TableId sinkTable,
            TableId sourceTable,
            String column,
            DiscardReason reason) {
        ColumnCount count = byColumn.get(column);
        if (count == null) {
            count =
                    new ColumnCount(
                            metrics.addGroup("table", sinkTable.toString())
                                    .addGroup("column", column)
                                    .counter("discardedValues"));
            byColumn.put(column, count);
            LOG.warn(
                    "Discarding values of column '{}' of {} on their way to sink table {}: {}. "
                            + "Further discarded values of this column are only counted "
                            + "(metric discardedValues, table={}, column={}).",
                    column,
                    sourceTable,
                    sinkTable,
                    describe(reason),
                    sinkTable,
                    column);
        }
        count.counter.inc();
        count.sinceReport++;
    }

    /**
     * What was discarded since the previous report, per sink table and column; empty when nothing
     * was. The counts start again from nothing.
     */
    public Map<String, Map<String, Long>> takeReport() {
        Map<String, Map<String, Long>> report = new HashMap<>();
        counters.forEach(
                (table, columns) ->
                        columns.forEach(
                                (column, count) -> {
                                    if (count.sinceReport > 0) {
                                        report.computeIfAbsent(
                                                        table.toString(), t -> new HashMap<>())
                                                .put(column, count.sinceReport);
                                        count.sinceReport = 0;
                                    }
                                }));
        return report;
    }

    private static String describe(DiscardReason reason) {
        switch (reason) {
            case NOT_IN_TARGET:
                return "the sink table has no such column (the schema change that added it was "
                        + "not applied; see pipeline.schema.change.behavior and "
                        + "include/exclude.schema.changes)";
            case CONVERSION_FAILED:
                return "the value does not fit the sink column's type exactly and is written as null";
            case NULL_INTO_NOT_NULL:
                return "the row has no value for this NOT NULL sink column (the upstream renamed or"
                        + " dropped it and the sink kept it): null is written, and a sink that"
                        + " enforces NOT NULL refuses the row; make the column nullable in the sink,"
                        + " or let the change through (schema.change.behavior, exclude.schema.changes)";
            default:
                return reason.name();
        }
    }
}
