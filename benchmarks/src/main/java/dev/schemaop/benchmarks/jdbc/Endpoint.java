package dev.schemaop.benchmarks.jdbc;

import dev.schemaop.api.Secrets;
import dev.schemaop.connectors.jdbc.dialect.JdbcDialect;

import org.apache.flink.cdc.common.configuration.Configuration;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.factories.FactoryHelper;
import org.apache.flink.cdc.common.function.HashFunctionProvider;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * One database server: where it is, and connections to it made as the JDBC sink's pool makes them
 * (the sink's bundled driver, the url as configured, its connect timeout and its init statement),
 * so that the loop and the sink differ by their pipelines, not by driver settings.
 */
public record Endpoint(Database database, String url, String user, String password) {
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

    /** A connection in the sink writer's mode: auto-commit off, one transaction per batch. */
    public Connection connectForWrites() throws SQLException {
        Connection connection = connect(CONNECT_TIMEOUT);
        connection.setAutoCommit(false);
        return connection;
    }

    /** A connection for DDL and checks, auto-committing. */
    public Connection connect() throws SQLException {
        return connect(CONNECT_TIMEOUT);
    }

    Connection connect(Duration timeout) throws SQLException {
        JdbcDialect dialect = database.dialect();
        Properties properties = new Properties();
        properties.setProperty("user", user);
        if (!password.isEmpty()) {
            properties.setProperty("password", password);
        }
        dialect.setConnectTimeout(properties, timeout);
        Connection connection = dialect.newDriver().connect(url, properties);
        if (connection == null) {
            throw new SQLException("The " + database.sinkType() + " driver refuses url " + url());
        }
        if (dialect.connectionInitSql() != null) {
            try (Statement statement = connection.createStatement()) {
                statement.execute(dialect.connectionInitSql());
            }
        }
        return connection;
    }

    /**
     * Why the server cannot be used, or empty when it answers {@code SELECT 1} within 5 s: what
     * decides whether W5 runs against this database.
     */
    public Optional<String> unreachable() {
        try (Connection connection = connect(Duration.ofSeconds(5));
                Statement statement = connection.createStatement()) {
            statement.execute("SELECT 1");
            return Optional.empty();
        } catch (SQLException | RuntimeException e) {
            String message =
                    Secrets.mask(
                            e.getMessage() == null ? e.toString() : e.getMessage(),
                            List.of(password));
            return Optional.of(
                    "no "
                            + database.label()
                            + " at "
                            + redactedUrl()
                            + " as "
                            + user
                            + " ("
                            + message.lines().findFirst().orElse("")
                            + "); set "
                            + database.urlVariable()
                            + ", _USER and _PASSWORD to use another server");
        }
    }

    /**
     * The hash functions of the JDBC sink (made by its factory, as the pipeline makes it): which
     * writer the pipeline sends a row to.
     */
    public HashFunctionProvider<DataChangeEvent> sinkHashFunctions(int parallelism) {
        return database.sinkFactory()
                .createDataSink(
                        new FactoryHelper.DefaultContext(
                                Configuration.fromMap(sinkOptions()),
                                new Configuration(),
                                Endpoint.class.getClassLoader()))
                .getDataChangeEventHashFunctionProvider(parallelism);
    }

    /** The url without any password in it, for messages. */
    public String redactedUrl() {
        return Secrets.maskUrl(url);
    }

    /** Options of the JDBC sink's block: where and as whom it connects; the rest its defaults. */
    Map<String, String> sinkOptions() {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("url", url);
        options.put("username", user);
        if (!password.isEmpty()) {
            options.put("password", password);
        }
        return options;
    }

    /** Never prints the password (a record's own toString would). */
    @Override
    public String toString() {
        return database.label() + " at " + redactedUrl() + " as " + user;
    }
}
