package dev.schemaop.faults.crash;

import dev.schemaop.testing.PostgresDdlAudit;
import dev.schemaop.testing.SqlRows;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * One PostgreSQL schema a crash run writes into, read back as the database has it: its tables, each
 * table's columns and rows, and every DDL statement the server ran on it ({@link PostgresDdlAudit}:
 * a statement applied twice shows even where the second run changed nothing). {@code
 * SCHEMAOP_POSTGRES_URL}, {@code _USER}, {@code _PASSWORD} move it off the local server.
 */
final class PostgresSchema implements CrashTarget {
    static final String URL =
            env("SCHEMAOP_POSTGRES_URL", "jdbc:postgresql://127.0.0.1:5432/postgres");
    static final String USER = env("SCHEMAOP_POSTGRES_USER", "postgres");
    static final String PASSWORD = env("SCHEMAOP_POSTGRES_PASSWORD", "");

    private final Connection connection;
    private final String schema;

    private PostgresSchema(Connection connection, String schema) {
        this.connection = connection;
        this.schema = schema;
    }

    /** The schema, dropped if it was there, and its DDL audited from now on. */
    static PostgresSchema fresh(String schema) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", USER);
        properties.setProperty("password", PASSWORD);
        Connection connection = DriverManager.getConnection(URL, properties);
        try (Statement statement = connection.createStatement()) {
            statement.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        }
        PostgresDdlAudit.open(connection, schema);
        return new PostgresSchema(connection, schema);
    }

    @Override
    public String sinkAndRoute() {
        return "sink:\n  type: postgres\n  url: \""
                + URL
                + "\"\n  username: \""
                + USER
                + "\"\n"
                + (PASSWORD.isEmpty() ? "" : "  password: \"" + PASSWORD + "\"\n")
                + "  sink.buffer-flush.interval: 100ms\n"
                + "route:\n  - source-table: db.\\.*\n    sink-table: "
                + schema
                + ".<>\n    replace-symbol: <>\n";
    }

    @Override
    public List<String> arguments() {
        return List.of();
    }

    /** Each table, by name, as its columns ("name type [NOT NULL]") and then its rows, by key. */
    @Override
    public Map<String, List<String>> tables() throws SQLException {
        Map<String, List<String>> tables = new LinkedHashMap<>();
        for (String table : tableNames()) {
            List<String> lines = new ArrayList<>(columns(table));
            lines.add("--");
            lines.addAll(rows(table));
            tables.put(table, lines);
        }
        return tables;
    }

    /** The DDL the server ran on the schema, in order: "TAG table" with the schema left out. */
    @Override
    public List<String> changes() throws SQLException {
        return PostgresDdlAudit.statements(connection, schema).stream()
                .map(statement -> statement.replace(schema + ".", ""))
                .toList();
    }

    private List<String> tableNames() throws SQLException {
        List<String> names = new ArrayList<>();
        try (PreparedStatement statement =
                connection.prepareStatement(
                        "SELECT table_name FROM information_schema.tables WHERE table_schema = ?"
                                + " ORDER BY table_name")) {
            statement.setString(1, schema);
            try (ResultSet rs = statement.executeQuery()) {
                while (rs.next()) {
                    names.add(rs.getString(1));
                }
            }
        }
        return names;
    }

    private List<String> columns(String table) throws SQLException {
        List<String> columns = new ArrayList<>();
        try (PreparedStatement statement =
                connection.prepareStatement(
                        "SELECT column_name, data_type, character_maximum_length, is_nullable FROM"
                                + " information_schema.columns WHERE table_schema = ? AND"
                                + " table_name = ? ORDER BY ordinal_position")) {
            statement.setString(1, schema);
            statement.setString(2, table);
            try (ResultSet rs = statement.executeQuery()) {
                while (rs.next()) {
                    columns.add(
                            rs.getString(1)
                                    + " "
                                    + rs.getString(2)
                                    + (rs.getString(3) == null ? "" : "(" + rs.getString(3) + ")")
                                    + ("NO".equals(rs.getString(4)) ? " NOT NULL" : ""));
                }
            }
        }
        return columns;
    }

    private List<String> rows(String table) throws SQLException {
        return SqlRows.of(connection, "SELECT * FROM " + schema + ".\"" + table + "\" ORDER BY 1");
    }

    @Override
    public void close() throws SQLException {
        try {
            PostgresDdlAudit.close(connection);
        } finally {
            connection.close();
        }
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
