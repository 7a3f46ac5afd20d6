package dev.schemaop.benchmarks.jdbc;

import dev.schemaop.connectors.jdbc.MariaDbDataSinkFactory;
import dev.schemaop.connectors.jdbc.PostgresDataSinkFactory;
import dev.schemaop.connectors.jdbc.dialect.JdbcDialect;
import dev.schemaop.connectors.jdbc.dialect.MariaDbDialect;
import dev.schemaop.connectors.jdbc.dialect.PostgresDialect;

import org.apache.flink.cdc.common.factories.DataSinkFactory;

/**
 * The two databases W5 writes into, with the JDBC sink's own dialect and factory for each, so that
 * the loop and the pipeline use the same SQL and the same driver settings.
 */
public enum Database {
    POSTGRES(
            "PostgreSQL",
            "SCHEMAOP_POSTGRES",
            "jdbc:postgresql://127.0.0.1:5432/postgres",
            "postgres"),
    MARIADB("MariaDB", "SCHEMAOP_MARIADB", "jdbc:mariadb://127.0.0.1:3306/", "root");

    private final String label;
    private final String envPrefix;
    private final String defaultUrl;
    private final String defaultUser;

    Database(String label, String envPrefix, String defaultUrl, String defaultUser) {
        this.label = label;
        this.envPrefix = envPrefix;
        this.defaultUrl = defaultUrl;
        this.defaultUser = defaultUser;
    }

    public String label() {
        return label;
    }

    /** The JDBC sink's {@code type}. */
    public String sinkType() {
        return this == POSTGRES
                ? PostgresDataSinkFactory.IDENTIFIER
                : MariaDbDataSinkFactory.IDENTIFIER;
    }

    public JdbcDialect dialect() {
        return this == POSTGRES ? new PostgresDialect() : new MariaDbDialect();
    }

    DataSinkFactory sinkFactory() {
        return this == POSTGRES ? new PostgresDataSinkFactory() : new MariaDbDataSinkFactory();
    }

    public static Database ofSinkType(String type) {
        for (Database database : values()) {
            if (database.sinkType().equals(type)) {
                return database;
            }
        }
        throw new IllegalArgumentException("No benchmark database for sink type " + type);
    }

    /**
     * The server from the environment, the variables the JDBC connector's tests read ({@code
     * SCHEMAOP_POSTGRES_URL}, {@code _USER}, {@code _PASSWORD}; {@code SCHEMAOP_MARIADB_...}), by
     * default the local one.
     */
    public Endpoint endpoint() {
        return new Endpoint(
                this,
                env(envPrefix + "_URL", defaultUrl),
                env(envPrefix + "_USER", defaultUser),
                env(envPrefix + "_PASSWORD", ""));
    }

    String urlVariable() {
        return envPrefix + "_URL";
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
