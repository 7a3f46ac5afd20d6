package dev.schemaop.connectors.postgres;

import org.apache.flink.cdc.common.configuration.ConfigOption;
import org.apache.flink.cdc.common.configuration.ConfigOptions;

import java.time.Duration;

/**
 * The source's options: the names Flink CDC's PostgreSQL pipeline source uses, where it has them.
 */
public final class PostgresSourceOptions {
    private PostgresSourceOptions() {}

    public static final ConfigOption<String> HOSTNAME =
            ConfigOptions.key("hostname")
                    .stringType()
                    .noDefaultValue()
                    .withDescription("Host name or address of the PostgreSQL server.");

    public static final ConfigOption<Integer> PORT =
            ConfigOptions.key("port").intType().defaultValue(5432).withDescription("Port.");

    public static final ConfigOption<String> USERNAME =
            ConfigOptions.key("username")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "User the source connects as: a superuser for"
                                    + " schema-changes.capture event-trigger (PostgreSQL lets only"
                                    + " superusers create event triggers); for relation, a user"
                                    + " with REPLICATION who owns the captured tables.");

    public static final ConfigOption<String> PASSWORD =
            ConfigOptions.key("password")
                    .stringType()
                    .defaultValue("")
                    .withDescription("Password of the user; never logged.");

    public static final ConfigOption<String> DATABASE_NAME =
            ConfigOptions.key("database-name")
                    .stringType()
                    .noDefaultValue()
                    .withDescription("The database whose tables are captured.");

    public static final ConfigOption<String> TABLES =
            ConfigOptions.key("tables")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Comma-separated regular expressions schema.table of the captured"
                                    + " tables (or database.schema.table, the database being"
                                    + " database-name); the first unescaped dot separates schema"
                                    + " and table, \\. is any character.");

    public static final ConfigOption<String> SLOT_NAME =
            ConfigOptions.key("slot.name")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "The logical replication slot the source reads (lower-case letters,"
                                    + " digits and _); one per pipeline.");

    public static final ConfigOption<String> DECODING_PLUGIN_NAME =
            ConfigOptions.key("decoding.plugin.name")
                    .stringType()
                    .defaultValue("pgoutput")
                    .withDescription("The logical decoding plugin: pgoutput, the built-in one.");

    public static final ConfigOption<String> SCAN_STARTUP_MODE =
            ConfigOptions.key("scan.startup.mode")
                    .stringType()
                    .defaultValue("initial")
                    .withDescription(
                            "initial: snapshot, then the change stream; latest-offset: only"
                                    + " changes from now on; snapshot: the snapshot only (a"
                                    + " bounded job).");

    public static final ConfigOption<Integer> SCAN_SNAPSHOT_FETCH_SIZE =
            ConfigOptions.key("scan.snapshot.fetch.size")
                    .intType()
                    .defaultValue(1024)
                    .withDescription("Rows fetched per round trip while snapshotting.");

    public static final ConfigOption<String> SCHEMA_CHANGES_CAPTURE =
            ConfigOptions.key("schema-changes.capture")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "How DDL is seen: event-trigger (an event trigger the source installs"
                                    + " writes each DDL's result into the WAL, read in order with"
                                    + " the rows; needs a superuser) or relation (the Relation"
                                    + " message before the first row written after a change, its"
                                    + " columns told apart by attnum; no superuser). Unset: the"
                                    + " event trigger when the user is a superuser, else"
                                    + " relation.");

    public static final ConfigOption<Duration> CONNECT_TIMEOUT =
            ConfigOptions.key("connect.timeout")
                    .durationType()
                    .defaultValue(Duration.ofSeconds(30))
                    .withDescription("How long to wait for a connection to the server.");
}
