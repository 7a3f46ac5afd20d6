package dev.schemaop.benchmarks.sink;

import dev.schemaop.benchmarks.probe.Probes;
import dev.schemaop.benchmarks.probe.RunProbe;
import dev.schemaop.benchmarks.workload.Workload;

import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;

import java.util.HashMap;
import java.util.Map;

/**
 * Counts rows and checks each against the schema this writer holds, as a real sink would decode it.
 * Schemas come only from the events the writer receives, like any connector's.
 */
final class CountingWriter implements SinkWriter<Event> {
    private final RunProbe probe;
    private final Workload workload;
    private final int pointsPerTable;
    private final Map<TableId, HeldTable> tables = new HashMap<>();

    private long rows;
    private long firstRowNanos;
    private long lastRowNanos;

    /** Rows of the tables without change points, when only some tables change (W8). */
    private long unchangedRows;

    private long unchangedFirstNanos;
    private long unchangedLastNanos;

    /** A creation of a held table is its new schema (behind a repartitioning topology). */
    private final boolean creationsReplace;

    CountingWriter(String runId, Workload workload, boolean creationsReplace) {
        this.probe = Probes.of(runId);
        this.workload = workload;
        this.pointsPerTable = workload.changePoints() + 1;
        this.creationsReplace = creationsReplace;
    }

    @Override
    public void write(Event event, Context context) {
        if (event instanceof DataChangeEvent) {
            row((DataChangeEvent) event);
        } else if (event instanceof CreateTableEvent) {
            CreateTableEvent create = (CreateTableEvent) event;
            HeldTable held = tables.get(create.tableId());
            if (held != null && creationsReplace) {
                held.replace(create.getSchema());
                return;
            }
            // Every split of the generator reports the creation; without restores a second
            // report is a duplicate, not a new schema.
            tables.putIfAbsent(
                    create.tableId(),
                    new HeldTable(
                            create.getSchema(), workload, Workload.tableIndex(create.tableId())));
        } else if (event instanceof SchemaChangeEvent) {
            schemaChange((SchemaChangeEvent) event);
        }
    }

    private void row(DataChangeEvent row) {
        long now = System.nanoTime();
        if (rows++ == 0) {
            firstRowNanos = now;
        }
        lastRowNanos = now;
        HeldTable table = tables.get(row.tableId());
        if (table == null) {
            probe.wrongShape(row.tableId() + ": a row before the table's schema");
            return;
        }
        String problem = table.check(row.after());
        if (problem != null) {
            probe.wrongShape(row.tableId() + ": " + problem);
        }
        long seq = row.after().getLong(0);
        int index = Workload.tableIndex(row.tableId());
        if (workload.changingTables() > 0 && !workload.changes(index)) {
            if (unchangedRows++ == 0) {
                unchangedFirstNanos = now;
            }
            unchangedLastNanos = now;
        }
        int pointsBefore = workload.changePointsBefore(index, seq);
        while (table.nextPointToTime <= pointsBefore) {
            probe.firstRowAfterChange(index * pointsPerTable + table.nextPointToTime, now);
            table.nextPointToTime++;
        }
    }

    private void schemaChange(SchemaChangeEvent change) {
        probe.schemaEventAtWriter();
        HeldTable table = tables.get(change.tableId());
        if (table == null) {
            probe.rejectedSchemaEvent(change + " for a table the writer does not hold");
            return;
        }
        try {
            table.apply(change);
        } catch (RuntimeException e) {
            probe.rejectedSchemaEvent(
                    change + " does not apply to the held schema: " + e.getMessage());
        }
    }

    @Override
    public void flush(boolean endOfInput) {}

    @Override
    public void close() {
        probe.writerClosed(rows, firstRowNanos, lastRowNanos);
        probe.unchangedTablesClosed(unchangedRows, unchangedFirstNanos, unchangedLastNanos);
    }
}
