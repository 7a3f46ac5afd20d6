package dev.schemaop.connectors.jdbc.connection;

import dev.schemaop.connectors.jdbc.testutil.JdbcEndpoints;

import java.sql.SQLException;

class PostgresRetryingConnectionIntegrationTest extends RetryingConnectionIntegrationTestBase {

    @Override
    protected JdbcEndpoints.Endpoint endpoint() {
        return JdbcEndpoints.postgres();
    }

    @Override
    protected String schema() {
        return "jdbc_it_connection_pg";
    }

    @Override
    protected String sessionIdQuery() {
        return "SELECT pg_backend_pid()";
    }

    @Override
    protected void kill(long session) throws SQLException {
        db.queryText("SELECT pg_terminate_backend(" + session + ")");
    }

    @Override
    protected boolean exists(long session) throws SQLException {
        return !db.queryText("SELECT pid FROM pg_stat_activity WHERE pid = " + session).isEmpty();
    }
}
