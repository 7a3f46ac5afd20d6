package dev.schemaop.connectors.values.script;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** The event types of a script, in the order messages list them, with the keys each accepts. */
enum EventType {
    CREATE_TABLE(
            "create.table",
            "type",
            "table",
            "columns",
            "primaryKeys",
            "partitionKeys",
            "comment",
            "options"),
    ADD_COLUMN("add.column", "type", "table", "columns"),
    ALTER_COLUMN_TYPE("alter.column.type", "type", "table", "columns"),
    RENAME_COLUMN("rename.column", "type", "table", "columns"),
    DROP_COLUMN("drop.column", "type", "table", "columns"),
    TRUNCATE_TABLE("truncate.table", "type", "table"),
    DROP_TABLE("drop.table", "type", "table"),
    INSERT("insert", "type", "table", "rows"),
    UPDATE("update", "type", "table", "before", "after"),
    DELETE("delete", "type", "table", "rows"),
    /** A change the source left out on purpose (as the MariaDB source's unparseable DDL). */
    SKIPPED_CHANGE("skipped.change", "type", "table", "statement", "reason", "position"),
    /** A fence; the only event that may also be written as a bare word. */
    CHECKPOINT("checkpoint", "type");

    private final String id;
    private final List<String> keys;

    EventType(String id, String... keys) {
        this.id = id;
        this.keys = List.of(keys);
    }

    /** The name a script writes as {@code type}. */
    String id() {
        return id;
    }

    /** Every key an event of this type may have, {@code type} included. */
    List<String> keys() {
        return keys;
    }

    static Optional<EventType> withId(String id) {
        return Arrays.stream(values()).filter(t -> t.id.equals(id)).findFirst();
    }

    /** "create.table, add.column, ...", for messages. */
    static String allIds() {
        return Arrays.stream(values()).map(EventType::id).collect(Collectors.joining(", "));
    }
}
