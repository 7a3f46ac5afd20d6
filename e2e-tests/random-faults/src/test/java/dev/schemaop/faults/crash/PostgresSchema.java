package dev.schemaop.faults.crash;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * One PostgreSQL schema a crash run writes into, read back as the database has it: its tables, each
 * table's columns and rows, and every DDL statement the server ran on it, recorded by an event
 * trigger on {@code ddl_command_end} (so a statement applied twice shows even where the second run
 * changed nothing). {@code SCHEMAOP_POSTGRES_URL}, {@code _USER}, {@code _PASSWORD} move it off the
 * local server.
 */
final class PostgresSchema implements AutoCloseable {
    static final String URL =
            env("SCHEMAOP_POSTGRES_URL", "jdbc:postgresql://127.0.0.1:5432/postgres");
    static final String USER = env("SCHEMAOP_POSTGRES_USER", "postgres");
    static final String PASSWORD = env("SCHEMAOP_POSTGRES_PASSWORD", "");

    private static final String AUDIT =
            """
            CREATE TABLE IF NOT EXISTS public.crash_ddl_audit(
                id bigserial PRIMARY KEY, schema_name text, command_tag text, object_identity text);
            CREATE OR REPLACE FUNCTION public.crash_ddl_audit_record() RETURNS event_trigger
            LANGUAGE plpgsql AS $$
            DECLARE r record;
            BEGIN
              FOR r IN SELECT * FROM pg_event_trigger_ddl_commands() LOOP
                IF r.schema_name LIKE 'crash\\_%' THEN
                  INSERT INTO public.crash_ddl_audit(schema_name, command_tag, object_identity)
                  VALUES (r.schema_name, r.command_tag, r.object_identity);
                END IF;
              END LOOP;
            EXCEPTION WHEN OTHERS THEN NULL; -- an audit must never fail the DDL it watches
            END $$;
            DROP EVENT TRIGGER IF EXISTS crash_ddl_audit;
            CREATE EVENT TRIGGER crash_ddl_audit ON ddl_command_end
              EXECUTE FUNCTION public.crash_ddl_audit_record();
            """;

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
            statement.execute(AUDIT);
            statement.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
            statement.execute(
                    "DELETE FROM public.crash_ddl_audit WHERE schema_name = '" + schema + "'");
        }
        return new PostgresSchema(connection, schema);
    }

    /** Each table, by name, as its columns ("name type [NOT NULL]") and then its rows, by key. */
    Map<String, List<String>> tables() throws SQLException {
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
    List<String> ddl() throws SQLException {
        List<String> ddl = new ArrayList<>();
        try (PreparedStatement statement =
                connection.prepareStatement(
                        "SELECT command_tag || ' ' || object_identity FROM public.crash_ddl_audit"
                                + " WHERE schema_name = ? ORDER BY id")) {
            statement.setString(1, schema);
            try (ResultSet rs = statement.executeQuery()) {
                while (rs.next()) {
                    ddl.add(rs.getString(1).replace(schema + ".", ""));
                }
            }
        }
        return ddl;
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
        List<String> rows = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet rs =
                        statement.executeQuery(
                                "SELECT * FROM " + schema + ".\"" + table + "\" ORDER BY 1")) {
            ResultSetMetaData meta = rs.getMetaData();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    row.append(i > 1 ? ", " : "")
                            .append(meta.getColumnName(i))
                            .append('=')
                            .append(rs.getString(i));
                }
                rows.add(row.toString());
            }
        }
        return rows;
    }

    @Override
    public void close() throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("DROP EVENT TRIGGER IF EXISTS crash_ddl_audit");
        } finally {
            connection.close();
        }
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
