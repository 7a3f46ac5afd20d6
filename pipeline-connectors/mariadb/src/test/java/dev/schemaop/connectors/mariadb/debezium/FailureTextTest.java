package dev.schemaop.connectors.mariadb.debezium;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;

class FailureTextTest {

    @Test
    void theDeepestCauseSpeaks() {
        Throwable error =
                new RuntimeException(
                        "An exception occurred in the change event producer. This connector will"
                                + " be stopped.",
                        new IllegalStateException("wrapper", new SQLException("Access denied")));

        assertThat(FailureText.of(error))
                .isEqualTo("The MariaDB change reader stopped: Access denied");
    }

    @Test
    void aServerIdCollisionSaysWhatToChange() {
        Throwable error =
                new RuntimeException(
                        "producer",
                        new SQLException(
                                "A slave with the same server_uuid/server_id as this slave has"
                                        + " connected to the master"));

        assertThat(FailureText.of(error))
                .startsWith("The MariaDB server dropped this source's binlog connection: another")
                .endsWith("Give each pipeline (and each replica) its own 'server-id'.");
    }
}
