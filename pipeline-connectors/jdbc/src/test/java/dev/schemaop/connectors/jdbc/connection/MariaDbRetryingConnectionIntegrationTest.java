package dev.schemaop.connectors.jdbc.connection;

import dev.schemaop.connectors.jdbc.testutil.JdbcEndpoints;

import java.sql.SQLException;

class MariaDbRetryingConnectionIntegrationTest extends RetryingConnectionIntegrationTestBase {

    @Override
    protected JdbcEndpoints.Endpoint endpoint() {
        return JdbcEndpoints.mariadb();
    }

    @Override
    protected String schema() {
        return "jdbc_it_connection_maria";
    }

    @Override
    protected String sessionIdQuery() {
        return "SELECT CONNECTION_ID()";
    }

    @Override
    protected void kill(long session) throws SQLException {
        db.execute("KILL CONNECTION " + session);
    }

    @Override
    protected boolean exists(long session) throws SQLException {
        return !db.queryText("SELECT ID FROM information_schema.PROCESSLIST WHERE ID = " + session)
                .isEmpty();
    }
}
