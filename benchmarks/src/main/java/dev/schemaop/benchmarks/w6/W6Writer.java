package dev.schemaop.benchmarks.w6;

import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.OperationType;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * Counts the rows of W6 as they reach the sink: inserts of loaded ids are the snapshot, updates and
 * inserts of new ids the binlog changes, whose last column holds the time their statement was
 * issued (microseconds since the epoch), read here for the end-to-end lag.
 */
final class W6Writer implements SinkWriter<Event> {
    private final W6Probe probe;
    private final long snapshotRows;
    private final int width;
    private boolean created;

    W6Writer(String runId, long snapshotRows) {
        this.probe = W6Probe.of(runId);
        this.snapshotRows = snapshotRows;
        this.width = probe.width();
    }

    @Override
    public void write(Event event, Context context) {
        if (event instanceof DataChangeEvent) {
            row((DataChangeEvent) event);
        } else if (event instanceof CreateTableEvent) {
            CreateTableEvent create = (CreateTableEvent) event;
            if (create.getSchema().getColumnCount() != width) {
                probe.wrongShape(
                        "created with " + create.getSchema().getColumnCount() + " columns");
            }
            created = true;
        } else {
            probe.other(event.toString());
        }
    }

    private void row(DataChangeEvent row) {
        long now = System.nanoTime();
        RecordData after = row.after();
        if (!created || after == null || after.getArity() != width) {
            probe.wrongShape(
                    "row of " + (after == null ? "no" : after.getArity()) + " columns: " + row);
            return;
        }
        long id = after.getLong(0);
        OperationType op = row.op();
        if (op == OperationType.INSERT && id <= snapshotRows) {
            probe.snapshotRow(id, now);
        } else if (op == OperationType.INSERT || op == OperationType.UPDATE) {
            if (after.isNullAt(width - 1) || (op == OperationType.UPDATE && row.before() == null)) {
                probe.wrongShape("a change without its issue time or before image: " + row);
                return;
            }
            long issued = after.getLong(width - 1);
            long lag = ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now()) - issued;
            probe.change(op == OperationType.UPDATE, id, now, lag);
        } else {
            probe.other(row.toString());
        }
    }

    @Override
    public void flush(boolean endOfInput) {}

    @Override
    public void close() {}
}
