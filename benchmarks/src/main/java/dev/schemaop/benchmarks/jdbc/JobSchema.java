package dev.schemaop.benchmarks.jdbc;

import dev.schemaop.connectors.jdbc.catalog.TablePath;
import dev.schemaop.connectors.jdbc.dialect.JdbcDialect;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The schema (PostgreSQL) or database (MariaDB) one W5 job writes into, dropped and created empty
 * before the job, with the statement the JDBC sink itself would create it with (on MariaDB its
 * character set and binary collation).
 */
public record JobSchema(Endpoint endpoint, String name) {

    /** The generated table in it. */
    public TablePath table(String tableName) {
        return new TablePath(name, tableName);
    }

    public void recreate() throws SQLException {
        JdbcDialect dialect = endpoint.database().dialect();
        try (Connection connection = endpoint.connect();
                Statement statement = connection.createStatement()) {
            statement.execute(dropStatement(dialect));
            statement.execute(dialect.createSchemaIfMissing(name));
        }
    }

    /** After a job whose table was verified: 1,000,000 rows take 100 to 200 MB. */
    public void drop() throws SQLException {
        try (Connection connection = endpoint.connect();
                Statement statement = connection.createStatement()) {
            statement.execute(dropStatement(endpoint.database().dialect()));
        }
    }

    private String dropStatement(JdbcDialect dialect) {
        return endpoint.database() == Database.POSTGRES
                ? "DROP SCHEMA IF EXISTS " + dialect.quote(name) + " CASCADE"
                : "DROP DATABASE IF EXISTS " + dialect.quote(name);
    }

    @Override
    public String toString() {
        return (endpoint.database() == Database.POSTGRES ? "schema " : "database ")
                + name
                + " of "
                + endpoint;
    }
}
