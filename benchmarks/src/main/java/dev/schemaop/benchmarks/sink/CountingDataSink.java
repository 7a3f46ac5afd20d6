package dev.schemaop.benchmarks.sink;

import dev.schemaop.benchmarks.workload.Workload;

import org.apache.flink.cdc.common.sink.DataSink;
import org.apache.flink.cdc.common.sink.EventSinkProvider;
import org.apache.flink.cdc.common.sink.FlinkSinkProvider;
import org.apache.flink.cdc.common.sink.MetadataApplier;

import javax.annotation.Nullable;

/** The counting sink as a Flink CDC {@link DataSink}. */
public final class CountingDataSink implements DataSink {
    private final String runId;
    private final Workload workload;
    @Nullable private final String schemaOperatorUid;

    /**
     * @param schemaOperatorUid where the schema registry answers, for writers behind a
     *     repartitioning pre-write topology; null: no topology
     */
    public CountingDataSink(String runId, Workload workload, @Nullable String schemaOperatorUid) {
        this.runId = runId;
        this.workload = workload;
        this.schemaOperatorUid = schemaOperatorUid;
    }

    @Override
    public EventSinkProvider getEventSinkProvider() {
        return FlinkSinkProvider.of(
                schemaOperatorUid == null
                        ? new CountingSink(runId, workload)
                        : new RepartitionedCountingSink(runId, workload, schemaOperatorUid));
    }

    @Override
    public MetadataApplier getMetadataApplier() {
        return new RecordingApplier(runId, workload.applyDelayMs());
    }
}
