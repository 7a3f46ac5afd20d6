package dev.schemaop.connectors.postgres.stream;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.util.Optional;
import java.util.Set;

class HeartbeatMessagesTest {
    @Test
    void theTablesOfThePublicationAreReadFromTheMessage() {
        assertThat(HeartbeatMessages.publishedTables("tables:16384,16390"))
                .contains(Set.of(16384L, 16390L));
        assertThat(HeartbeatMessages.publishedTables("tables:"))
                .as("a publication without tables: every table was dropped")
                .contains(Set.of());
        assertThat(HeartbeatMessages.publishedTables(""))
                .as("the DDL capture's heartbeat, or no publication: no word on the tables")
                .isEqualTo(Optional.empty());
    }
}
