package dev.schemaop.connectors.jdbc.sink;

import dev.schemaop.connectors.jdbc.connection.JdbcConnectionOptions;
import dev.schemaop.connectors.jdbc.testutil.JdbcEndpoints;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;

class PostgresWriterIntegrationTest extends WriterIntegrationTestBase {

    private static final String APPLICATION = "jdbc_it_writer_pg";

    @Override
    protected JdbcEndpoints.Endpoint endpoint() {
        return JdbcEndpoints.postgres();
    }

    @Override
    protected String schema() {
        return "jdbc_it_writer_pg";
    }

    @Override
    protected JdbcConnectionOptions sinkOptions() {
        String url = endpoint().url();
        return new JdbcConnectionOptions(
                url + (url.contains("?") ? "&" : "?") + "ApplicationName=" + APPLICATION,
                endpoint().user(),
                endpoint().password(),
                2);
    }

    @Override
    protected void killSinkConnections() throws SQLException {
        db.queryText(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '"
                        + APPLICATION
                        + "'");
    }

    @Override
    protected Instant readInstant(ResultSet rs, int column) throws SQLException {
        return rs.getObject(column, OffsetDateTime.class).toInstant();
    }

    @Override
    protected String charAb() {
        return "ab ";
    }

    @Override
    protected String notNull(String table, String column) {
        return "ALTER TABLE " + table + " ALTER COLUMN " + column + " SET NOT NULL";
    }
}
