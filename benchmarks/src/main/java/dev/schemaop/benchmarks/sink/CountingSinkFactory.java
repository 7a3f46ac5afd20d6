package dev.schemaop.benchmarks.sink;

import dev.schemaop.benchmarks.workload.WorkloadOptions;

import org.apache.flink.cdc.common.configuration.ConfigOption;
import org.apache.flink.cdc.common.configuration.ConfigOptions;
import org.apache.flink.cdc.common.configuration.Configuration;
import org.apache.flink.cdc.common.factories.DataSinkFactory;
import org.apache.flink.cdc.common.sink.DataSink;

import java.util.HashSet;
import java.util.Set;

/** {@code type: bench-counting}. */
public final class CountingSinkFactory implements DataSinkFactory {
    public static final String IDENTIFIER = "bench-counting";

    /** true: behind a pre-write topology that repartitions by key hash (issue 25). */
    public static final ConfigOption<Boolean> REPARTITION =
            ConfigOptions.key("repartition").booleanType().defaultValue(false);

    @Override
    public DataSink createDataSink(Context context) {
        Configuration options = context.getFactoryConfiguration();
        return new CountingDataSink(
                options.get(WorkloadOptions.RUN_ID),
                WorkloadOptions.workload(options),
                options.get(REPARTITION));
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
        Set<ConfigOption<?>> options = new HashSet<>(WorkloadOptions.all());
        options.add(REPARTITION);
        return options;
    }
}
