package dev.schemaop.benchmarks.source;

import dev.schemaop.benchmarks.workload.WorkloadOptions;

import org.apache.flink.cdc.common.configuration.ConfigOption;
import org.apache.flink.cdc.common.configuration.Configuration;
import org.apache.flink.cdc.common.factories.DataSourceFactory;
import org.apache.flink.cdc.common.pipeline.PipelineOptions;
import org.apache.flink.cdc.common.source.DataSource;

import java.util.Set;

/** {@code type: bench-generator}: one split per pipeline subtask. */
public final class GeneratorSourceFactory implements DataSourceFactory {
    public static final String IDENTIFIER = "bench-generator";

    @Override
    public DataSource createDataSource(Context context) {
        Configuration options = context.getFactoryConfiguration();
        return new GeneratorDataSource(
                new GeneratorSource(
                        options.get(WorkloadOptions.RUN_ID),
                        WorkloadOptions.workload(options),
                        context.getPipelineConfiguration()
                                .get(PipelineOptions.PIPELINE_PARALLELISM),
                        options.get(WorkloadOptions.CHECKPOINT_DIR)));
    }

    @Override
    public String identifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(WorkloadOptions.RUN_ID, WorkloadOptions.NAME, WorkloadOptions.ROWS);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return WorkloadOptions.all();
    }
}
