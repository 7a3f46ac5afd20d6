package dev.schemaop.testing;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * What a query returns, as the e2e tests compare rows: "column=value, ..." per row, "null" for
 * null.
 */
public final class SqlRows {
    private SqlRows() {}

    /** Each row of {@code query} (which orders them), columns by their labels. */
    public static List<String> of(Connection connection, String query) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(query)) {
            ResultSetMetaData meta = rs.getMetaData();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    row.append(i > 1 ? ", " : "")
                            .append(meta.getColumnLabel(i))
                            .append('=')
                            .append(rs.getString(i));
                }
                rows.add(row.toString());
            }
        }
        return rows;
    }
}
