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

    public CountingDataSink(String runId, Workload workload) {
        this.runId = runId;
        this.workload = workload;
    }

    @Override
    public EventSinkProvider getEventSinkProvider() {
        return FlinkSinkProvider.of(new CountingSink(runId, workload));
    }

    @Override
    public MetadataApplier getMetadataApplier() {
        return new RecordingApplier(runId, workload.applyDelayMs());
    }
}
