package dev.schemaop.connectors.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.connectors.debezium.StartupMode;
import dev.schemaop.connectors.debezium.TablePattern;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

class SourceSettingsTest {

    private static SourceSettings withPassword(String password) {
        return new SourceSettings(
                "db.example",
                3307,
                "cdc",
                password,
                List.of(TablePattern.parse("app.orders")),
                5400,
                "UTC",
                StartupMode.INITIAL,
                1024,
                true,
                Duration.ofSeconds(30),
                false,
                SourceSettings.Unparseable.FAIL,
                Map.of(
                        "database.ssl.truststore.password", "trust-s3cret",
                        "database.sslKeyPassword", "key-s3cret",
                        "some.auth.token", "t0ken",
                        "snapshot.lock.timeout.ms", "30000"));
    }

    @Test
    void toStringShowsEverySettingButTheSecrets() {
        assertThat(withPassword("s3cret").toString())
                .isEqualTo(
                        "SourceSettings[hostname=db.example, port=3307, username=cdc,"
                                + " password=***, tables=["
                                + TablePattern.parse("app.orders")
                                + "], serverId=5400, serverTimeZone=UTC, startupMode=INITIAL,"
                                + " fetchSize=1024, schemaChangeEnabled=true,"
                                + " connectTimeout=PT30S, onlineSchemaChanges=false,"
                                + " unparseable=FAIL, debezium={database.ssl.truststore.password=***,"
                                + " database.sslKeyPassword=***, snapshot.lock.timeout.ms=30000,"
                                + " some.auth.token=***}]");
    }

    @Test
    void theSecretsAreThePasswordAndTheSensitiveDebeziumOptions() {
        assertThat(withPassword("s3cret").secrets())
                .containsExactlyInAnyOrder("s3cret", "trust-s3cret", "key-s3cret", "t0ken");
        assertThat(withPassword("").secrets())
                .containsExactlyInAnyOrder("trust-s3cret", "key-s3cret", "t0ken");
    }

    @Test
    void anEmptyPasswordShowsAsEmpty() {
        assertThat(withPassword("").toString()).contains(", password=, ");
    }
}
