package dev.schemaop.connectors.jdbc.sink;

import dev.schemaop.connectors.jdbc.testutil.JdbcEndpoints;

class MariaDbDriftIntegrationTest extends DriftIntegrationTestBase {

    @Override
    protected JdbcEndpoints.Endpoint endpoint() {
        return JdbcEndpoints.mariadb();
    }

    @Override
    protected String schema() {
        return "jdbc_it_drift_maria";
    }

    @Override
    protected String either(String postgres, String mariadb) {
        return mariadb;
    }
}
