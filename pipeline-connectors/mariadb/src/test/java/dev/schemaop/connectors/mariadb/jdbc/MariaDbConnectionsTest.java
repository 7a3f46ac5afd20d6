package dev.schemaop.connectors.mariadb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.util.Map;

class MariaDbConnectionsTest {

    @Test
    void driverOptionsComeFromTheDebeziumDatabaseOptions() {
        assertThat(
                        MariaDbConnections.driverProperties(
                                Map.of(
                                        "database.ssl.mode", "verify-full",
                                        "database.serverSslCert", "/ca.pem",
                                        "database.password", "x",
                                        "database.include.list", "app",
                                        "snapshot.mode", "initial")))
                .containsOnly(
                        Map.entry("sslMode", "verify-full"), Map.entry("serverSslCert", "/ca.pem"));
    }
}
