package dev.schemaop.connectors.jdbc.sink;

import dev.schemaop.connectors.jdbc.testutil.JdbcEndpoints;

class MariaDbStoredValuesIntegrationTest extends StoredValuesIntegrationTestBase {

    @Override
    protected JdbcEndpoints.Endpoint endpoint() {
        return JdbcEndpoints.mariadb();
    }

    @Override
    protected String schema() {
        return "jdbc_it_stored_values_maria";
    }

    @Override
    protected String either(String postgres, String mariadb) {
        return mariadb;
    }
}
