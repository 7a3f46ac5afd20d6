package dev.schemaop.connectors.postgres.slot;

import dev.schemaop.connectors.postgres.PostgresSourceSettings;

import org.postgresql.Driver;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;

/**
 * Connections of the PostgreSQL JDBC driver to the source's database, with the source's account.
 */
public final class PostgresConnections {
    private PostgresConnections() {}

    /** A plain connection. */
    public static Connection open(PostgresSourceSettings settings) throws SQLException {
        return connect(settings, properties(settings));
    }

    /** A replication connection: the walsender protocol, which creates slots. */
    static Connection replication(PostgresSourceSettings settings) throws SQLException {
        Properties properties = properties(settings);
        properties.setProperty("replication", "database");
        properties.setProperty("assumeMinServerVersion", "10");
        properties.setProperty("preferQueryMode", "simple");
        return connect(settings, properties);
    }

    /**
     * Registers the driver with DriverManager for this connector's class loader, for Debezium,
     * which connects through DriverManager (it offers a driver only to the loader that registered
     * it).
     */
    public static void registerDriver() {
        try {
            Class.forName(Driver.class.getName(), true, PostgresConnections.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(
                    "The PostgreSQL JDBC driver is not in the connector", e);
        }
    }

    private static Properties properties(PostgresSourceSettings settings) {
        Properties properties = new Properties();
        settings.debezium()
                .forEach(
                        (key, value) -> {
                            // Debezium passes database.<driver option> to the driver: so does this
                            if (key.startsWith("database.")
                                    && !key.substring("database.".length()).contains(".")) {
                                properties.setProperty(key.substring("database.".length()), value);
                            }
                        });
        properties.setProperty("user", settings.username());
        properties.setProperty("password", settings.password());
        properties.setProperty(
                "connectTimeout",
                String.valueOf(Math.max(1, settings.connectTimeout().toSeconds())));
        properties.setProperty("ApplicationName", "flink-schema-operator postgres source");
        return properties;
    }

    private static Connection connect(PostgresSourceSettings settings, Properties properties)
            throws SQLException {
        Connection connection = new Driver().connect(settings.jdbcUrl(), properties);
        if (connection == null) {
            throw new SQLException("The driver does not take the url " + settings.jdbcUrl());
        }
        return connection;
    }
}
