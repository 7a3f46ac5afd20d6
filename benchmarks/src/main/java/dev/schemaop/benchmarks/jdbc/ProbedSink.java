package dev.schemaop.benchmarks.jdbc;

import dev.schemaop.benchmarks.workload.Workload;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.cdc.common.event.Event;

import java.io.IOException;

/**
 * The JDBC sink's Sink v2, each writer wrapped in a {@link ProbedWriter}. The JDBC sink is a plain
 * {@link Sink} (no committer, no writer state), so a plain wrapper keeps every capability it has.
 */
final class ProbedSink implements Sink<Event> {
    private static final long serialVersionUID = 1L;

    private final Sink<Event> jdbcSink;
    private final String runId;
    private final Workload workload;

    ProbedSink(Sink<Event> jdbcSink, String runId, Workload workload) {
        this.jdbcSink = jdbcSink;
        this.runId = runId;
        this.workload = workload;
    }

    @Override
    public SinkWriter<Event> createWriter(WriterInitContext context) throws IOException {
        return new ProbedWriter(jdbcSink.createWriter(context), runId, workload);
    }

    @Override
    @SuppressWarnings("deprecation")
    public SinkWriter<Event> createWriter(Sink.InitContext context) throws IOException {
        return new ProbedWriter(jdbcSink.createWriter(context), runId, workload);
    }
}
