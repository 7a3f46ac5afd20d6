package dev.schemaop.e2e.mariadb;

import dev.schemaop.testing.SqlRows;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** Reads what the pipeline wrote into one PostgreSQL schema. */
public final class PostgresTables implements AutoCloseable {
    private final Connection connection;
    private final String schema;

    private PostgresTables(Connection connection, String schema) {
        this.connection = connection;
        this.schema = schema;
    }

    /** The schema, dropped if it was there: each test starts from nothing. */
    public static PostgresTables fresh(String schema) throws SQLException {
        return fresh(Servers.postgres(), schema);
    }

    /** The same, in the database {@code connection} is to; it closes that connection. */
    public static PostgresTables fresh(Connection connection, String schema) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        }
        return new PostgresTables(connection, schema);
    }

    public boolean exists(String table) throws SQLException {
        try (PreparedStatement statement =
                connection.prepareStatement(
                        "SELECT 1 FROM information_schema.tables WHERE table_schema = ? AND"
                                + " table_name = ?")) {
            statement.setString(1, schema);
            statement.setString(2, table);
            try (ResultSet rs = statement.executeQuery()) {
                return rs.next();
            }
        }
    }

    /** "name type[ NOT NULL]" in column order, types as PostgreSQL names them. */
    public List<String> columns(String table) throws SQLException {
        List<String> columns = new ArrayList<>();
        try (PreparedStatement statement =
                connection.prepareStatement(
                        "SELECT column_name, CASE WHEN character_maximum_length IS NOT NULL THEN"
                                + " data_type || '(' || character_maximum_length || ')' WHEN"
                                + " data_type = 'numeric' AND numeric_precision IS NOT NULL THEN"
                                + " 'numeric(' || numeric_precision || ',' || numeric_scale || ')'"
                                + " ELSE data_type END, is_nullable FROM information_schema.columns"
                                + " WHERE table_schema = ? AND table_name = ? ORDER BY"
                                + " ordinal_position")) {
            statement.setString(1, schema);
            statement.setString(2, table);
            try (ResultSet rs = statement.executeQuery()) {
                while (rs.next()) {
                    columns.add(
                            rs.getString(1)
                                    + " "
                                    + rs.getString(2)
                                    + ("NO".equals(rs.getString(3)) ? " NOT NULL" : ""));
                }
            }
        }
        return columns;
    }

    /** Every row ordered by the first column, as "col=value, ...". */
    public List<String> rows(String table) throws SQLException {
        return rows(table, "*");
    }

    /**
     * The given columns (a select list) of every row, ordered by the first, as "col=value, ...".
     */
    public List<String> rows(String table, String columns) throws SQLException {
        return SqlRows.of(
                connection,
                "SELECT " + columns + " FROM " + schema + ".\"" + table + "\" ORDER BY 1");
    }

    /**
     * How many rows of the table match {@code where} (a condition in SQL, {@code TRUE} for all).
     */
    public long count(String table, String where) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rs =
                        statement.executeQuery(
                                "SELECT count(*) FROM "
                                        + schema
                                        + ".\""
                                        + table
                                        + "\" WHERE "
                                        + where)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Runs a statement of the test's own on the sink's database, as a user might. */
    public void execute(String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
