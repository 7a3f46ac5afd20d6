package dev.schemaop.history;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Secrets in DDL a source left out never reach the log or the decision history (SPEC §9). */
class StatementSecretsTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "CREATE USER u IDENTIFIED BY 's3cr''et' | CREATE USER u IDENTIFIED BY '***'",
                "ALTER USER u IDENTIFIED BY PASSWORD '*AB12' | ALTER USER u IDENTIFIED BY PASSWORD '***'",
                "CREATE USER u IDENTIFIED VIA ed25519 USING PASSWORD('pw') | CREATE USER u IDENTIFIED VIA ed25519 USING PASSWORD('***')",
                "SET PASSWORD FOR u = PASSWORD('pw') | SET PASSWORD FOR u = PASSWORD('***')",
                "CREATE SERVER s OPTIONS (USER 'a', PASSWORD 'pw') | CREATE SERVER s OPTIONS (USER 'a', PASSWORD '***')",
                "ALTER TABLE t ADD c INT COMMENT 'password reset' | ALTER TABLE t ADD c INT COMMENT 'password reset'",
                "ALTER TABLE t ADD c VARCHAR(5) DEFAULT 'x' | ALTER TABLE t ADD c VARCHAR(5) DEFAULT 'x'"
            })
    void masksTheLiteralAfterASecretWord(String statement, String redacted) {
        assertThat(StatementSecrets.redact(statement)).isEqualTo(redacted);
    }
}
