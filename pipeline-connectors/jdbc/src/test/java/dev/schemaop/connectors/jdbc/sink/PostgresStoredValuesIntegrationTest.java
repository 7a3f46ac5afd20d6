package dev.schemaop.connectors.jdbc.sink;

import dev.schemaop.connectors.jdbc.testutil.JdbcEndpoints;

class PostgresStoredValuesIntegrationTest extends StoredValuesIntegrationTestBase {

    @Override
    protected JdbcEndpoints.Endpoint endpoint() {
        return JdbcEndpoints.postgres();
    }

    @Override
    protected String schema() {
        return "jdbc_it_stored_values_pg";
    }

    @Override
    protected String either(String postgres, String mariadb) {
        return postgres;
    }
}
