package dev.schemaop.connectors.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.flink.cdc.common.configuration.Configuration;
import org.apache.flink.cdc.common.event.TableId;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

class PostgresDataSourceFactoryTest {
    private static Configuration options(Map<String, String> extra) {
        Map<String, String> map = new HashMap<>();
        map.put("hostname", "127.0.0.1");
        map.put("username", "postgres");
        map.put("database-name", "app");
        map.put("tables", "public.orders_\\.*");
        map.put("slot.name", "app_slot");
        map.putAll(extra);
        return Configuration.fromMap(map);
    }

    @Test
    void tablesAreSchemaTablePatternsWithFlinkCdcsDatabasePartAccepted() {
        PostgresSourceSettings settings =
                PostgresDataSourceFactory.settings(
                        options(Map.of("tables", "app.public.orders_\\.*, sales.t")));
        assertThat(settings.captures(TableId.tableId("public", "orders_2026"))).isTrue();
        assertThat(settings.captures(TableId.tableId("public", "customers"))).isFalse();
        assertThat(settings.captures(TableId.tableId("sales", "t"))).isTrue();
    }

    @Test
    void badOptionsAreOneMessageEach() {
        assertThatThrownBy(
                        () ->
                                PostgresDataSourceFactory.settings(
                                        options(Map.of("tables", "other.public.t"))))
                .hasMessageContaining("names the database 'other'");
        assertThatThrownBy(
                        () ->
                                PostgresDataSourceFactory.settings(
                                        options(Map.of("slot.name", "My-Slot"))))
                .hasMessageContaining("Option 'slot.name'");
        assertThatThrownBy(
                        () ->
                                PostgresDataSourceFactory.settings(
                                        options(Map.of("decoding.plugin.name", "wal2json"))))
                .hasMessageContaining("takes pgoutput");
        assertThatThrownBy(
                        () ->
                                PostgresDataSourceFactory.settings(
                                        options(Map.of("debezium.snapshot.mode", "initial"))))
                .hasMessageStartingWith(
                        "Option 'debezium.snapshot.mode' of the postgres source cannot be passed"
                                + " to Debezium");
        assertThatThrownBy(
                        () ->
                                PostgresDataSourceFactory.settings(
                                        options(
                                                Map.of(
                                                        "debezium.skip.messages.without.change",
                                                        "true"))))
                .hasMessageStartingWith(
                        "Option 'debezium.skip.messages.without.change' of the postgres source"
                                + " cannot be passed to Debezium")
                .hasMessageContaining("the rows would never reach the sink");
        assertThatThrownBy(
                        () ->
                                PostgresDataSourceFactory.settings(
                                        options(Map.of("schema-changes.capture", "ddl"))))
                .hasMessage(
                        "Option 'schema-changes.capture' of the postgres source takes"
                                + " event-trigger or relation, got 'ddl'");
    }

    @Test
    void theCaptureIsTheUsersOrLeftToTheStartCheck() {
        assertThat(
                        PostgresDataSourceFactory.settings(
                                        options(Map.of("schema-changes.capture", "relation")))
                                .capture())
                .isEqualTo(SchemaChangesCapture.RELATION);
        assertThat(
                        PostgresDataSourceFactory.settings(
                                        options(Map.of("schema-changes.capture", "event-trigger")))
                                .capture())
                .isEqualTo(SchemaChangesCapture.EVENT_TRIGGER);
        PostgresSourceSettings unset = PostgresDataSourceFactory.settings(options(Map.of()));
        assertThat(unset.capture()).as("chosen by the start check").isNull();
        assertThat(unset.withCapture(SchemaChangesCapture.RELATION).eventTrigger()).isFalse();
    }

    @Test
    void driverOptionsPassThrough() {
        assertThat(
                        PostgresDataSourceFactory.settings(
                                        options(Map.of("debezium.database.sslmode", "require")))
                                .debezium())
                .containsEntry("database.sslmode", "require");
    }
}
