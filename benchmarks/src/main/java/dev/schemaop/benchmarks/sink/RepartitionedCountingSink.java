package dev.schemaop.benchmarks.sink;

import dev.schemaop.benchmarks.workload.Workload;
import dev.schemaop.connectors.values.sink.KeyHashPreWriteTopology;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.streaming.api.connector.sink2.SupportsPreWriteTopology;
import org.apache.flink.streaming.api.datastream.DataStream;

/**
 * The counting sink behind a pre-write topology that repartitions rows by key hash and aligns
 * flushes again, of the shape of Apache Flink CDC's Paimon sink (issue 25). The topology hands each
 * writer a table's schema after every change as a {@code CreateTableEvent}, one per topology
 * subtask, so its writers take a creation of a table they hold as its new schema.
 */
public final class RepartitionedCountingSink
        implements Sink<Event>, SupportsPreWriteTopology<Event> {
    private static final long serialVersionUID = 1L;

    private final String runId;
    private final Workload workload;

    public RepartitionedCountingSink(String runId, Workload workload) {
        this.runId = runId;
        this.workload = workload;
    }

    @Override
    public DataStream<Event> addPreWriteTopology(DataStream<Event> input) {
        return KeyHashPreWriteTopology.add(input);
    }

    @Override
    public SinkWriter<Event> createWriter(WriterInitContext context) {
        return new CountingWriter(runId, workload, true);
    }

    @Override
    @SuppressWarnings("deprecation")
    public SinkWriter<Event> createWriter(Sink.InitContext context) {
        return new CountingWriter(runId, workload, true);
    }
}
