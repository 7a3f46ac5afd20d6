package dev.schemaop.e2e.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The demo's orders (conf/examples/orders-events.yaml under LENIENT) as every example's sink holds
 * them at the end: the columns in order and each row, a line of {@code |}-separated values.
 */
final class Orders {
    static final List<String> COLUMNS =
            List.of("id", "customer", "amount", "birthday_date", "note", "birthday", "buyer");

    static final List<String> ROWS =
            List.of(
                    "1|alice|12.5000|1990-01-31|null|null|null",
                    "2|bob|3.1050|1985-06-01|repriced|null|null",
                    "3|carol|99.9900|2001-12-24|first order|null|null",
                    "4|dave|7.0000|null|null|sometime in 1970|null",
                    "5|null|1.0000|null|null|2000-02-29|erin",
                    "6|null|2.5000|null|null|1999-09-09|frank");

    private Orders() {}

    /** The rows of shop.orders in a values sink's result file. */
    static List<String> inValuesResult(Path file) throws IOException {
        JsonNode table =
                new ObjectMapper().readTree(file.toFile()).path("tables").path("shop.orders");
        List<String> columns = new ArrayList<>();
        table.path("schema").path("columns").forEach(c -> columns.add(c.path("name").asText()));
        if (!columns.equals(COLUMNS)) {
            throw new AssertionError("columns of shop.orders in " + file + ": " + columns);
        }
        List<String> rows = new ArrayList<>();
        for (JsonNode row : table.path("rows")) {
            List<String> values = new ArrayList<>();
            for (String column : COLUMNS) {
                JsonNode value = row.path(column);
                values.add(value.isNull() ? "null" : value.asText());
            }
            rows.add(String.join("|", values));
        }
        rows.sort(null);
        return rows;
    }

    /** The rows of PostgreSQL's shop.orders, in the same form; its columns checked first. */
    static List<String> inPostgres(Connection postgres) throws SQLException {
        try (Statement statement = postgres.createStatement();
                ResultSet result =
                        statement.executeQuery("SELECT * FROM shop.orders ORDER BY id")) {
            List<String> columns = new ArrayList<>();
            for (int i = 1; i <= result.getMetaData().getColumnCount(); i++) {
                columns.add(result.getMetaData().getColumnName(i));
            }
            if (!columns.equals(COLUMNS)) {
                throw new AssertionError("columns of PostgreSQL's shop.orders: " + columns);
            }
            List<String> rows = new ArrayList<>();
            while (result.next()) {
                List<String> values = new ArrayList<>();
                for (int i = 1; i <= columns.size(); i++) {
                    values.add(String.valueOf(result.getString(i)));
                }
                rows.add(String.join("|", values));
            }
            return rows;
        }
    }

    /** A PostgreSQL without the examples' schema, so that a run creates its table anew. */
    static void dropPostgresSchema() throws SQLException {
        try (Connection postgres = Servers.postgres();
                Statement statement = postgres.createStatement()) {
            statement.execute("DROP SCHEMA IF EXISTS shop CASCADE");
        }
    }
}
