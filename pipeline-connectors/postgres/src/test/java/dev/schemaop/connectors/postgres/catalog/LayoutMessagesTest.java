package dev.schemaop.connectors.postgres.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.cdc.common.event.TableId;
import org.junit.jupiter.api.Test;

import java.util.List;

class LayoutMessagesTest {
    @Test
    void theMarksAroundRowsOfCreateTableAsSayWhichTableAndWhichEnd() {
        assertThat(LayoutMessages.read("{\"oid\": 16390, \"relogged\": \"begin\"}"))
                .isEqualTo(new LayoutMessages.Relogged(16390, true));
        assertThat(LayoutMessages.read("{\"oid\": 16390, \"relogged\": \"end\"}"))
                .isEqualTo(new LayoutMessages.Relogged(16390, false));
    }

    @Test
    void aDroppedTableAndALayoutAreToldApart() {
        assertThat(
                        LayoutMessages.read(
                                "{\"oid\": 7, \"schema\": \"s\", \"table\": \"t\", \"dropped\": true}"))
                .isEqualTo(new LayoutMessages.Dropped(7, TableId.tableId("s", "t")));
        assertThat(
                        LayoutMessages.read(
                                "{\"oid\": 7, \"schema\": \"s\", \"table\": \"t\", \"columns\": [],"
                                        + " \"key\": []}"))
                .isEqualTo(
                        new LayoutMessages.Layout(
                                new TableLayout(7, "s", "t", List.of(), List.of(), 0)));
    }
}
