package dev.schemaop.registry;

import static dev.schemaop.registry.RegistryFixtures.ORDERS_V1;
import static dev.schemaop.registry.RegistryFixtures.ORDERS_V2;
import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.Test;

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
}
