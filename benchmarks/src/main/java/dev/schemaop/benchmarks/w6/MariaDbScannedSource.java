package dev.schemaop.benchmarks.w6;

import dev.schemaop.benchmarks.jdbc.Endpoint;

import java.net.URI;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/** W6: the MariaDB source on table {@code bench_w6.t}, rows made by MariaDB's sequence engine. */
public final class MariaDbScannedSource implements ScannedSource {
    static final String DATABASE = "bench_w6";

    @Override
    public String label() {
        return "W6";
    }

    @Override
    public String title() {
        return "the MariaDB source";
    }

    @Override
    public String type() {
        return "mariadb";
    }

    @Override
    public String table() {
        return DATABASE + ".t";
    }

    @Override
    public void create(Endpoint endpoint) throws SQLException {
        try (Connection connection = endpoint.connect();
                Statement statement = connection.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS " + DATABASE);
            statement.execute("CREATE DATABASE " + DATABASE);
            statement.execute(
                    "CREATE TABLE "
                            + table()
                            + " (id BIGINT NOT NULL PRIMARY KEY, c_int INT, c_bigint BIGINT,"
                            + " c_double DOUBLE, c_dec DECIMAL(12,2), c_name VARCHAR(64),"
                            + " c_note TEXT, c_date DATE, c_time DATETIME(3), c_flag BOOLEAN,"
                            + " c_issued BIGINT) ENGINE=InnoDB");
        }
    }

    @Override
    public Connection connect(Endpoint endpoint) throws SQLException {
        return endpoint.connect();
    }

    @Override
    public Connection connectForScan(Endpoint endpoint) throws SQLException {
        return endpoint.connect();
    }

    @Override
    public String insertRows(long from, long to, String issued) {
        return "INSERT INTO "
                + table()
                + " SELECT seq, (seq * 7919) % 2147483, seq * 1000003, seq / 7.0,"
                + " (seq % 10000000) / 100, CONCAT('name-', seq, '-', MD5(seq)),"
                + " CONCAT('note ', seq), DATE '2020-01-01' + INTERVAL (seq % 3650) DAY,"
                + " TIMESTAMP '2020-01-01 00:00:00' + INTERVAL seq SECOND, seq % 2, "
                + issued
                + " FROM "
                + DATABASE
                + ".seq_"
                + from
                + "_to_"
                + to;
    }

    @Override
    public String updateRows(long from, long to, long issuedMicros) {
        return "UPDATE "
                + table()
                + " SET c_int = c_int + 1, c_name = CONCAT('updated-', id), c_issued = "
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
        options.put("port", Integer.toString(uri.getPort() < 0 ? 3306 : uri.getPort()));
        options.put("username", endpoint.user());
        if (!endpoint.password().isEmpty()) {
            options.put("password", endpoint.password());
        }
        options.put("tables", table());
        options.put("server-id", "6101");
        options.put("server-time-zone", "UTC");
        options.put("scan.startup.mode", "initial");
        options.put("scan.snapshot.fetch.size", Integer.toString(fetchSize));
        return options;
    }

    @Override
    public void drop(Endpoint endpoint) throws SQLException {
        try (Connection connection = endpoint.connect();
                Statement statement = connection.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS " + DATABASE);
        }
    }
}
