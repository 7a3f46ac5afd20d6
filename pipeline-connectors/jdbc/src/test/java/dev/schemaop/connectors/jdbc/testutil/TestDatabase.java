package dev.schemaop.connectors.jdbc.testutil;

import dev.schemaop.connectors.jdbc.dialect.JdbcDialect;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The tests' own client of one endpoint and one schema (PostgreSQL) or database (MariaDB) that a
 * test class owns: dropped and created again at the start, so classes never see each other's
 * tables.
 */
public final class TestDatabase implements AutoCloseable {
    private final JdbcEndpoints.Endpoint endpoint;
    private final String schema;
    private final Connection connection;

    private TestDatabase(JdbcEndpoints.Endpoint endpoint, String schema, Connection connection) {
        this.endpoint = endpoint;
        this.schema = schema;
        this.connection = connection;
    }

    /** Connects, then drops and creates the schema. */
    public static TestDatabase fresh(JdbcEndpoints.Endpoint endpoint, String schema)
            throws SQLException {
        endpoint.requireReachable();
        TestDatabase db = new TestDatabase(endpoint, schema, endpoint.connect());
        db.recreate();
        return db;
    }

    public void recreate() throws SQLException {
        JdbcDialect dialect = endpoint.dialect();
        if (dialect.isColumnNameCaseSensitive()) {
            execute("DROP SCHEMA IF EXISTS " + dialect.quote(schema) + " CASCADE");
        } else {
            execute("DROP DATABASE IF EXISTS " + dialect.quote(schema));
        }
        execute(dialect.createSchemaIfMissing(schema));
    }

    /** Drops another schema of the class (created by the sink in a test). */
    public void dropSchema(String other) throws SQLException {
        JdbcDialect dialect = endpoint.dialect();
        if (dialect.isColumnNameCaseSensitive()) {
            execute("DROP SCHEMA IF EXISTS " + dialect.quote(other) + " CASCADE");
        } else {
            execute("DROP DATABASE IF EXISTS " + dialect.quote(other));
        }
    }

    public String schema() {
        return schema;
    }

    public JdbcEndpoints.Endpoint endpoint() {
        return endpoint;
    }

    /** {@code schema.table}, quoted. */
    public String table(String table) {
        return endpoint.dialect().quote(schema) + "." + endpoint.dialect().quote(table);
    }

    public void execute(String sql) throws SQLException {
        try (Statement st = connection.createStatement()) {
            st.execute(sql);
        }
    }

    /** Every row of the query, each as a list of values as the driver returns them. */
    public List<List<Object>> query(String sql) throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            ResultSetMetaData meta = rs.getMetaData();
            while (rs.next()) {
                List<Object> row = new ArrayList<>();
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    row.add(rs.getObject(i));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    /** Every row of the query as text: values by {@code ResultSet.getString}, "null" for null. */
    public List<String> queryText(String sql) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            ResultSetMetaData meta = rs.getMetaData();
            while (rs.next()) {
                List<String> row = new ArrayList<>();
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    row.add(String.valueOf(rs.getString(i)));
                }
                rows.add(String.join(", ", row));
            }
        }
        return rows;
    }

    /** Every row of the table, ordered by the given columns, as text. */
    public List<String> rows(String table, String orderBy) throws SQLException {
        return queryText("SELECT * FROM " + table(table) + " ORDER BY " + orderBy);
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
