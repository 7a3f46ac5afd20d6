package dev.schemaop.benchmarks.w6;

import dev.schemaop.benchmarks.jdbc.Endpoint;

import java.net.URI;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * W9: the PostgreSQL source on table {@code public.t} of database {@code bench_w9} (a database of
 * its own: the source's event trigger and publication are per database), rows made by {@code
 * generate_series}.
 */
public final class PostgresScannedSource implements ScannedSource {
    static final String DATABASE = "bench_w9";
    static final String SLOT = "bench_w9";

    @Override
    public String label() {
        return "W9";
    }

    @Override
    public String title() {
        return "the PostgreSQL source";
    }

    @Override
    public String type() {
        return "postgres";
    }

    @Override
    public String table() {
        return "public.t";
    }

    @Override
    public void create(Endpoint endpoint) throws SQLException {
        try (Connection connection = endpoint.connect();
                Statement statement = connection.createStatement()) {
            statement.execute(
                    "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots"
                            + " WHERE database = '"
                            + DATABASE
                            + "' AND NOT active");
            statement.execute("DROP DATABASE IF EXISTS " + DATABASE + " WITH (FORCE)");
            statement.execute("CREATE DATABASE " + DATABASE);
        }
        try (Connection connection = connect(endpoint);
                Statement statement = connection.createStatement()) {
            statement.execute(
                    "CREATE TABLE "
                            + table()
                            + " (id BIGINT NOT NULL PRIMARY KEY, c_int INT, c_bigint BIGINT,"
                            + " c_double DOUBLE PRECISION, c_dec NUMERIC(12,2),"
                            + " c_name VARCHAR(64), c_note TEXT, c_date DATE, c_time TIMESTAMP(3),"
                            + " c_flag BOOLEAN, c_issued BIGINT)");
        }
    }

    @Override
    public Connection connect(Endpoint endpoint) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", endpoint.user());
        if (!endpoint.password().isEmpty()) {
            properties.setProperty("password", endpoint.password());
        }
        return DriverManager.getConnection(url(endpoint), properties);
    }

    /** PostgreSQL's driver streams by the fetch size only inside a transaction. */
    @Override
    public Connection connectForScan(Endpoint endpoint) throws SQLException {
        Connection connection = connect(endpoint);
        connection.setAutoCommit(false);
        return connection;
    }

    private static String url(Endpoint endpoint) {
        String url = endpoint.url();
        int path = url.indexOf('/', "jdbc:postgresql://".length());
        int query = url.indexOf('?');
        return url.substring(0, path + 1) + DATABASE + (query < 0 ? "" : url.substring(query));
    }

    @Override
    public String insertRows(long from, long to, String issued) {
        return "INSERT INTO "
                + table()
                + " SELECT seq, (seq * 7919) % 2147483, seq * 1000003, seq / 7.0,"
                + " (seq % 10000000) / 100.0, 'name-' || seq || '-' || md5(seq::text),"
                + " 'note ' || seq, DATE '2020-01-01' + (seq % 3650)::int,"
                + " TIMESTAMP '2020-01-01 00:00:00' + seq * INTERVAL '1 second', seq % 2 = 1, "
                + issued
                + " FROM generate_series("
                + from
                + "::bigint, "
                + to
                + "::bigint) seq";
    }

    @Override
    public String updateRows(long from, long to, long issuedMicros) {
        return "UPDATE "
                + table()
                + " SET c_int = c_int + 1, c_name = 'updated-' || id, c_issued = "
                + issuedMicros
                + " WHERE id BETWEEN "
                + from
                + " AND "
                + to;
    }

    @Override
    public Map<String, String> sourceOptions(Endpoint endpoint, int fetchSize) {
        URI uri = URI.create(endpoint.url().substring("jdbc:".length()));
        Map<String, String> options = new LinkedHashMap<>();
        options.put("hostname", uri.getHost());
        options.put("port", Integer.toString(uri.getPort() < 0 ? 5432 : uri.getPort()));
        options.put("username", endpoint.user());
        if (!endpoint.password().isEmpty()) {
            options.put("password", endpoint.password());
        }
        options.put("database-name", DATABASE);
        options.put("tables", table());
        options.put("slot.name", SLOT);
        options.put("scan.startup.mode", "initial");
        options.put("scan.snapshot.fetch.size", Integer.toString(fetchSize));
        return options;
    }

    @Override
    public void drop(Endpoint endpoint) throws SQLException {
        try (Connection connection = endpoint.connect();
                Statement statement = connection.createStatement()) {
            statement.execute(
                    "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots"
                            + " WHERE database = '"
                            + DATABASE
                            + "' AND NOT active");
            statement.execute("DROP DATABASE IF EXISTS " + DATABASE + " WITH (FORCE)");
        }
    }
}
