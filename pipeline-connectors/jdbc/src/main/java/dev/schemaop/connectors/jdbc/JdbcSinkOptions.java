package dev.schemaop.connectors.jdbc;

import org.apache.flink.cdc.common.configuration.ConfigOption;
import org.apache.flink.cdc.common.configuration.ConfigOptions;

import java.time.Duration;

/** Options of the JDBC sinks ({@code sink: type: postgres} and {@code type: mariadb}). */
public final class JdbcSinkOptions {
    private JdbcSinkOptions() {}

    public static final ConfigOption<String> URL =
            ConfigOptions.key("url")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "JDBC url, e.g. jdbc:postgresql://127.0.0.1:5432/postgres or"
                                    + " jdbc:mariadb://127.0.0.1:3306/. The database in it is only"
                                    + " where connections start: table s.t goes to schema (or"
                                    + " database) s.");

    public static final ConfigOption<String> USERNAME =
            ConfigOptions.key("username")
                    .stringType()
                    .noDefaultValue()
                    .withDescription("User the sink connects as.");

    public static final ConfigOption<String> PASSWORD =
            ConfigOptions.key("password")
                    .stringType()
                    .noDefaultValue()
                    .withDescription("Password of that user; never logged or printed.");

    public static final ConfigOption<Integer> BUFFER_FLUSH_MAX_ROWS =
            ConfigOptions.key("sink.buffer-flush.max-rows")
                    .intType()
                    .defaultValue(1000)
                    .withDescription(
                            "A writer flushes its buffered row changes when it holds this many.");

    public static final ConfigOption<Duration> BUFFER_FLUSH_INTERVAL =
            ConfigOptions.key("sink.buffer-flush.interval")
                    .durationType()
                    .defaultValue(Duration.ofSeconds(1))
                    .withDescription(
                            "A writer flushes buffered row changes at the latest this long after"
                                    + " the first of them; 0 turns the timer off (flushes then"
                                    + " happen by size, on checkpoints and before schema changes).");

    public static final ConfigOption<Integer> MAX_RETRIES =
            ConfigOptions.key("sink.max-retries")
                    .intType()
                    .defaultValue(3)
                    .withDescription(
                            "Retries of a flush or a DDL change after a transient error or a lost"
                                    + " connection, each on a fresh connection.");
}
