package dev.schemaop.merge;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

class SchemaMergerTest {
    static final TableId SINK_TABLE = TableId.tableId("ods", "orders");

    @Test
    void eventsToHoldAddMissingColumnsInOneEventThenWidenInOneEvent() {
        Schema sink =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("qty", DataTypes.INT().notNull())
                        .physicalColumn("name", DataTypes.VARCHAR(10))
                        .physicalColumn("big", DataTypes.BIGINT())
                        .physicalColumn("sink_only", DataTypes.STRING())
                        .primaryKey("id")
                        .build();
        Schema upstream =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("x", DataTypes.DOUBLE().notNull())
                        .physicalColumn("name", DataTypes.VARCHAR(30).notNull())
                        .physicalColumn("big", DataTypes.INT())
                        .physicalColumn("qty", DataTypes.INT())
                        .physicalColumn("y", DataTypes.DATE(), "comment kept")
                        .primaryKey("id")
                        .build();
        Map<String, DataType> widened = new LinkedHashMap<>();
        widened.put("name", DataTypes.VARCHAR(30));
        widened.put("qty", DataTypes.INT());
        Map<String, DataType> old = new LinkedHashMap<>();
        old.put("name", DataTypes.VARCHAR(10));
        old.put("qty", DataTypes.INT().notNull());

        assertThat(SchemaMerger.eventsToHold(SINK_TABLE, sink, upstream))
                .containsExactly(
                        new AddColumnEvent(
                                SINK_TABLE,
                                List.of(
                                        AddColumnEvent.last(
                                                Column.physicalColumn("x", DataTypes.DOUBLE())),
                                        AddColumnEvent.last(
                                                Column.physicalColumn(
                                                        "y", DataTypes.DATE(), "comment kept")))),
                        new AlterColumnTypeEvent(SINK_TABLE, widened, old));
    }

    @Test
    void planToHoldReportsKeyColumnsAndLossyTypesInsteadOfChangingThem() {
        Schema sink =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("day", DataTypes.DATE().notNull())
                        .physicalColumn("v", DataTypes.BIGINT())
                        .primaryKey("id")
                        .partitionKey("day")
                        .build();
        Schema upstream =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.BIGINT().notNull())
                        .physicalColumn("day", DataTypes.DATE())
                        .physicalColumn("v", DataTypes.DOUBLE())
                        .primaryKey("id")
                        .build();

        HoldPlan plan = SchemaMerger.planToHold(SINK_TABLE, sink, upstream);

        assertThat(plan.events()).isEmpty();
        assertThat(plan.keyColumns())
                .containsExactly(
                        new TypeDifference(
                                "id", DataTypes.INT().notNull(), DataTypes.BIGINT().notNull()),
                        new TypeDifference("day", DataTypes.DATE().notNull(), DataTypes.DATE()));
        assertThat(plan.notWidenable())
                .containsExactly(new TypeDifference("v", DataTypes.BIGINT(), DataTypes.DOUBLE()));
        assertThat(plan.sinkAlreadyHolds()).isFalse();
    }

    @Test
    void aSinkThatHoldsEverythingNeedsNoEvents() {
        Schema sink =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.BIGINT().notNull())
                        .physicalColumn("extra", DataTypes.STRING())
                        .build();
        Schema upstream =
                Schema.newBuilder().physicalColumn("id", DataTypes.INT().notNull()).build();

        assertThat(SchemaMerger.planToHold(SINK_TABLE, sink, upstream).sinkAlreadyHolds()).isTrue();
        assertThat(SchemaMerger.eventsToHold(SINK_TABLE, sink, upstream)).isEmpty();
    }

    @Test
    void aNotNullSinkColumnThatTheUpstreamSchemaLacksBecomesNullable() {
        Schema sink =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("code", DataTypes.VARCHAR(8).notNull())
                        .physicalColumn("note", DataTypes.STRING())
                        .primaryKey("id")
                        .build();
        Schema upstream =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("qty", DataTypes.INT())
                        .primaryKey("id")
                        .build();

        // Rows of the upstream schema carry null in code: a NOT NULL column would reject them.
        assertThat(SchemaMerger.eventsToHold(SINK_TABLE, sink, upstream))
                .containsExactly(
                        new AddColumnEvent(
                                SINK_TABLE,
                                List.of(
                                        AddColumnEvent.last(
                                                Column.physicalColumn("qty", DataTypes.INT())))),
                        new AlterColumnTypeEvent(
                                SINK_TABLE,
                                Map.of("code", DataTypes.VARCHAR(8)),
                                Map.of("code", DataTypes.VARCHAR(8).notNull())));
    }

    @Test
    void mergingTypesWithoutACommonWiderTypeMakesTheColumnStringOnce() {
        Schema a =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("v", DataTypes.INT().notNull())
                        .physicalColumn("day", DataTypes.DATE())
                        .primaryKey("id")
                        .build();
        Schema b =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("v", DataTypes.VARCHAR(10))
                        .physicalColumn("day", DataTypes.INT())
                        .primaryKey("id")
                        .build();
        Map<String, DataType> merged = new LinkedHashMap<>();
        merged.put("v", DataTypes.STRING());
        merged.put("day", DataTypes.STRING());
        Map<String, DataType> old = new LinkedHashMap<>();
        old.put("v", DataTypes.INT().notNull());
        old.put("day", DataTypes.DATE());

        HoldPlan plan = SchemaMerger.planToMerge(SINK_TABLE, a, b);

        assertThat(plan.events())
                .containsExactly(new AlterColumnTypeEvent(SINK_TABLE, merged, old));
        assertThat(plan.notWidenable()).isEmpty();
        Schema asString =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("v", DataTypes.STRING())
                        .physicalColumn("day", DataTypes.STRING())
                        .primaryKey("id")
                        .build();
        assertThat(SchemaMerger.planToMerge(SINK_TABLE, asString, a).sinkAlreadyHolds())
                .as("a STRING column holds the text of either")
                .isTrue();
        assertThat(SchemaMerger.planToHold(SINK_TABLE, a, b).notWidenable())
                .as("only merges make a column STRING")
                .hasSize(2);
    }

    @Test
    void mergingNeverChangesAKeyColumn() {
        Schema a =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .primaryKey("id")
                        .build();
        Schema b =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.VARCHAR(10).notNull())
                        .primaryKey("id")
                        .build();

        HoldPlan plan = SchemaMerger.planToMerge(SINK_TABLE, a, b);

        assertThat(plan.events()).isEmpty();
        assertThat(plan.keyColumns())
                .containsExactly(
                        new TypeDifference(
                                "id", DataTypes.INT().notNull(), DataTypes.VARCHAR(10).notNull()));
    }
}
