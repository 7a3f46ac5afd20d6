package dev.schemaop.sink;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MetricGroup;

import java.util.HashMap;
import java.util.Map;

/**
 * The rows a sink subtask handed to the connector's writer, per sink table: the metric {@code
 * table.<sink table>.rowsWritten} of the sink input task, which the embedded run's summary adds up.
 * Rows come in runs of one table, so the counter is looked up once per run.
 */
public final class RowsWritten {
    public static final String METRIC = "rowsWritten";

    private final MetricGroup group;
    private final Map<TableId, Counter> counters = new HashMap<>();
    private TableId lastTable;
    private Counter last;

    RowsWritten(MetricGroup group) {
        this.group = group;
    }

    void count(TableId table) {
        if (!table.equals(lastTable)) {
            last =
                    counters.computeIfAbsent(
                            table, t -> group.addGroup("table", t.toString()).counter(METRIC));
            lastTable = table;
        }
        last.inc();
    }
}
