package dev.schemaop.connectors.mariadb.debezium;

import static org.assertj.core.api.Assertions.assertThat;

import io.debezium.config.Configuration;
import io.debezium.connector.binlog.BinlogDatabaseSchema;
import io.debezium.relational.ddl.DdlParser;
import org.junit.jupiter.api.Test;

import java.util.Map;

class QuotedNamesConnectorTaskTest {

    /** Fails when a Debezium upgrade moves the parser the task replaces. */
    @Test
    void debeziumsSchemaKeepsItsParserWhereTheTaskReplacesIt() throws Exception {
        assertThat(
                        BinlogDatabaseSchema.class
                                .getDeclaredField(QuotedNamesConnectorTask.PARSER_FIELD)
                                .getType())
                .isEqualTo(DdlParser.class);
        assertThat(new QuotedNamesConnector().taskClass())
                .isEqualTo(QuotedNamesConnectorTask.class);
    }

    /** Debezium logs its configuration at start, masking only password-like keys. */
    @Test
    void theConfigurationDebeziumLogsShowsNoSecret() {
        Map<String, String> config =
                Map.of(
                        "database.password", "pw",
                        "some.auth.token", "t0ken",
                        "fs.s3a.secret.key", "sk",
                        "database.hostname", "db.example");
        QuotedNamesConnectorTask task = new QuotedNamesConnectorTask();

        assertThat(task.withMaskedSensitiveOptions(Configuration.from(config)).asMap())
                .containsOnly(
                        Map.entry("database.password", "***"),
                        Map.entry("some.auth.token", "***"),
                        Map.entry("fs.s3a.secret.key", "***"),
                        Map.entry("database.hostname", "db.example"));
        assertThat(task.getMaskedConfigurationMap(config))
                .containsOnly(
                        Map.entry("database.password", "***"),
                        Map.entry("some.auth.token", "***"),
                        Map.entry("fs.s3a.secret.key", "***"),
                        Map.entry("database.hostname", "db.example"));
    }
}
