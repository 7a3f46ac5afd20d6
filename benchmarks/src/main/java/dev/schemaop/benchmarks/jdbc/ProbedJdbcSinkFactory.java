package dev.schemaop.benchmarks.jdbc;

import dev.schemaop.benchmarks.workload.Workload;
import dev.schemaop.benchmarks.workload.WorkloadOptions;

import org.apache.flink.cdc.common.configuration.ConfigOption;
import org.apache.flink.cdc.common.configuration.ConfigOptions;
import org.apache.flink.cdc.common.configuration.Configuration;
import org.apache.flink.cdc.common.factories.DataSinkFactory;
import org.apache.flink.cdc.common.factories.FactoryHelper;
import org.apache.flink.cdc.common.sink.DataSink;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * {@code type: bench-probed-jdbc}: the real JDBC sink ({@code jdbc.type: postgres} or {@code
 * mariadb}), created by its own factory from the block's JDBC options, with probes around its
 * writer and applier that time rows and changes and pass every call on ({@link ProbedDataSink}).
 * The workload options tell the probes which change point a row follows.
 */
public final class ProbedJdbcSinkFactory implements DataSinkFactory {
    public static final String IDENTIFIER = "bench-probed-jdbc";

    public static final ConfigOption<String> JDBC_TYPE =
            ConfigOptions.key("jdbc.type")
                    .stringType()
                    .noDefaultValue()
                    .withDescription("The JDBC sink's type: postgres or mariadb.");

    @Override
    public DataSink createDataSink(Context context) {
        Configuration options = context.getFactoryConfiguration();
        Workload workload = WorkloadOptions.workload(options);
        if (workload.tables() != 1) {
            throw new IllegalArgumentException(
                    "The probed JDBC sink times one table's change points; "
                            + workload.name()
                            + " has "
                            + workload.tables());
        }
        Database database = Database.ofSinkType(options.get(JDBC_TYPE));
        DataSink jdbcSink =
                database.sinkFactory()
                        .createDataSink(
                                new FactoryHelper.DefaultContext(
                                        jdbcOptions(options),
                                        context.getPipelineConfiguration(),
                                        context.getClassLoader()));
        return new ProbedDataSink(jdbcSink, options.get(WorkloadOptions.RUN_ID), workload);
    }

    /** The block without the benchmark's own options: what the JDBC sink's factory checks. */
    private static Configuration jdbcOptions(Configuration options) {
        Set<String> own = new HashSet<>();
        WorkloadOptions.all().forEach(option -> own.add(option.key()));
        own.add(JDBC_TYPE.key());
        Map<String, String> jdbc = new HashMap<>(options.toMap());
        jdbc.keySet().removeAll(own);
        return Configuration.fromMap(jdbc);
    }

    @Override
    public String identifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(
                WorkloadOptions.RUN_ID, WorkloadOptions.NAME, WorkloadOptions.ROWS, JDBC_TYPE);
    }

    /** The JDBC options are checked by the JDBC sink's factory. */
    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return WorkloadOptions.all();
    }
}
