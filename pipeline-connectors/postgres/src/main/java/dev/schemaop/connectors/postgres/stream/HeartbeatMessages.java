package dev.schemaop.connectors.postgres.stream;

import dev.schemaop.connectors.postgres.PostgresSourceSettings;

import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * The heartbeat's message, written into the WAL every few seconds: a prefix of the pipeline's own
 * (every slot of the database decodes every message). Without the DDL capture it says which tables
 * the source's publication holds, read in the same statement that writes it: a table dropped leaves
 * the publication, and a message without it follows all of the table's rows in the stream. Any user
 * of the database may write a message with any prefix, so the list is trusted only with the
 * reader's token, which only its own heartbeats carry (a new one at each start of a reader).
 */
public final class HeartbeatMessages {
    static final String PREFIX = "schemaop.heartbeat";
    private static final String PUBLISHED = "tables:";

    private HeartbeatMessages() {}

    static String prefix(PostgresSourceSettings settings) {
        return PREFIX + "." + settings.slotName();
    }

    /**
     * The statement Debezium runs for each heartbeat; its message is empty without a publication.
     */
    static String query(PostgresSourceSettings settings, String token) {
        String content =
                settings.eventTrigger()
                        ? "''"
                        : "coalesce((SELECT '"
                                + PUBLISHED
                                + token
                                + ":' || coalesce(string_agg(r.prrelid::text, ','), '')"
                                + " FROM pg_publication p"
                                + " LEFT JOIN pg_publication_rel r ON r.prpubid = p.oid"
                                + " WHERE p.pubname = '"
                                + settings.publication().replace("'", "''")
                                + "' GROUP BY p.oid), '')";
        return "SELECT pg_logical_emit_message(false, '" + prefix(settings) + "', " + content + ")";
    }

    /** A token for one reader's heartbeats. */
    public static String newToken() {
        return UUID.randomUUID().toString().replace("-", "");
    }

    /**
     * The oids of the publication's tables a message lists; empty when it lists none (the DDL
     * capture's heartbeat, a publication that was gone, a heartbeat of an earlier reader, or a
     * message someone else wrote).
     */
    public static Optional<Set<Long>> publishedTables(String content, String token) {
        String start = PUBLISHED + token + ":";
        if (!content.startsWith(start)) {
            return Optional.empty();
        }
        Set<Long> oids = new HashSet<>();
        for (String oid : content.substring(start.length()).split(",")) {
            if (!oid.isEmpty()) {
                oids.add(Long.parseLong(oid));
            }
        }
        return Optional.of(oids);
    }
}
