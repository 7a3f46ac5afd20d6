package dev.schemaop.connectors.jdbc.sink;

import dev.schemaop.connectors.jdbc.testutil.JdbcEndpoints;

class MariaDbHostileIdentifiersIntegrationTest extends HostileIdentifiersIntegrationTestBase {

    @Override
    protected JdbcEndpoints.Endpoint endpoint() {
        return JdbcEndpoints.mariadb();
    }

    @Override
    protected String schema() {
        return "jdbc_it_hostile_maria";
    }
}
