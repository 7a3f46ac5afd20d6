package dev.schemaop.benchmarks.sink;

import dev.schemaop.benchmarks.workload.Workload;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.cdc.common.event.Event;

/** A Sink v2 whose writers count rows and check their shapes. */
public final class CountingSink implements Sink<Event> {
    private static final long serialVersionUID = 1L;

    private final String runId;
    private final Workload workload;

    public CountingSink(String runId, Workload workload) {
        this.runId = runId;
        this.workload = workload;
    }

    @Override
    public SinkWriter<Event> createWriter(WriterInitContext context) {
        return new CountingWriter(runId, workload, false);
    }

    @Override
    @SuppressWarnings("deprecation")
    public SinkWriter<Event> createWriter(Sink.InitContext context) {
        return new CountingWriter(runId, workload, false);
    }
}
