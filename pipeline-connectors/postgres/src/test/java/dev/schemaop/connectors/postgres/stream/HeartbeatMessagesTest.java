package dev.schemaop.connectors.postgres.stream;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.util.Optional;
import java.util.Set;

class HeartbeatMessagesTest {
    @Test
    void theTablesOfThePublicationAreReadFromTheMessage() {
        assertThat(HeartbeatMessages.publishedTables("tables:k1:16384,16390", "k1"))
                .contains(Set.of(16384L, 16390L));
        assertThat(HeartbeatMessages.publishedTables("tables:k1:", "k1"))
                .as("a publication without tables: every table was dropped")
                .contains(Set.of());
        assertThat(HeartbeatMessages.publishedTables("", "k1"))
                .as("the DDL capture's heartbeat, or no publication: no word on the tables")
                .isEqualTo(Optional.empty());
        assertThat(HeartbeatMessages.publishedTables("tables:k0:16384", "k1"))
                .as("an earlier reader's, or a message anyone may write: not trusted")
                .isEqualTo(Optional.empty());
    }
}
