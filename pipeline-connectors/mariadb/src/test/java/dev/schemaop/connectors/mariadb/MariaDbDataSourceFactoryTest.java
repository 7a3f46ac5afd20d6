package dev.schemaop.connectors.mariadb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.flink.cdc.common.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

class MariaDbDataSourceFactoryTest {
    private static final Map<String, String> BASE =
            Map.of("hostname", "db", "username", "cdc", "tables", "app.orders");

    private static Configuration with(String key, String value) {
        Map<String, String> options = new HashMap<>(BASE);
        options.put(key, value);
        return Configuration.fromMap(options);
    }

    @Test
    void debeziumOptionsThatWouldMakeTheSnapshotAndTheBinlogDisagreeAreRefused() {
        for (String key :
                new String[] {
                    "debezium.snapshot.mode",
                    "debezium.table.exclude.list",
                    "debezium.column.exclude.list",
                    "debezium.snapshot.select.statement.overrides.app.orders"
                }) {
            assertThatThrownBy(() -> MariaDbDataSourceFactory.settings(with(key, "x")))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(
                            "Option '"
                                    + key
                                    + "' of the mariadb source cannot be passed to Debezium: the"
                                    + " source takes the snapshot itself and chooses the tables"
                                    + " for both the snapshot and the binlog, so Debezium's own"
                                    + " snapshot and table or column filters would make the two"
                                    + " disagree. Remove it; choose tables with 'tables' and the"
                                    + " start with 'scan.startup.mode'.");
        }
    }

    @Test
    void unparseableStatementsFailByDefaultOrAreSkipped() {
        assertThat(MariaDbDataSourceFactory.settings(Configuration.fromMap(BASE)).unparseable())
                .isEqualTo(SourceSettings.Unparseable.FAIL);
        assertThat(
                        MariaDbDataSourceFactory.settings(with("schema-change.unparseable", "Skip"))
                                .unparseable())
                .isEqualTo(SourceSettings.Unparseable.SKIP);
        assertThatThrownBy(
                        () ->
                                MariaDbDataSourceFactory.settings(
                                        with("schema-change.unparseable", "ignore")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Option 'schema-change.unparseable' of the mariadb source takes fail or"
                                + " skip, got 'ignore'");
    }

    @Test
    void otherDebeziumOptionsArePassedOn() {
        SourceSettings settings =
                MariaDbDataSourceFactory.settings(
                        with("debezium.snapshot.lock.timeout.ms", "30000"));
        assertThat(settings.debezium()).containsEntry("snapshot.lock.timeout.ms", "30000");
    }
}
