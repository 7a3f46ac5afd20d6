package dev.schemaop.route;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

class SchemaMergerTest {
    static final TableId SINK_TABLE = TableId.tableId("ods", "orders");

    @Test
    void unionByNameInFirstSchemaOrderThenNewColumnsOfTheSecond() {
        Schema a =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("name", DataTypes.VARCHAR(10).notNull(), "customer name")
                        .physicalColumn("only_a", DataTypes.DATE().notNull())
                        .primaryKey("id")
                        .partitionKey("id")
                        .option("bucket", "4")
                        .build();
        Schema b =
                Schema.newBuilder()
                        .physicalColumn("only_b", DataTypes.BOOLEAN().notNull())
                        .physicalColumn("name", DataTypes.CHAR(20).notNull())
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .primaryKey("name")
                        .build();

        MergeResult merged = SchemaMerger.leastCommonSchema(a, b);

        assertThat(merged.isComplete()).isTrue();
        assertThat(merged.schema())
                .isEqualTo(
                        Schema.newBuilder()
                                .physicalColumn("id", DataTypes.INT().notNull())
                                .physicalColumn(
                                        "name", DataTypes.VARCHAR(20).notNull(), "customer name")
                                .physicalColumn("only_a", DataTypes.DATE())
                                .physicalColumn("only_b", DataTypes.BOOLEAN())
                                .primaryKey("id")
                                .partitionKey("id")
                                .option("bucket", "4")
                                .build());
    }

    @Test
    void commonWiderTypesAndNullability() {
        Schema a =
                Schema.newBuilder()
                        .physicalColumn("amount", DataTypes.DECIMAL(12, 2).notNull())
                        .physicalColumn("qty", DataTypes.INT().notNull())
                        .physicalColumn("ts", DataTypes.TIMESTAMP(3))
                        .build();
        Schema b =
                Schema.newBuilder()
                        .physicalColumn("amount", DataTypes.DECIMAL(12, 4).notNull())
                        .physicalColumn("qty", DataTypes.BIGINT())
                        .physicalColumn("ts", DataTypes.TIMESTAMP(6).notNull())
                        .build();

        Schema merged = SchemaMerger.leastCommonSchema(a, b).schema();

        assertThat(merged.getColumnDataTypes())
                .containsExactly(
                        DataTypes.DECIMAL(14, 4).notNull(),
                        DataTypes.BIGINT(),
                        DataTypes.TIMESTAMP(6));
    }

    @Test
    void typesWithoutACommonWiderTypeKeepTheFirstTypeAndAreReported() {
        Schema a =
                Schema.newBuilder()
                        .physicalColumn("v", DataTypes.BIGINT().notNull())
                        .physicalColumn("t", DataTypes.TIMESTAMP(3))
                        .physicalColumn("ok", DataTypes.INT())
                        .build();
        Schema b =
                Schema.newBuilder()
                        .physicalColumn("t", DataTypes.TIMESTAMP_LTZ(3))
                        .physicalColumn("v", DataTypes.FLOAT())
                        .physicalColumn("ok", DataTypes.SMALLINT())
                        .build();

        MergeResult merged = SchemaMerger.leastCommonSchema(a, b);

        assertThat(merged.unmergeableColumns()).containsExactly("v", "t");
        assertThat(merged.isComplete()).isFalse();
        assertThat(merged.schema().getColumnDataTypes())
                .containsExactly(
                        DataTypes.BIGINT().notNull(), DataTypes.TIMESTAMP(3), DataTypes.INT());
    }

    @Test
    void primaryKeyColumnsOfTheFirstSchemaStayNotNull() {
        Schema a =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .primaryKey("id")
                        .build();
        Schema b = Schema.newBuilder().physicalColumn("other", DataTypes.INT()).build();

        assertThat(SchemaMerger.leastCommonSchema(a, b).schema().getColumn("id").get().getType())
                .isEqualTo(DataTypes.INT().notNull());
    }

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
        Map<String, org.apache.flink.cdc.common.types.DataType> widened = new LinkedHashMap<>();
        widened.put("name", DataTypes.VARCHAR(30));
        widened.put("qty", DataTypes.INT());
        Map<String, org.apache.flink.cdc.common.types.DataType> old = new LinkedHashMap<>();
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
                        TypeDifference.of(
                                "id", DataTypes.INT().notNull(), DataTypes.BIGINT().notNull()),
                        TypeDifference.of("day", DataTypes.DATE().notNull(), DataTypes.DATE()));
        assertThat(plan.notWidenable())
                .containsExactly(TypeDifference.of("v", DataTypes.BIGINT(), DataTypes.DOUBLE()));
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
                                List.of(AddColumnEvent.last(Column.physicalColumn("qty", DataTypes.INT())))),
                        new AlterColumnTypeEvent(
                                SINK_TABLE,
                                Map.of("code", DataTypes.VARCHAR(8)),
                                Map.of("code", DataTypes.VARCHAR(8).notNull())));
    }
}
