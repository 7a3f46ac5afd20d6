package dev.schemaop.connectors.postgres.catalog;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/** The captured tables' layouts as a connection's transaction sees them. */
public final class Layouts {
    private Layouts() {}

    public static List<TableLayout> read(Connection connection, Predicate<TableLayout> captured)
            throws SQLException {
        List<TableLayout> layouts = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery(DdlCapture.ALL_LAYOUTS)) {
            while (row.next()) {
                TableLayout layout = LayoutMessages.layout(row.getString(1));
                if (captured.test(layout)) {
                    layouts.add(layout);
                }
            }
        }
        return layouts;
    }
}
