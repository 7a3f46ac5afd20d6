package dev.schemaop.connectors.mariadb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.flink.cdc.common.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
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

    private static void assertRefused(String key, String why, String instead) {
        assertThatThrownBy(() -> MariaDbDataSourceFactory.settings(with(key, "x")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Option '"
                                + key
                                + "' of the mariadb source cannot be passed to Debezium: "
                                + why
                                + ". Remove it; "
                                + instead
                                + ".");
    }

    private static final String OFFSETS =
            "the source keeps Debezium's binlog position in Flink's checkpoints (Debezium's offset"
                    + " storage is the source's), so that a restore resumes right after the"
                    + " checkpoint's last event; another store would resume elsewhere";
    private static final String RESUME =
            "resume a job from a checkpoint or savepoint (-s), and choose where a new job starts"
                    + " with 'scan.startup.mode'";
    private static final String HISTORY =
            "the source keeps Debezium's schema history in Flink's checkpoints, compacted to the"
                    + " captured tables (Debezium's schema history and what it records are the"
                    + " source's), so that a restore describes the tables as they were at the"
                    + " checkpoint";
    private static final String ONLY_DDL_FILTER =
            "resume a job from a checkpoint or savepoint (-s); of the schema history's options only"
                    + " 'debezium.schema.history.internal.ddl.filter' is passed on";

    @Test
    void debeziumOptionsThatWouldReplaceTheOffsetStorageAreRefused() {
        for (String key :
                List.of(
                        "debezium.offset.storage",
                        "debezium.offset.storage.file.filename",
                        "debezium.offset.storage.topic")) {
            assertRefused(key, OFFSETS, RESUME);
        }
    }

    @Test
    void debeziumOptionsThatWouldReplaceTheSchemaHistoryAreRefused() {
        for (String key :
                List.of(
                        "debezium.schema.history.internal",
                        "debezium.schema.history.internal.file.filename",
                        "debezium.schema.history.internal.kafka.topic",
                        "debezium.schema.history.internal.store.only.captured.tables.ddl",
                        "debezium.schema.history.internal.store.only.captured.databases.ddl",
                        "debezium.schema.history.internal.prefer.ddl",
                        "debezium.schema.history.internal.schemaop.engine")) {
            assertRefused(key, HISTORY, ONLY_DDL_FILTER);
        }
        assertRefused(
                "debezium.schema.history.internal.skip.unparseable.ddl",
                "it would drop the DDL statements Debezium cannot parse without a word",
                "set 'schema-change.unparseable: skip' to leave them out with a WARN and a count,"
                        + " or keep the default 'fail'");
        for (String key : List.of("debezium.database.history", "debezium.database.history.file")) {
            assertRefused(
                    key,
                    "it is the name Debezium 1.x gave its schema history, which Debezium 3.5 does"
                            + " not read, and the source keeps that history in Flink's"
                            + " checkpoints",
                    "resume a job from a checkpoint or savepoint (-s)");
        }
    }

    @Test
    void debeziumOptionsThatWouldReplaceTheSchemaChangeRecordsOrTheirNamesAreRefused() {
        assertRefused(
                "debezium.include.schema.changes",
                "the source reads every DDL statement from Debezium's schema change records;"
                        + " without them no table change would reach the pipeline",
                "set 'schema-change.enabled: false' to keep DDL out of the pipeline");
        for (String key : List.of("debezium.topic.prefix", "debezium.name")) {
            assertRefused(
                    key,
                    "the source stores Debezium's binlog position under its own topic prefix and"
                            + " engine name (the snapshot's position, every checkpoint's); under"
                            + " others a restore would not find it",
                    "leave the source its names");
        }
        assertRefused(
                "debezium.connector.class",
                "the source runs its own Debezium MariaDB connector, whose DDL parser reads quoted"
                        + " names as MariaDB does and ends the job, or skips, on a statement it"
                        + " cannot parse",
                "leave the source its connector");
    }

    @Test
    void otherDebeziumOptionsArePassedOn() {
        for (String key :
                List.of(
                        "debezium.snapshot.lock.timeout.ms",
                        "debezium.schema.history.internal.ddl.filter",
                        "debezium.offset.flush.interval.ms",
                        "debezium.database.ssl.mode")) {
            SourceSettings settings = MariaDbDataSourceFactory.settings(with(key, "x"));
            assertThat(settings.debezium()).containsEntry(key.substring("debezium.".length()), "x");
        }
    }
}
