package dev.schemaop.connectors.mariadb.debezium;

import static org.assertj.core.api.Assertions.assertThat;

import io.debezium.connector.binlog.BinlogDatabaseSchema;
import io.debezium.relational.ddl.DdlParser;
import org.junit.jupiter.api.Test;

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
}
