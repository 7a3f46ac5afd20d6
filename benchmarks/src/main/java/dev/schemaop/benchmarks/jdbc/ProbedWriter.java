package dev.schemaop.benchmarks.jdbc;

import dev.schemaop.benchmarks.probe.Probes;
import dev.schemaop.benchmarks.probe.RunProbe;
import dev.schemaop.benchmarks.workload.Workload;

import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;

import java.io.IOException;

/**
 * Passes every call to the JDBC sink's writer and notes, for the run's probe: the rows it was
 * given, when the first one came, when the first row after each change point came (the end of that
 * change's stall), each {@code flush()} call (the runtime's before a change, which writes the rows
 * of the old shape, and Flink's before a checkpoint), and when its last flush returned (its rows
 * then are committed: the end of the job's throughput interval). It reads the clock only at those
 * moments, not per row.
 */
final class ProbedWriter implements SinkWriter<Event> {
    private final SinkWriter<Event> jdbcWriter;
    private final RunProbe probe;
    private final Workload workload;
    private final int writer;

    private long rows;
    private long firstRowNanos;
    private long lastFlushReturnedNanos;

    /** The next change point (0: the creation) whose first following row is still to come. */
    private int nextPointToTime;

    ProbedWriter(SinkWriter<Event> jdbcWriter, String runId, Workload workload) {
        this.jdbcWriter = jdbcWriter;
        this.probe = Probes.of(runId);
        this.workload = workload;
        this.writer = probe.sinkCalls().writerOpened();
    }

    @Override
    public void write(Event event, Context context) throws IOException, InterruptedException {
        if (event instanceof DataChangeEvent) {
            noteRow((DataChangeEvent) event);
        }
        jdbcWriter.write(event, context);
    }

    /** One table (the factory checks): change point ids are the points themselves. */
    private void noteRow(DataChangeEvent row) {
        if (rows++ == 0) {
            firstRowNanos = System.nanoTime();
        }
        int pointsBefore = workload.changePointsBefore(row.after().getLong(0));
        if (pointsBefore >= nextPointToTime) {
            long now = System.nanoTime();
            while (nextPointToTime <= pointsBefore) {
                probe.firstRowAfterChange(nextPointToTime++, now);
            }
        }
    }

    @Override
    public void flush(boolean endOfInput) throws IOException, InterruptedException {
        long started = System.nanoTime();
        jdbcWriter.flush(endOfInput);
        lastFlushReturnedNanos = System.nanoTime();
        probe.sinkCalls().flushed(writer, started, lastFlushReturnedNanos - started);
    }

    @Override
    public void writeWatermark(Watermark watermark) throws IOException, InterruptedException {
        jdbcWriter.writeWatermark(watermark);
    }

    @Override
    public void close() throws Exception {
        jdbcWriter.close();
        probe.writerClosed(rows, firstRowNanos, lastFlushReturnedNanos);
    }
}
