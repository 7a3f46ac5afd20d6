package dev.schemaop.connectors.jdbc.catalog;

import java.io.Serializable;
import java.util.Objects;

/**
 * Where a table lives in the database: a PostgreSQL schema and table, or a MariaDB database and
 * table. {@link #toString()} is for messages ({@code schema.table}, unquoted).
 */
public final class TablePath implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String schema;
    private final String table;

    public TablePath(String schema, String table) {
        this.schema = Objects.requireNonNull(schema, "schema");
        this.table = Objects.requireNonNull(table, "table");
    }

    /** PostgreSQL schema or MariaDB database. */
    public String schema() {
        return schema;
    }

    public String table() {
        return table;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof TablePath)) {
            return false;
        }
        TablePath that = (TablePath) o;
        return schema.equals(that.schema) && table.equals(that.table);
    }

    @Override
    public int hashCode() {
        return Objects.hash(schema, table);
    }

    @Override
    public String toString() {
        return schema + "." + table;
    }
}
