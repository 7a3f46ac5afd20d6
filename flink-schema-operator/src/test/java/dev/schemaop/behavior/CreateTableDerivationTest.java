package dev.schemaop.behavior;

import static dev.schemaop.behavior.Fixtures.ALL;
import static dev.schemaop.behavior.Fixtures.T;
import static dev.schemaop.behavior.Fixtures.add;
import static dev.schemaop.behavior.Fixtures.alterFrom;
import static dev.schemaop.behavior.Fixtures.last;
import static dev.schemaop.behavior.Fixtures.skipped;
import static dev.schemaop.behavior.SkipReason.ALREADY_PRESENT;
import static dev.schemaop.behavior.SkipReason.KEY_COLUMN;
import static dev.schemaop.behavior.SkipReason.NOT_WIDENABLE;
import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.util.List;

/** create.table of a table the sink already has: the sink is made to hold the new schema. */
class CreateTableDerivationTest {

    static final Schema SINK =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("qty", DataTypes.INT())
                    .physicalColumn("code", DataTypes.VARCHAR(10))
                    .physicalColumn("wide", DataTypes.BIGINT())
                    .primaryKey("id")
                    .build();

    @Test
    void addsMissingColumnsWidensOthersAndReportsKeysAndLossyTypes() {
        Schema upstream =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.BIGINT().notNull())
                        .physicalColumn("qty", DataTypes.BIGINT())
                        .physicalColumn("code", DataTypes.INT())
                        .physicalColumn("wide", DataTypes.SMALLINT())
                        .physicalColumn("extra", DataTypes.DOUBLE().notNull())
                        .primaryKey("id")
                        .build();

        for (SchemaChangeBehavior behavior :
                List.of(
                        SchemaChangeBehavior.EVOLVE,
                        SchemaChangeBehavior.TRY_EVOLVE,
                        SchemaChangeBehavior.LENIENT)) {
            // explicit-cast does not apply to existing tables: nothing narrows at creation.
            SchemaChangeDeriver deriver = new SchemaChangeDeriver(behavior, true, ALL);

            assertThat(deriver.derive(new CreateTableEvent(T, upstream), SINK))
                    .as(behavior.name())
                    .isEqualTo(
                            new Derivation(
                                    List.of(
                                            add(last("extra", DataTypes.DOUBLE())),
                                            alterFrom("qty", DataTypes.INT(), DataTypes.BIGINT())),
                                    List.of(
                                            skipped(
                                                    alterFrom(
                                                            "id",
                                                            DataTypes.INT().notNull(),
                                                            DataTypes.BIGINT().notNull()),
                                                    KEY_COLUMN),
                                            skipped(
                                                    alterFrom(
                                                            "code",
                                                            DataTypes.VARCHAR(10),
                                                            DataTypes.INT()),
                                                    NOT_WIDENABLE))));
        }
    }

    @Test
    void aSinkThatAlreadyHoldsTheSchemaNeedsNothing() {
        Schema narrower =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("wide", DataTypes.INT().notNull())
                        .primaryKey("id")
                        .build();
        CreateTableEvent create = new CreateTableEvent(T, narrower);

        for (SchemaChangeBehavior behavior : SchemaChangeBehavior.values()) {
            assertThat(new SchemaChangeDeriver(behavior, false, ALL).derive(create, SINK))
                    .as(behavior.name())
                    .isEqualTo(
                            new Derivation(List.of(), List.of(skipped(create, ALREADY_PRESENT))));
        }
    }
}
