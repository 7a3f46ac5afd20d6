package dev.schemaop.connectors.mariadb.jdbc;

import dev.schemaop.connectors.mariadb.SourceSettings;

import org.mariadb.jdbc.Driver;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Connections of the MariaDB JDBC driver to the source's server, made as Debezium makes its own:
 * the same account, timeouts and driver options, so the start check and the snapshot reach the
 * server exactly as the binlog reader does.
 */
public final class MariaDbConnections {
    private MariaDbConnections() {}

    /**
     * Connects within {@code connect.timeout}; {@code socketTimeout} bounds each read of the check
     * (the snapshot clears it: one fetch of a large table may wait on the server for long).
     *
     * @throws SQLException what the driver reports
     */
    public static Connection open(SourceSettings settings, boolean readTimeout)
            throws SQLException {
        long timeoutMillis = Math.max(1, settings.connectTimeout().toMillis());
        Properties properties = driverProperties(settings.debezium());
        properties.setProperty("user", settings.username());
        properties.setProperty("password", settings.password());
        properties.setProperty("connectTimeout", String.valueOf(timeoutMillis));
        // YEAR is a number, as Debezium reads it: as a java.sql.Date, YEAR 0000 fails.
        properties.putIfAbsent("yearIsDateType", "false");
        if (readTimeout) {
            properties.setProperty("socketTimeout", String.valueOf(timeoutMillis));
        }
        String url = "jdbc:mariadb://" + settings.hostname() + ":" + settings.port() + "/";
        return new Driver().connect(url, properties);
    }

    /**
     * Registers the driver with DriverManager for the class loader of this connector, once: the
     * driver class registers itself when it is initialized.
     */
    public static void registerDriver() {
        try {
            Class.forName(Driver.class.getName(), true, MariaDbConnections.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("The MariaDB JDBC driver is not in the connector", e);
        }
    }

    /**
     * The driver options among the user's {@code debezium.*} options, as Debezium would pass them:
     * {@code database.<driverOption>} (one word, e.g. {@code database.sslMode}), and Debezium's
     * {@code database.ssl.mode} as the driver's {@code sslMode} (the MariaDB connector's modes are
     * the driver's names), so a server that requires TLS is reached here too.
     */
    public static Properties driverProperties(Map<String, String> debezium) {
        Properties properties = new Properties();
        debezium.forEach(
                (key, value) -> {
                    if (key.startsWith("database.")) {
                        String option = key.substring("database.".length());
                        if (option.equals("ssl.mode")) {
                            properties.setProperty("sslMode", value);
                        } else if (!option.contains(".")
                                && !List.of("hostname", "port", "user", "password")
                                        .contains(option)) {
                            properties.setProperty(option, value);
                        }
                    }
                });
        return properties;
    }
}
