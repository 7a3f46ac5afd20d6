package dev.schemaop.connectors.jdbc.connection;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.api.Secrets;

import org.junit.jupiter.api.Test;

import java.sql.BatchUpdateException;
import java.sql.SQLException;

/** The sink's connection settings print no secret ({@link Secrets} is tested on its own). */
class JdbcConnectionOptionsTest {

    private static final JdbcConnectionOptions OPTIONS =
            new JdbcConnectionOptions(
                    "jdbc:postgresql://h/db?sslpassword=inurl&trustStorePassword=ts-pw"
                            + "&keyStorePassword=ks-pw&ssl=true",
                    "u",
                    "s3cret-pw");

    @Test
    void optionsNeverPrintAPassword() {
        assertThat(OPTIONS.toString())
                .isEqualTo(
                        "JdbcConnectionOptions{url=jdbc:postgresql://h/db?sslpassword=***"
                                + "&trustStorePassword=***&keyStorePassword=***&ssl=true,"
                                + " username=u, password=***}");
        assertThat(OPTIONS.describe())
                .isEqualTo(
                        "user 'u' at jdbc:postgresql://h/db?sslpassword=***"
                                + "&trustStorePassword=***&keyStorePassword=***&ssl=true");
        assertThat(new JdbcConnectionOptions("jdbc:postgresql://h/db", null, null).toString())
                .contains("password=(none)");
    }

    @Test
    void theSecretsAreThePasswordAndEverySecretOfTheUrl() {
        assertThat(OPTIONS.secrets()).containsExactly("inurl", "ts-pw", "ks-pw", "s3cret-pw");
        assertThat(OPTIONS.scrub("failed for s3cret-pw, inurl, ts-pw and ks-pw"))
                .isEqualTo("failed for ***, ***, *** and ***");
    }

    @Test
    void aDriversBatchFailureLosesTheSecretsOfEveryNextException() {
        BatchUpdateException batch = new BatchUpdateException("Batch entry 0 failed", new int[0]);
        batch.setNextException(new SQLException("key store ks-pw refused", "28000", 0));

        SQLException scrubbed = (SQLException) OPTIONS.scrub(batch);

        assertThat((Throwable) scrubbed).isInstanceOf(BatchUpdateException.class);
        assertThat((Throwable) scrubbed.getNextException()).hasMessage("key store *** refused");
        assertThat(scrubbed.getNextException().getSQLState()).isEqualTo("28000");
    }
}
