package dev.schemaop.connectors.postgres.catalog;

/** PostgreSQL identifiers in SQL the source builds. */
public final class Identifiers {
    private Identifiers() {}

    /** A name as a quoted identifier: its case and characters kept. */
    public static String quote(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }
}
