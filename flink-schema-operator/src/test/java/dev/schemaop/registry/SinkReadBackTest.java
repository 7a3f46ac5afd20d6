package dev.schemaop.registry;

import static dev.schemaop.registry.RegistryFixtures.ORDERS_V1;
import static dev.schemaop.registry.RegistryFixtures.ORDERS_V2;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.api.ExistingTableSchemaExpansionSupport;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypeRoot;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

class SinkReadBackTest {
    private static final Schema LONGER_NAME =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("name", DataTypes.VARCHAR(40))
                    .primaryKey("id")
                    .build();
    private static final Schema SHORT_NAME =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("name", DataTypes.VARCHAR(10))
                    .primaryKey("id")
                    .build();

    @Test
    void aTableThatLooksAsAfterTheChangeHasIt() {
        assertThat(SinkReadBack.hasIt(ORDERS_V2, ORDERS_V1, ORDERS_V2)).isTrue();
        assertThat(SinkReadBack.hasIt(ORDERS_V1, ORDERS_V1, ORDERS_V2)).isFalse();
    }

    @Test
    void createsAndDropsOfTablesAreSeen() {
        assertThat(SinkReadBack.hasIt(ORDERS_V1, null, ORDERS_V1)).as("created").isTrue();
        assertThat(SinkReadBack.hasIt(null, null, ORDERS_V1)).as("not created").isFalse();
        assertThat(SinkReadBack.hasIt(null, ORDERS_V1, null)).as("dropped").isTrue();
    }

    @Test
    void typesAndNullabilityTellAnAlterApart() {
        assertThat(SinkReadBack.hasIt(LONGER_NAME, SHORT_NAME, LONGER_NAME)).isTrue();
        assertThat(SinkReadBack.hasIt(SHORT_NAME, SHORT_NAME, LONGER_NAME)).isFalse();
        Schema nullable = Schema.newBuilder().physicalColumn("id", DataTypes.INT()).build();
        Schema notNull =
                Schema.newBuilder().physicalColumn("id", DataTypes.INT().notNull()).build();
        assertThat(SinkReadBack.hasIt(nullable, notNull, nullable)).isTrue();
        assertThat(SinkReadBack.hasIt(notNull, notNull, nullable)).isFalse();
    }

    @Test
    void aSinkThatDescribesNullabilityItsOwnWayStillShowsOtherChanges() {
        Schema describedAllNullable =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT())
                        .physicalColumn("name", DataTypes.STRING())
                        .physicalColumn("price", DataTypes.DOUBLE())
                        .build();
        assertThat(SinkReadBack.hasIt(describedAllNullable, ORDERS_V1, ORDERS_V2)).isTrue();
    }

    @Test
    void aTableThatLooksLikeNeitherDoesNotHaveIt() {
        assertThat(SinkReadBack.hasIt(LONGER_NAME, ORDERS_V1, ORDERS_V2)).isFalse();
    }

    /**
     * PostgreSQL stores TINYINT as SMALLINT: an added TINYINT column reads back as SMALLINT, and
     * the change is there all the same.
     */
    @Test
    void typesAreComparedAsTheSinkStoresThem() {
        TableId table = TableId.tableId("db", "t");
        Schema stored =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("flag", DataTypes.SMALLINT())
                        .primaryKey("id")
                        .build();
        AddColumnEvent addFlag =
                new AddColumnEvent(
                        table,
                        List.of(
                                AddColumnEvent.last(
                                        Column.physicalColumn("flag", DataTypes.TINYINT()))));
        Schema before =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .primaryKey("id")
                        .build();

        assertThat(new SinkReadBack(new NoTinyInt(stored), table, before, addFlag).sinkHasIt())
                .isTrue();
        assertThat(new SinkReadBack(new NoTinyInt(before), table, before, addFlag).sinkHasIt())
                .isFalse();
    }

    /**
     * An adopted table keeps columns of its own that the pipeline never writes: they are neither
     * before nor after the change, and do not hide that the change is (or is not) there.
     */
    @Test
    void theTablesOwnColumnsAreNotCompared() {
        TableId table = TableId.tableId("db", "t");
        Schema before =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .primaryKey("id")
                        .build();
        AddColumnEvent addFlag =
                new AddColumnEvent(
                        table,
                        List.of(
                                AddColumnEvent.last(
                                        Column.physicalColumn("flag", DataTypes.SMALLINT()))));
        Schema withOwnColumn =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("note", DataTypes.STRING(), null, "'keep'")
                        .primaryKey("id")
                        .build();
        Schema withOwnColumnAndFlag =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("note", DataTypes.STRING(), null, "'keep'")
                        .physicalColumn("flag", DataTypes.SMALLINT())
                        .primaryKey("id")
                        .build();

        assertThat(
                        new SinkReadBack(
                                        new NoTinyInt(withOwnColumnAndFlag), table, before, addFlag)
                                .sinkHasIt())
                .isTrue();
        assertThat(
                        new SinkReadBack(new NoTinyInt(withOwnColumn), table, before, addFlag)
                                .sinkHasIt())
                .isFalse();
        assertThat(SinkReadBack.looksAsBefore(new NoTinyInt(withOwnColumn), table, before, addFlag))
                .as("a refused add left the table as it was")
                .isTrue();
        assertThat(
                        SinkReadBack.looksAsBefore(
                                new NoTinyInt(withOwnColumnAndFlag), table, before, addFlag))
                .isFalse();
    }

    /** A sink without TINYINT that has one table. */
    private static final class NoTinyInt implements ExistingTableSchemaExpansionSupport {
        private final Schema table;

        NoTinyInt(Schema table) {
            this.table = table;
        }

        @Override
        public Optional<Schema> getExistingTableSchema(TableId tableId) {
            return Optional.of(table);
        }

        @Override
        public DataType normalizeToTargetDataType(
                TableId tableId, String column, DataType pipelineType, Schema existing) {
            return pipelineType.getTypeRoot() == DataTypeRoot.TINYINT
                    ? DataTypes.SMALLINT()
                    : pipelineType;
        }

        @Override
        public boolean isColumnNameCaseSensitive() {
            return true;
        }
    }
}
