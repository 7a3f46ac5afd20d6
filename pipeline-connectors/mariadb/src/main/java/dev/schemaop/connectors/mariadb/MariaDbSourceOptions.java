package dev.schemaop.connectors.mariadb;

import org.apache.flink.cdc.common.configuration.ConfigOption;
import org.apache.flink.cdc.common.configuration.ConfigOptions;

import java.time.Duration;

/** The source's options: the names Flink CDC's MySQL pipeline source uses. */
public final class MariaDbSourceOptions {
    private MariaDbSourceOptions() {}

    public static final ConfigOption<String> HOSTNAME =
            ConfigOptions.key("hostname")
                    .stringType()
                    .noDefaultValue()
                    .withDescription("Host name or address of the MariaDB server.");

    public static final ConfigOption<Integer> PORT =
            ConfigOptions.key("port").intType().defaultValue(3306).withDescription("Port.");

    public static final ConfigOption<String> USERNAME =
            ConfigOptions.key("username")
                    .stringType()
                    .noDefaultValue()
                    .withDescription("User the source connects as.");

    public static final ConfigOption<String> PASSWORD =
            ConfigOptions.key("password")
                    .stringType()
                    .defaultValue("")
                    .withDescription("Password of the user; never logged.");

    public static final ConfigOption<String> TABLES =
            ConfigOptions.key("tables")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Comma-separated regular expressions db.table of the captured tables;"
                                    + " the first unescaped dot separates database and table, \\."
                                    + " is any character.");

    public static final ConfigOption<String> SERVER_ID =
            ConfigOptions.key("server-id")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Replication client id (a number or a range 5400-5404, of which the"
                                    + " first is used); unique among the server's replicas."
                                    + " Default: a number from 5400 to 6400.");

    public static final ConfigOption<String> SERVER_TIME_ZONE =
            ConfigOptions.key("server-time-zone")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "The server's session time zone, e.g. UTC (default: the JVM's).");

    public static final ConfigOption<String> SCAN_STARTUP_MODE =
            ConfigOptions.key("scan.startup.mode")
                    .stringType()
                    .defaultValue("initial")
                    .withDescription(
                            "initial: snapshot, then the binlog; latest-offset: only changes from"
                                    + " now on; snapshot: the snapshot only (a bounded job).");

    public static final ConfigOption<Integer> SCAN_SNAPSHOT_FETCH_SIZE =
            ConfigOptions.key("scan.snapshot.fetch.size")
                    .intType()
                    .defaultValue(1024)
                    .withDescription("Rows fetched per round trip while snapshotting.");

    public static final ConfigOption<Boolean> SCHEMA_CHANGE_ENABLED =
            ConfigOptions.key("schema-change.enabled")
                    .booleanType()
                    .defaultValue(true)
                    .withDescription("Whether DDL becomes schema change events.");

    public static final ConfigOption<Duration> CONNECT_TIMEOUT =
            ConfigOptions.key("connect.timeout")
                    .durationType()
                    .defaultValue(Duration.ofSeconds(30))
                    .withDescription("How long to wait for a connection to the server.");

    public static final ConfigOption<Boolean> PARSE_ONLINE_SCHEMA_CHANGES =
            ConfigOptions.key("scan.parse.online.schema.changes.enabled")
                    .booleanType()
                    .defaultValue(false)
                    .withDescription(
                            "Recognise gh-ost and pt-online-schema-change: the ALTER of a shadow"
                                    + " table (_t_gho, _t_new) reaches the sink as the ALTER of"
                                    + " the table it replaces, and the final renames as nothing.");

    public static final ConfigOption<String> SCHEMA_CHANGE_UNPARSEABLE =
            ConfigOptions.key("schema-change.unparseable")
                    .stringType()
                    .defaultValue("fail")
                    .withDescription(
                            "A DDL statement in the binlog that Debezium's parser cannot read."
                                    + " fail: the job ends, naming the statement and its binlog"
                                    + " position; skip: the statement is left out, with a WARN,"
                                    + " and counted (metric unparseableSchemaChangesSkipped).");
}
