package dev.schemaop.benchmarks.workload;

import org.apache.flink.cdc.common.configuration.ConfigOption;
import org.apache.flink.cdc.common.configuration.ConfigOptions;
import org.apache.flink.cdc.common.configuration.Configuration;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** The options that carry a run and its workload to the benchmark connectors. */
public final class WorkloadOptions {
    public static final ConfigOption<String> RUN_ID =
            ConfigOptions.key("run-id")
                    .stringType()
                    .noDefaultValue()
                    .withDescription("The benchmark run.");
    public static final ConfigOption<String> NAME =
            ConfigOptions.key("workload").stringType().noDefaultValue().withDescription("W1..W5.");
    public static final ConfigOption<Integer> TABLES =
            ConfigOptions.key("tables").intType().defaultValue(1).withDescription("Tables.");
    public static final ConfigOption<Long> ROWS =
            ConfigOptions.key("rows-per-table")
                    .longType()
                    .noDefaultValue()
                    .withDescription("Rows per table.");
    public static final ConfigOption<Integer> CHANGE_EVERY =
            ConfigOptions.key("change-every")
                    .intType()
                    .defaultValue(0)
                    .withDescription("Rows between changes.");
    public static final ConfigOption<Integer> WIDEN_EVERY =
            ConfigOptions.key("widen-every")
                    .intType()
                    .defaultValue(0)
                    .withDescription("Changes between widenings.");
    public static final ConfigOption<String> SCHEMA =
            ConfigOptions.key("schema")
                    .stringType()
                    .defaultValue(Workload.DEFAULT_SCHEMA)
                    .withDescription("The schema part of the generated table ids.");
    public static final ConfigOption<Integer> CHANGING_TABLES =
            ConfigOptions.key("changing-tables")
                    .intType()
                    .defaultValue(0)
                    .withDescription("Tables with change points, the first ones; 0: all.");
    public static final ConfigOption<Boolean> INTERLEAVED =
            ConfigOptions.key("interleaved")
                    .booleanType()
                    .defaultValue(false)
                    .withDescription("Rows go to the tables in turn.");
    public static final ConfigOption<Integer> APPLY_DELAY_MS =
            ConfigOptions.key("apply-delay-ms")
                    .intType()
                    .defaultValue(0)
                    .withDescription("Milliseconds the counting sink's applier takes a change.");
    public static final ConfigOption<String> CHECKPOINT_DIR =
            ConfigOptions.key("measure-checkpoints-in")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Measure heap and checkpoint at the end, reading checkpoints here.");

    private WorkloadOptions() {}

    public static Set<ConfigOption<?>> all() {
        return Set.of(
                RUN_ID,
                NAME,
                TABLES,
                ROWS,
                CHANGE_EVERY,
                WIDEN_EVERY,
                SCHEMA,
                CHANGING_TABLES,
                INTERLEAVED,
                APPLY_DELAY_MS,
                CHECKPOINT_DIR);
    }

    public static Workload workload(Configuration options) {
        return new Workload(
                options.get(NAME),
                options.get(TABLES),
                options.get(ROWS),
                options.get(CHANGE_EVERY),
                options.get(WIDEN_EVERY),
                options.get(SCHEMA),
                options.get(CHANGING_TABLES),
                options.get(INTERLEAVED),
                options.get(APPLY_DELAY_MS));
    }

    /** The options of a run, as a connector block of a pipeline definition holds them. */
    public static Map<String, String> of(String runId, Workload workload) {
        Map<String, String> options = new LinkedHashMap<>();
        options.put(RUN_ID.key(), runId);
        options.put(NAME.key(), workload.name());
        options.put(TABLES.key(), Integer.toString(workload.tables()));
        options.put(ROWS.key(), Long.toString(workload.rowsPerTable()));
        options.put(CHANGE_EVERY.key(), Integer.toString(workload.changeEvery()));
        options.put(WIDEN_EVERY.key(), Integer.toString(workload.widenEvery()));
        options.put(SCHEMA.key(), workload.schema());
        options.put(CHANGING_TABLES.key(), Integer.toString(workload.changingTables()));
        options.put(INTERLEAVED.key(), Boolean.toString(workload.interleaved()));
        options.put(APPLY_DELAY_MS.key(), Integer.toString(workload.applyDelayMs()));
        return options;
    }
}
