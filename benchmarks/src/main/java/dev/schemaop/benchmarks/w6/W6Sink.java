package dev.schemaop.benchmarks.w6;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.cdc.common.event.Event;

/** The Sink v2 of W6's counting sink. */
final class W6Sink implements Sink<Event> {
    private static final long serialVersionUID = 1L;

    private final String runId;
    private final long snapshotRows;

    W6Sink(String runId, long snapshotRows) {
        this.runId = runId;
        this.snapshotRows = snapshotRows;
    }

    @Override
    public SinkWriter<Event> createWriter(WriterInitContext context) {
        return new W6Writer(runId, snapshotRows);
    }

    @Override
    @SuppressWarnings("deprecation")
    public SinkWriter<Event> createWriter(Sink.InitContext context) {
        return new W6Writer(runId, snapshotRows);
    }
}
