package dev.schemaop.behavior;

import static dev.schemaop.behavior.Fixtures.T;
import static dev.schemaop.behavior.Fixtures.add;
import static dev.schemaop.behavior.Fixtures.alter;
import static dev.schemaop.behavior.Fixtures.drop;
import static dev.schemaop.behavior.Fixtures.last;
import static dev.schemaop.behavior.Fixtures.rename;
import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.util.List;

class ApplyAllTest {

    static final Schema SCHEMA =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("region", DataTypes.STRING().notNull())
                    .physicalColumn("qty", DataTypes.INT())
                    .primaryKey("id", "region")
                    .partitionKey("region")
                    .build();

    @Test
    void appliesChangesInOrderAndKeepsKeysFollowingRenamesAndDrops() {
        Schema after =
                SchemaChanges.applyAll(
                        null,
                        List.of(
                                new CreateTableEvent(T, SCHEMA),
                                add(last("note", DataTypes.STRING())),
                                alter("qty", DataTypes.BIGINT()),
                                rename("region", "area"),
                                new TruncateTableEvent(T),
                                drop("id")));

        assertThat(after)
                .isEqualTo(
                        Schema.newBuilder()
                                .physicalColumn("area", DataTypes.STRING().notNull())
                                .physicalColumn("qty", DataTypes.BIGINT())
                                .physicalColumn("note", DataTypes.STRING())
                                .primaryKey("area")
                                .partitionKey("area")
                                .build());
    }

    @Test
    void aDroppedTableHasNoSchema() {
        assertThat(SchemaChanges.applyAll(SCHEMA, List.of(new DropTableEvent(T)))).isNull();
        assertThat(SchemaChanges.applyAll(SCHEMA, List.of())).isSameAs(SCHEMA);
    }
}
