package dev.schemaop.e2e.jdbc;

import dev.schemaop.testing.SqlRows;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The tests' own client of one PostgreSQL schema or MariaDB database that one test case owns:
 * dropped and created again at the start, then read back over JDBC after the pipeline ran.
 */
final class SinkDatabase implements AutoCloseable {
    private final JdbcEndpoint endpoint;
    private final String schema;
    private final Connection connection;

    private SinkDatabase(JdbcEndpoint endpoint, String schema, Connection connection) {
        this.endpoint = endpoint;
        this.schema = schema;
        this.connection = connection;
    }

    /** Connects (or skips, or fails under CI), then drops and creates the schema. */
    static SinkDatabase fresh(JdbcEndpoint endpoint, String schema) throws SQLException {
        SinkDatabase db = absent(endpoint, schema);
        if (endpoint.isPostgres()) {
            db.execute("CREATE SCHEMA " + endpoint.quote(schema));
        } else {
            // as the sink creates its databases
            db.execute(
                    "CREATE DATABASE "
                            + endpoint.quote(schema)
                            + " CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
        }
        return db;
    }

    /** Connects (or skips, or fails under CI), then drops the schema if it exists. */
    static SinkDatabase absent(JdbcEndpoint endpoint, String schema) throws SQLException {
        endpoint.requireReachable();
        SinkDatabase db = new SinkDatabase(endpoint, schema, endpoint.connect());
        db.execute(
                (endpoint.isPostgres() ? "DROP SCHEMA IF EXISTS " : "DROP DATABASE IF EXISTS ")
                        + endpoint.quote(schema)
                        + (endpoint.isPostgres() ? " CASCADE" : ""));
        return db;
    }

    boolean schemaExists() throws SQLException {
        try (PreparedStatement statement =
                connection.prepareStatement(
                        "SELECT schema_name FROM information_schema.schemata"
                                + " WHERE schema_name = ?")) {
            statement.setString(1, schema);
            try (ResultSet rs = statement.executeQuery()) {
                return rs.next();
            }
        }
    }

    String schema() {
        return schema;
    }

    /** The Flink CDC table id of a table of the schema: {@code schema.table}. */
    String tableId(String table) {
        return schema + "." + table;
    }

    /** The table's qualified name for SQL, schema and table quoted ({@link JdbcEndpoint#quote}). */
    String qualified(String table) {
        return endpoint.quote(schema) + "." + endpoint.quote(table);
    }

    void execute(String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    /** The first column of each row {@code sql} selects, as text. */
    List<String> query(String sql) throws SQLException {
        List<String> values = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(sql)) {
            while (rs.next()) {
                values.add(rs.getString(1));
            }
        }
        return values;
    }

    /** The names of the schema's tables (views too), sorted by Java's String order. */
    List<String> tables() throws SQLException {
        List<String> tables = new ArrayList<>();
        try (PreparedStatement statement =
                connection.prepareStatement(
                        "SELECT table_name FROM information_schema.tables"
                                + " WHERE table_schema = ?")) {
            statement.setString(1, schema);
            try (ResultSet rs = statement.executeQuery()) {
                while (rs.next()) {
                    tables.add(rs.getString(1));
                }
            }
        }
        tables.sort(null);
        return tables;
    }

    boolean hasTable(String table) throws SQLException {
        return !strings(
                        "SELECT table_name FROM information_schema.tables"
                                + " WHERE table_schema = ? AND table_name = ?",
                        table)
                .isEmpty();
    }

    /**
     * The table's columns from {@code information_schema.columns} in ordinal order, each as "name
     * type", followed by " NOT NULL" when the column is not nullable. The type is as the database
     * reports it: PostgreSQL's {@code data_type} with its length or precision and scale ({@code
     * character varying(20)}, {@code numeric(12,4)}), MariaDB's {@code column_type} ({@code
     * varchar(20)}, {@code int(11)}).
     */
    List<String> columns(String table) throws SQLException {
        String type =
                endpoint.isPostgres()
                        ? "CASE WHEN character_maximum_length IS NOT NULL"
                                + " THEN data_type || '(' || character_maximum_length || ')'"
                                + " WHEN data_type = 'numeric' AND numeric_precision IS NOT NULL"
                                + " THEN 'numeric(' || numeric_precision || ',' || numeric_scale"
                                + " || ')' ELSE data_type END"
                        : "column_type";
        return strings(
                "SELECT concat(column_name, ' ', "
                        + type
                        + ", CASE WHEN is_nullable = 'NO' THEN ' NOT NULL' ELSE '' END)"
                        + " FROM information_schema.columns"
                        + " WHERE table_schema = ? AND table_name = ? ORDER BY ordinal_position",
                table);
    }

    /** The primary key's columns, in key order. */
    List<String> primaryKey(String table) throws SQLException {
        return strings(
                "SELECT k.column_name FROM information_schema.table_constraints c"
                        + " JOIN information_schema.key_column_usage k"
                        + " ON k.constraint_name = c.constraint_name"
                        + " AND k.table_schema = c.table_schema AND k.table_name = c.table_name"
                        + " WHERE c.constraint_type = 'PRIMARY KEY'"
                        + " AND c.table_schema = ? AND c.table_name = ?"
                        + " ORDER BY k.ordinal_position",
                table);
    }

    /**
     * Every row of the table, each as "col=value, ..." with the given columns (a comma-separated
     * list of SQL expressions, the key first: the rows are ordered by it), values as {@code
     * ResultSet.getString} returns them, "null" for null.
     */
    List<String> rows(String table, String columns) throws SQLException {
        return SqlRows.of(
                connection, "SELECT " + columns + " FROM " + qualified(table) + " ORDER BY 1");
    }

    /**
     * {@link #rows(String, String)} for column names, each quoted ({@link JdbcEndpoint#quote}): any
     * name the database allows, the key first.
     */
    List<String> rows(String table, List<String> columns) throws SQLException {
        return rows(table, columns.stream().map(endpoint::quote).collect(Collectors.joining(", ")));
    }

    private List<String> strings(String sql, String table) throws SQLException {
        List<String> values = new ArrayList<>();
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, schema);
            statement.setString(2, table);
            try (ResultSet rs = statement.executeQuery()) {
                while (rs.next()) {
                    values.add(rs.getString(1));
                }
            }
        }
        return values;
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
