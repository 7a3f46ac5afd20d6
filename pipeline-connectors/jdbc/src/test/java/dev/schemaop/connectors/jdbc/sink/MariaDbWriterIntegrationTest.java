package dev.schemaop.connectors.jdbc.sink;

import dev.schemaop.connectors.jdbc.connection.JdbcConnectionOptions;
import dev.schemaop.connectors.jdbc.testutil.JdbcEndpoints;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;

class MariaDbWriterIntegrationTest extends WriterIntegrationTestBase {

    @Override
    protected JdbcEndpoints.Endpoint endpoint() {
        return JdbcEndpoints.mariadb();
    }

    @Override
    protected String schema() {
        return "jdbc_it_writer_maria";
    }

    /** Connections that start in this class's database: the test finds them by it. */
    @Override
    protected JdbcConnectionOptions sinkOptions() {
        String url = endpoint().url();
        int query = url.indexOf('?');
        String base = query < 0 ? url : url.substring(0, query);
        String parameters = query < 0 ? "" : url.substring(query);
        base = base.substring(0, base.lastIndexOf('/') + 1) + schema();
        return new JdbcConnectionOptions(
                base + parameters, endpoint().user(), endpoint().password(), 2);
    }

    @Override
    protected void killSinkConnections() throws SQLException {
        List<String> ids =
                db.queryText(
                        "SELECT ID FROM information_schema.PROCESSLIST WHERE DB = '"
                                + schema()
                                + "' AND ID <> CONNECTION_ID()");
        for (String id : ids) {
            db.execute("KILL CONNECTION " + id);
        }
    }

    /** TIMESTAMP columns hold UTC: the sink's sessions and the test's run at time zone UTC. */
    @Override
    protected Instant readInstant(ResultSet rs, int column) throws SQLException {
        return rs.getObject(column, LocalDateTime.class).toInstant(ZoneOffset.UTC);
    }

    @Override
    protected String charAb() {
        return "ab";
    }

    @Override
    protected String notNull(String table, String column) {
        return "ALTER TABLE " + table + " MODIFY " + column + " VARCHAR(20) NOT NULL";
    }
}
