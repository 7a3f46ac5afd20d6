package dev.schemaop.benchmarks.jdbc;

import dev.schemaop.benchmarks.workload.TableShape;
import dev.schemaop.benchmarks.workload.Workload;
import dev.schemaop.connectors.jdbc.catalog.TablePath;
import dev.schemaop.connectors.jdbc.dialect.JdbcDialect;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * What a W5 job left in its table, read back from the database: every row exactly once (the count,
 * and the lowest and highest key, which with a primary key means each of 0..n-1 once), the
 * generated values in column c1, the expected number of columns, and each added column filled
 * exactly from the rows after its change point on, with the generated values.
 */
public final class TableCheck {
    private TableCheck() {}

    /**
     * @return what is wrong; empty when the table is as the workload generated it
     */
    public static List<String> check(Endpoint endpoint, TablePath table, Workload workload)
            throws SQLException {
        List<String> problems = new ArrayList<>();
        JdbcDialect dialect = endpoint.database().dialect();
        int changes = workload.changePoints();
        try (Connection connection = endpoint.connect()) {
            int columns = columnCount(connection, table);
            int expectedColumns = TableShape.INITIAL_COLUMNS + changes;
            if (columns != expectedColumns) {
                problems.add(table + " has " + columns + " columns, expected " + expectedColumns);
                return problems;
            }
            StringBuilder sql =
                    new StringBuilder("SELECT COUNT(*), MIN(id), MAX(id), SUM(")
                            .append(dialect.quote("c1"))
                            .append(" - id)");
            for (int point = 1; point <= changes; point++) {
                String column = dialect.quote(TableShape.addedColumn(point));
                sql.append(", COUNT(").append(column).append("), SUM(").append(column);
                sql.append(" - id)");
            }
            sql.append(" FROM ").append(dialect.table(table));
            try (Statement statement = connection.createStatement();
                    ResultSet result = statement.executeQuery(sql.toString())) {
                result.next();
                long rows = workload.rowsPerTable();
                expect(problems, table + ": rows", result.getLong(1), rows);
                expect(problems, table + ": lowest id", result.getLong(2), 0);
                expect(problems, table + ": highest id", result.getLong(3), rows - 1);
                // c1 is an INT holding seq + 1
                expect(problems, table + ": sum of c1 - id", result.getLong(4), rows);
                for (int point = 1; point <= changes; point++) {
                    long filled = Math.max(0, rows - (long) point * workload.changeEvery());
                    int index = TableShape.addedColumnIndex(point);
                    String column = TableShape.addedColumn(point);
                    expect(
                            problems,
                            table + ": rows with " + column,
                            result.getLong(3 + 2 * point),
                            filled);
                    expect(
                            problems,
                            table + ": sum of " + column + " - id",
                            result.getLong(4 + 2 * point),
                            filled * index);
                }
            }
        }
        return problems;
    }

    private static int columnCount(Connection connection, TablePath table) throws SQLException {
        try (PreparedStatement statement =
                connection.prepareStatement(
                        "SELECT COUNT(*) FROM information_schema.columns"
                                + " WHERE table_schema = ? AND table_name = ?")) {
            statement.setString(1, table.schema());
            statement.setString(2, table.table());
            try (ResultSet result = statement.executeQuery()) {
                result.next();
                return result.getInt(1);
            }
        }
    }

    private static void expect(List<String> problems, String what, long actual, long expected) {
        if (actual != expected) {
            problems.add(what + " is " + actual + ", expected " + expected);
        }
    }
}
