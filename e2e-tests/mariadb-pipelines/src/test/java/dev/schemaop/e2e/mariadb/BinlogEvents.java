package dev.schemaop.e2e.mariadb;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** Where a statement landed in the server's binlog, as the source names it in its messages. */
final class BinlogEvents {
    private BinlogEvents() {}

    /** The binlog position before the next event, to run {@link #positionOf} from. */
    static String[] end(Statement sql) throws SQLException {
        try (ResultSet rs = sql.executeQuery("SHOW MASTER STATUS")) {
            rs.next();
            return new String[] {rs.getString(1), rs.getString(2)};
        }
    }

    /**
     * {@code file:pos, GTID gtid} of the query event that holds {@code statement}, written after
     * {@code from} by the session of {@code sql} (whose last GTID is the statement's). Other tests
     * write to the same server meanwhile: the event is found by its text.
     */
    static String positionOf(Statement sql, String[] from, String statement) throws SQLException {
        String gtid;
        try (ResultSet rs = sql.executeQuery("SELECT @@last_gtid")) {
            rs.next();
            gtid = rs.getString(1);
        }
        try (ResultSet rs =
                sql.executeQuery(
                        "SHOW BINLOG EVENTS IN '"
                                + from[0]
                                + "' FROM "
                                + from[1]
                                + " LIMIT 10000")) {
            while (rs.next()) {
                if (rs.getString("Event_type").equals("Query")
                        && rs.getString("Info").endsWith(statement)) {
                    return from[0] + ":" + rs.getLong("Pos") + ", GTID " + gtid;
                }
            }
        }
        throw new AssertionError("no query event '" + statement + "' after " + from[0]);
    }
}
