package dev.schemaop.connectors.values;

import org.apache.flink.cdc.common.configuration.ConfigOption;
import org.apache.flink.cdc.common.configuration.ConfigOptions;

/** Options of the values source ({@code source: type: values}). */
public final class ValuesDataSourceOptions {

    private ValuesDataSourceOptions() {}

    public static final ConfigOption<String> SCRIPT =
            ConfigOptions.key("script")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Path of the YAML script of events to replay (format in the values"
                                    + " connector's README). A relative path is resolved against"
                                    + " the pipeline definition's directory when the runner gives"
                                    + " it (pipeline.definition.dir), else against the working"
                                    + " directory.");

    public static final ConfigOption<Integer> SPLITS =
            ConfigOptions.key("splits")
                    .intType()
                    .defaultValue(1)
                    .withDescription(
                            "Number of splits. Every split replays all schema changes; every row"
                                    + " belongs to the one split its primary key hashes to.");

    public static final ConfigOption<Long> EVENT_DELAY_MS =
            ConfigOptions.key("event.delay.ms")
                    .longType()
                    .defaultValue(0L)
                    .withDescription("Pause in milliseconds between two emitted events.");

    public static final ConfigOption<String> FAIL_AT_EVENTS =
            ConfigOptions.key("fail.at.events")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Failover tests: comma-separated event numbers. The readers count the"
                                    + " events they emit (JVM-wide, across restarts); the reader"
                                    + " about to emit a listed one throws instead, once.");
}
