package dev.schemaop.benchmarks.jdbc;

import dev.schemaop.benchmarks.workload.Workload;

import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.function.HashFunctionProvider;
import org.apache.flink.cdc.common.sink.DataSink;
import org.apache.flink.cdc.common.sink.EventSinkProvider;
import org.apache.flink.cdc.common.sink.FlinkSinkProvider;
import org.apache.flink.cdc.common.sink.MetadataApplier;

/**
 * The JDBC sink as the runtime sees it, with its writer wrapped in a {@link ProbedWriter} and its
 * applier in a {@link TimedApplier}; its hash functions (which sink subtask a row goes to) are its
 * own.
 */
final class ProbedDataSink implements DataSink {
    private final DataSink jdbcSink;
    private final String runId;
    private final Workload workload;

    ProbedDataSink(DataSink jdbcSink, String runId, Workload workload) {
        this.jdbcSink = jdbcSink;
        this.runId = runId;
        this.workload = workload;
    }

    @Override
    public EventSinkProvider getEventSinkProvider() {
        EventSinkProvider provider = jdbcSink.getEventSinkProvider();
        if (!(provider instanceof FlinkSinkProvider)) {
            throw new IllegalStateException(
                    "The JDBC sink provides " + provider.getClass().getName());
        }
        return FlinkSinkProvider.of(
                new ProbedSink(((FlinkSinkProvider) provider).getSink(), runId, workload));
    }

    @Override
    public MetadataApplier getMetadataApplier() {
        return new TimedApplier(jdbcSink.getMetadataApplier(), runId);
    }

    @Override
    public HashFunctionProvider<DataChangeEvent> getDataChangeEventHashFunctionProvider() {
        return jdbcSink.getDataChangeEventHashFunctionProvider();
    }

    @Override
    public HashFunctionProvider<DataChangeEvent> getDataChangeEventHashFunctionProvider(
            int parallelism) {
        return jdbcSink.getDataChangeEventHashFunctionProvider(parallelism);
    }
}
