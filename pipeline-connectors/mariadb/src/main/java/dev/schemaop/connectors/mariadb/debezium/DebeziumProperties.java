package dev.schemaop.connectors.mariadb.debezium;

import dev.schemaop.connectors.mariadb.SourceSettings;

import java.util.Properties;

/**
 * The embedded engine's configuration for one reader. Fixed choices (README "How it reads"): exact
 * decimals and unsigned BIGINT, bytes as bytes, microsecond times, truncates as events, DDL as
 * schema change records, the schema history and offsets in the reader's checkpoint, no snapshot of
 * rows (the source reads them itself).
 */
public final class DebeziumProperties {
    /** The logical server name: the topic prefix of every record. */
    public static final String TOPIC_PREFIX = "schemaop";

    private DebeziumProperties() {}

    static Properties of(
            SourceSettings settings,
            String engineName,
            String metricTags,
            String engineId,
            String partitionJson,
            String offsetJson) {
        Properties p = new Properties();
        p.setProperty("name", engineName);
        p.setProperty("connector.class", QuotedNamesConnector.class.getName());
        p.setProperty("topic.prefix", TOPIC_PREFIX);
        // Debezium names its JMX beans after the topic prefix: two readers in one TaskManager (two
        // jobs, or a restarted attempt while the old one closes) would wait 60 s for the name
        // and then fail. The tags make each reader's names its own.
        p.setProperty("custom.metric.tags", metricTags);
        p.setProperty("database.hostname", settings.hostname());
        p.setProperty("database.port", String.valueOf(settings.port()));
        p.setProperty("database.user", settings.username());
        p.setProperty("database.password", settings.password());
        p.setProperty("database.server.id", String.valueOf(settings.serverId()));
        p.setProperty("database.include.list", settings.databaseIncludeList());
        p.setProperty("table.include.list", settings.tableIncludeList());
        if (settings.serverTimeZone() != null) {
            p.setProperty("database.connectionTimeZone", settings.serverTimeZone());
        }
        p.setProperty("connect.timeout.ms", String.valueOf(settings.connectTimeout().toMillis()));
        // The rows of the initial snapshot are read by the source itself (SnapshotRunner), which
        // hands Debezium the position and schema history to stream from; without them (startup
        // mode latest-offset), Debezium describes the tables and streams from the binlog's end.
        p.setProperty("snapshot.mode", "no_data");
        p.setProperty("include.schema.changes", "true");
        p.setProperty("skipped.operations", "none");
        p.setProperty("tombstones.on.delete", "false");
        p.setProperty("decimal.handling.mode", "precise");
        p.setProperty("bigint.unsigned.handling.mode", "precise");
        p.setProperty("binary.handling.mode", "bytes");
        p.setProperty("time.precision.mode", "adaptive_time_microseconds");
        // The driver reads YEAR as a number: as a java.sql.Date, YEAR 0000 fails the snapshot.
        p.setProperty("database.yearIsDateType", "false");
        // MariaDB stores four-digit years: DATE '0050-06-15' is year 50, not 2050.
        p.setProperty("enable.time.adjuster", "false");
        p.setProperty("schema.history.internal", CheckpointedSchemaHistory.class.getName());
        p.setProperty(EngineHooks.ENGINE_ID, engineId);
        p.setProperty("schema.history.internal.store.only.captured.tables.ddl", "true");
        p.setProperty("schema.history.internal.store.only.captured.databases.ddl", "true");
        // Debezium's queue hands over a batch when 2,048 records wait or this much time passed: its
        // 500 ms default was the floor of the lag at low change rates (benchmark W6).
        p.setProperty("poll.interval.ms", "50");
        p.setProperty("offset.storage", CheckpointedOffsetStore.class.getName());
        p.setProperty("offset.flush.interval.ms", "3600000");
        if (partitionJson != null && offsetJson != null) {
            p.setProperty(CheckpointedOffsetStore.PARTITION, partitionJson);
            p.setProperty(CheckpointedOffsetStore.OFFSET, offsetJson);
        }
        settings.debezium().forEach(p::setProperty);
        return p;
    }
}
