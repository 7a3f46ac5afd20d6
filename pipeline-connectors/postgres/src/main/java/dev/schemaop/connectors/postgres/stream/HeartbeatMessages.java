package dev.schemaop.connectors.postgres.stream;

import dev.schemaop.connectors.postgres.PostgresSourceSettings;

import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * The heartbeat's message, written into the WAL every few seconds: a prefix of the pipeline's own
 * (every slot of the database decodes every message). Without the DDL capture it says which tables
 * the source's publication holds, read in the same statement that writes it: a table dropped leaves
 * the publication, and a message without it follows all of the table's rows in the stream.
 */
public final class HeartbeatMessages {
    static final String PREFIX = "schemaop.heartbeat";
    private static final String PUBLISHED = "tables:";

    private HeartbeatMessages() {}

    static String prefix(PostgresSourceSettings settings) {
        return PREFIX + "." + settings.slotName();
    }

    /** The statement Debezium runs for each heartbeat. */
    static String query(PostgresSourceSettings settings) {
        String content =
                settings.eventTrigger()
                        ? "''"
                        : "coalesce((SELECT '"
                                + PUBLISHED
                                + "' || coalesce(string_agg(r.prrelid::text, ','), '')"
                                + " FROM pg_publication p"
                                + " LEFT JOIN pg_publication_rel r ON r.prpubid = p.oid"
                                + " WHERE p.pubname = '"
                                + settings.publication()
                                + "'), '')";
        return "SELECT pg_logical_emit_message(false, '" + prefix(settings) + "', " + content + ")";
    }

    /**
     * The oids of the publication's tables a message lists; empty when it lists none (the DDL
     * capture's heartbeat, or the publication was gone).
     */
    public static Optional<Set<Long>> publishedTables(String content) {
        if (!content.startsWith(PUBLISHED)) {
            return Optional.empty();
        }
        Set<Long> oids = new HashSet<>();
        for (String oid : content.substring(PUBLISHED.length()).split(",")) {
            if (!oid.isEmpty()) {
                oids.add(Long.parseLong(oid));
            }
        }
        return Optional.of(oids);
    }
}
