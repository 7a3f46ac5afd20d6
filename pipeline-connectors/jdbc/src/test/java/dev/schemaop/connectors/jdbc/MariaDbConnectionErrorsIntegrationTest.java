package dev.schemaop.connectors.jdbc;

import dev.schemaop.connectors.jdbc.testutil.JdbcEndpoints;

import java.util.Map;

class MariaDbConnectionErrorsIntegrationTest extends ConnectionErrorsIntegrationTestBase {

    @Override
    protected JdbcEndpoints.Endpoint endpoint() {
        return JdbcEndpoints.mariadb();
    }

    @Override
    protected String schema() {
        return "jdbc_it_errors_maria";
    }

    @Override
    protected JdbcDataSinkFactory factory() {
        return new MariaDbDataSinkFactory();
    }

    /** The endpoint's user with a wrong password. */
    @Override
    protected Map<String, String> wrongCredentials() {
        return Map.of("username", endpoint().user(), "password", SECRET);
    }

    @Override
    protected String urlWithPort(int port) {
        return endpoint().url().replaceFirst("://([^/:]+)(:\\d+)?/", "://$1:" + port + "/");
    }

    @Override
    protected String urlWithDatabase(String database) {
        return endpoint().url().replaceFirst("/[^/?]*(\\?|$)", "/" + database + "$1");
    }
}
