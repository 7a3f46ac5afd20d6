package dev.schemaop.connectors.jdbc.sink;

import dev.schemaop.connectors.jdbc.testutil.JdbcEndpoints;

class PostgresHostileIdentifiersIntegrationTest extends HostileIdentifiersIntegrationTestBase {

    @Override
    protected JdbcEndpoints.Endpoint endpoint() {
        return JdbcEndpoints.postgres();
    }

    @Override
    protected String schema() {
        return "jdbc_it_hostile_pg";
    }
}
