package dev.schemaop.connectors.jdbc.connection;

import dev.schemaop.connectors.jdbc.dialect.JdbcDialect;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Properties;

/**
 * Opens a connection through the connector's own driver (not {@code DriverManager}, which only sees
 * drivers its caller's class loader can load): the credentials, the driver's connect timeout, the
 * dialect's session setup ({@code SET time_zone} on MariaDB) and the auto-commit mode asked for.
 */
final class DriverConnections {
    private DriverConnections() {}

    /**
     * @throws IllegalArgumentException when the driver does not accept the url
     * @throws SQLException the driver's exception when it cannot connect
     */
    static Connection open(
            JdbcDialect dialect,
            JdbcConnectionOptions options,
            Duration timeout,
            boolean autoCommit)
            throws SQLException {
        Properties properties = options.credentials();
        dialect.setConnectTimeout(properties, timeout);
        Driver driver = dialect.newDriver();
        Connection connection = driver.connect(options.url(), properties);
        if (connection == null) {
            throw new IllegalArgumentException(
                    "The "
                            + dialect.identifier()
                            + " sink's url "
                            + options.redactedUrl()
                            + " is not a url its driver accepts; write it as "
                            + dialect.urlExample());
        }
        try {
            if (dialect.connectionInitSql() != null) {
                try (Statement statement = connection.createStatement()) {
                    statement.execute(dialect.connectionInitSql());
                }
            }
            connection.setAutoCommit(autoCommit);
            return connection;
        } catch (SQLException | RuntimeException e) {
            try {
                connection.close();
            } catch (SQLException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }
}
