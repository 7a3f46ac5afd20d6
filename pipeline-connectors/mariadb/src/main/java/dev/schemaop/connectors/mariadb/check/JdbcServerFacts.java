package dev.schemaop.connectors.mariadb.check;

import dev.schemaop.connectors.mariadb.SourceSettings;
import dev.schemaop.connectors.mariadb.jdbc.MariaDbConnections;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** {@link ServerFacts} read over one connection of the MariaDB JDBC driver. */
final class JdbcServerFacts implements ServerFacts, AutoCloseable {
    private final Connection connection;
    private final int timeoutSeconds;

    private JdbcServerFacts(Connection connection, int timeoutSeconds) {
        this.connection = connection;
        this.timeoutSeconds = timeoutSeconds;
    }

    /**
     * Connects as the source would, within {@code connect.timeout}.
     *
     * @throws SQLException what the driver reports
     */
    static JdbcServerFacts connect(SourceSettings settings) throws SQLException {
        long timeoutMillis = Math.max(1, settings.connectTimeout().toMillis());
        return new JdbcServerFacts(
                MariaDbConnections.open(settings, true),
                (int) Math.max(1, Math.min(Integer.MAX_VALUE, timeoutMillis / 1000)));
    }

    @Override
    public String version() throws SQLException {
        return single("SELECT VERSION()");
    }

    @Override
    public String account() throws SQLException {
        return single("SELECT CURRENT_USER()");
    }

    @Override
    public Optional<String> globalVariable(String name) throws SQLException {
        try (PreparedStatement statement =
                connection.prepareStatement("SHOW GLOBAL VARIABLES LIKE ?")) {
            statement.setQueryTimeout(timeoutSeconds);
            statement.setString(1, name.replace("_", "\\_"));
            try (ResultSet rs = statement.executeQuery()) {
                return rs.next() ? Optional.ofNullable(rs.getString(2)) : Optional.empty();
            }
        }
    }

    @Override
    public List<String> grants() throws SQLException {
        return column("SHOW GRANTS");
    }

    @Override
    public List<String> databases() throws SQLException {
        return column("SHOW DATABASES");
    }

    @Override
    public List<String> tables(String database) throws SQLException {
        try (PreparedStatement statement =
                connection.prepareStatement(
                        "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?"
                                + " AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME")) {
            statement.setQueryTimeout(timeoutSeconds);
            statement.setString(1, database);
            List<String> tables = new ArrayList<>();
            try (ResultSet rs = statement.executeQuery()) {
                while (rs.next()) {
                    tables.add(rs.getString(1));
                }
            }
            return tables;
        }
    }

    private String single(String sql) throws SQLException {
        List<String> values = column(sql);
        return values.isEmpty() ? "" : values.get(0);
    }

    private List<String> column(String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.setQueryTimeout(timeoutSeconds);
            List<String> values = new ArrayList<>();
            try (ResultSet rs = statement.executeQuery(sql)) {
                while (rs.next()) {
                    values.add(rs.getString(1));
                }
            }
            return values;
        }
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
