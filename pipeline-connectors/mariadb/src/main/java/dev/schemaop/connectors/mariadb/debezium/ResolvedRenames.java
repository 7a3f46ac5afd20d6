package dev.schemaop.connectors.mariadb.debezium;

import org.apache.flink.cdc.common.event.TableId;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The table renames of the binlog's DDL statements as Debezium's parser resolved them, a name the
 * statement does not qualify taken in the database the statement ran in ({@code USE a; RENAME TABLE
 * t TO b.u} renames {@code a.t}). Debezium's records cannot say it: a record names the new table
 * only, under the new name's database, and a table renamed into a database the source does not
 * capture gets no record at all. The engine's thread parses a statement before it emits the
 * statement's records; the reader takes the renames of every statement up to the record it turns
 * into events, in binlog order.
 */
public final class ResolvedRenames {
    private final ConcurrentLinkedQueue<Statement> parsed = new ConcurrentLinkedQueue<>();

    private record Statement(EventPosition at, Map<TableId, TableId> tables) {}

    /** The renames of the statement at {@code at}, old name to new name, in statement order. */
    void parsed(EventPosition at, Map<TableId, TableId> tables) {
        if (!tables.isEmpty()) {
            parsed.add(new Statement(at, Collections.unmodifiableMap(new LinkedHashMap<>(tables))));
        }
    }

    /** Whether no statement's renames wait to be taken. */
    public boolean isEmpty() {
        return parsed.isEmpty();
    }

    /**
     * The renames of the statements up to the event at {@code position}, that one included, taken
     * out, oldest first: those of a statement that got no record of its own come with the next
     * record after it.
     */
    public Map<TableId, TableId> takeThrough(EventPosition position) {
        Map<TableId, TableId> renames = new LinkedHashMap<>();
        Statement next;
        while ((next = parsed.peek()) != null && !next.at().isAfter(position)) {
            renames.putAll(parsed.poll().tables());
        }
        return renames;
    }
}
