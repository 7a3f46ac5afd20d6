package dev.schemaop.connectors.postgres.stream;

import dev.schemaop.connectors.postgres.PostgresSourceSettings;
import dev.schemaop.connectors.postgres.values.ToastPlaceholder;

import java.util.Properties;

/**
 * The embedded engine's configuration for one reader. Fixed choices (README of the postgres source,
 * "How it reads"): the slot and publication the source created, no snapshot by Debezium (the source
 * reads it under the slot's exported snapshot), heartbeat messages, truncates as events, numerics
 * as text, bytes as bytes, adaptive times, the offset in the reader's checkpoint and confirmed to
 * the slot only once a checkpoint holding it is complete.
 */
final class DebeziumProperties {
    static final String TOPIC_PREFIX = "schemaop";

    private DebeziumProperties() {}

    static Properties of(
            PostgresSourceSettings settings,
            String engineName,
            String metricTags,
            String partitionJson,
            String offsetJson,
            String heartbeatToken) {
        Properties p = new Properties();
        p.setProperty("name", engineName);
        p.setProperty("connector.class", "io.debezium.connector.postgresql.PostgresConnector");
        p.setProperty("topic.prefix", TOPIC_PREFIX);
        p.setProperty("custom.metric.tags", metricTags);
        p.setProperty("database.hostname", settings.hostname());
        p.setProperty("database.port", String.valueOf(settings.port()));
        p.setProperty("database.user", settings.username());
        p.setProperty("database.password", settings.password());
        p.setProperty("database.dbname", settings.database());
        p.setProperty("plugin.name", "pgoutput");
        p.setProperty("slot.name", settings.slotName());
        p.setProperty("slot.drop.on.stop", "false");
        p.setProperty("publication.name", settings.publication());
        p.setProperty("publication.autocreate.mode", "disabled");
        p.setProperty("snapshot.mode", "no_data");
        // Heartbeats: a non-transactional message of the source's own moves the slot's position
        // with the database's WAL while the captured tables are idle (PostgreSQL skips the empty
        // transactions of other tables' changes), so the WAL they wrote can be released.
        p.setProperty("heartbeat.interval.ms", "10000");
        p.setProperty("heartbeat.action.query", HeartbeatMessages.query(settings, heartbeatToken));
        p.setProperty(
                "message.prefix.include.list",
                HeartbeatMessages.prefix(settings).replace(".", "\\."));
        if (!settings.eventTrigger()) {
            // each column's type name, which a Relation message gives and its attnum is found by
            p.setProperty("column.propagate.source.type", ".*");
        }
        p.setProperty("skipped.operations", "none");
        p.setProperty("tombstones.on.delete", "false");
        p.setProperty("decimal.handling.mode", "string");
        p.setProperty("binary.handling.mode", "bytes");
        p.setProperty("time.precision.mode", "adaptive");
        // recognised in the rows and replaced with the value (ToastPlaceholder, UnloggedValues)
        p.setProperty("unavailable.value.placeholder", ToastPlaceholder.TEXT);
        p.setProperty("poll.interval.ms", "50");
        // A lost connection fails the reader, and Flink restores it from the last checkpoint:
        // Debezium's own retry would resume from the store's position, the last complete
        // checkpoint's, and hand the reader again what it emitted since.
        p.setProperty("errors.max.retries", "0");
        p.setProperty("lsn.flush.mode", "connector");
        p.setProperty("offset.storage", ConfirmedOffsetStore.class.getName());
        // how soon a confirmed checkpoint's position reaches the slot
        p.setProperty("offset.flush.interval.ms", "1000");
        if (partitionJson != null && offsetJson != null) {
            p.setProperty(ConfirmedOffsetStore.PARTITION, partitionJson);
            p.setProperty(ConfirmedOffsetStore.OFFSET, offsetJson);
        }
        settings.debezium().forEach(p::setProperty);
        return p;
    }
}
