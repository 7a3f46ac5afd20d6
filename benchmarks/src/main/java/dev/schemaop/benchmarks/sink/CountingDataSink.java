package dev.schemaop.benchmarks.sink;

import dev.schemaop.benchmarks.workload.Workload;

import org.apache.flink.cdc.common.sink.DataSink;
import org.apache.flink.cdc.common.sink.EventSinkProvider;
import org.apache.flink.cdc.common.sink.FlinkSinkProvider;
import org.apache.flink.cdc.common.sink.MetadataApplier;

/** The counting sink as a Flink CDC {@link DataSink}. */
public final class CountingDataSink implements DataSink {
    private final String runId;
    private final Workload workload;
    private final boolean repartitioned;

    /**
     * @param repartitioned writers behind a repartitioning pre-write topology
     */
    public CountingDataSink(String runId, Workload workload, boolean repartitioned) {
        this.runId = runId;
        this.workload = workload;
        this.repartitioned = repartitioned;
    }

    @Override
    public EventSinkProvider getEventSinkProvider() {
        return FlinkSinkProvider.of(
                repartitioned
                        ? new RepartitionedCountingSink(runId, workload)
                        : new CountingSink(runId, workload));
    }

    @Override
    public MetadataApplier getMetadataApplier() {
        return new RecordingApplier(runId, workload.applyDelayMs());
    }
}
