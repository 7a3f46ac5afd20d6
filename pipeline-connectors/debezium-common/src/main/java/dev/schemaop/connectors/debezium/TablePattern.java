package dev.schemaop.connectors.debezium;

import java.io.Serializable;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * One entry of {@code tables} as Flink CDC's MySQL source reads it: {@code db.table} (for
 * PostgreSQL {@code schema.table}) where the first dot that is not escaped separates the
 * namespace's regex from the table's, and {@code \.} stands for the regex {@code .} (any
 * character), so {@code app\.*.orders_\.*} is any database starting with "app" and any table
 * starting with "orders_".
 */
public record TablePattern(String text, String database, String table) implements Serializable {

    /**
     * @throws IllegalArgumentException with what is wrong, for the user
     */
    public static TablePattern parse(String text) {
        return parse(text, "db.table", "database", "app_db");
    }

    /**
     * @param shape how the user writes an entry, e.g. {@code schema.table}
     * @param namespace what the first part names, e.g. schema
     * @param example a name of that namespace for the message's example
     * @throws IllegalArgumentException with what is wrong, for the user
     */
    public static TablePattern parse(String text, String shape, String namespace, String example) {
        String trimmed = text.trim();
        int split = -1;
        for (int i = 0; i < trimmed.length(); i++) {
            if (trimmed.charAt(i) == '\\') {
                i++;
            } else if (trimmed.charAt(i) == '.') {
                split = i;
                break;
            }
        }
        if (split <= 0 || split == trimmed.length() - 1) {
            throw new IllegalArgumentException(
                    "'"
                            + trimmed
                            + "' is not "
                            + shape
                            + ": write the "
                            + namespace
                            + " and the table pattern separated by a dot, e.g. "
                            + example
                            + ".orders or "
                            + example
                            + ".\\.* for every table of "
                            + example);
        }
        String database = unescapeDots(trimmed.substring(0, split));
        String table = unescapeDots(trimmed.substring(split + 1));
        for (String regex : new String[] {database, table}) {
            try {
                Pattern.compile(regex);
            } catch (PatternSyntaxException e) {
                throw new IllegalArgumentException(
                        "'" + trimmed + "' is not a valid pattern: " + e.getDescription());
            }
        }
        return new TablePattern(trimmed, database, table);
    }

    /** The regex over Debezium's {@code db.table} names. */
    public String debeziumRegex() {
        return database + "\\." + table;
    }

    private static String unescapeDots(String pattern) {
        return pattern.replace("\\.", ".");
    }
}
