package dev.schemaop.e2e.jdbc;

import dev.schemaop.testing.PostgresDdlAudit;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;

/**
 * Every DDL statement the server ran on one schema (database) while the audit was open, read from
 * the server itself, so a test can tell that a change was applied exactly once even where a second
 * application would be a harmless no-op. PostgreSQL: an event trigger on {@code ddl_command_end}
 * records each command's tag and object into a table. MariaDB: the general query log, written to
 * {@code mysql.general_log} while the audit is open, filtered to statements starting with CREATE or
 * ALTER that name the schema.
 */
final class DdlAudit implements AutoCloseable {
    private final JdbcEndpoint endpoint;
    private final String schema;
    private final Connection connection;
    private final Timestamp opened;

    private DdlAudit(JdbcEndpoint endpoint, String schema) throws SQLException {
        this.endpoint = endpoint;
        this.schema = schema;
        this.connection = endpoint.connect();
        try (Statement statement = connection.createStatement()) {
            if (endpoint.isPostgres()) {
                PostgresDdlAudit.open(connection, schema);
                opened = null;
            } else {
                statement.execute("SET GLOBAL log_output = 'TABLE'");
                statement.execute("SET GLOBAL general_log = 'ON'");
                try (ResultSet rs = statement.executeQuery("SELECT NOW(6)")) {
                    rs.next();
                    opened = rs.getTimestamp(1);
                }
            }
        }
    }

    /** Opens the audit of {@code schema}, a plain identifier, before the schema is written. */
    static DdlAudit open(JdbcEndpoint endpoint, String schema) throws SQLException {
        return new DdlAudit(endpoint, schema);
    }

    /**
     * The DDL run on the schema since the audit opened, in order. PostgreSQL: "TAG object" (e.g.
     * {@code ALTER TABLE e2e_x.items}); MariaDB: the statement text.
     */
    List<String> statements() throws SQLException {
        if (endpoint.isPostgres()) {
            return PostgresDdlAudit.statements(connection, schema);
        }
        List<String> statements = new ArrayList<>();
        try (PreparedStatement statement =
                connection.prepareStatement(
                        "SELECT CONVERT(argument USING utf8mb4) FROM mysql.general_log"
                                + " WHERE command_type = 'Query' AND event_time >= ?"
                                + " AND (argument LIKE 'CREATE%' OR argument LIKE 'ALTER%')"
                                + " AND INSTR(CONVERT(argument USING utf8mb4), ?) > 0"
                                + " ORDER BY event_time")) {
            statement.setTimestamp(1, opened);
            statement.setString(2, schema);
            try (ResultSet rs = statement.executeQuery()) {
                while (rs.next()) {
                    statements.add(rs.getString(1));
                }
            }
        }
        return statements;
    }

    @Override
    public void close() throws SQLException {
        try (Statement statement = connection.createStatement()) {
            if (endpoint.isPostgres()) {
                PostgresDdlAudit.close(connection);
            } else {
                statement.execute("SET GLOBAL general_log = 'OFF'");
            }
        } finally {
            connection.close();
        }
    }
}
