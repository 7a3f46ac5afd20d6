package dev.schemaop.expansion;

import static org.apache.flink.cdc.common.types.DataTypes.BIGINT;
import static org.apache.flink.cdc.common.types.DataTypes.DECIMAL;
import static org.apache.flink.cdc.common.types.DataTypes.DOUBLE;
import static org.apache.flink.cdc.common.types.DataTypes.INT;
import static org.apache.flink.cdc.common.types.DataTypes.SMALLINT;
import static org.apache.flink.cdc.common.types.DataTypes.STRING;
import static org.apache.flink.cdc.common.types.DataTypes.TINYINT;
import static org.apache.flink.cdc.common.types.DataTypes.VARCHAR;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.api.UnwrittenColumns;
import dev.schemaop.expansion.Difference.Reason;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypeRoot;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

class TableComparisonTest {
    private static final TableId ORDERS = TableId.tableId("shop", "orders");

    /** A sink like PostgreSQL: no TINYINT, names case sensitive. */
    private static final SinkTableDescription CASE_SENSITIVE =
            description(true, type -> type.is(DataTypeRoot.TINYINT) ? SMALLINT() : type);

    /** A sink like MariaDB: types as they are, names not case sensitive. */
    private static final SinkTableDescription IGNORING_CASE = description(false, type -> type);

    /** A sink like Paimon: rows written whole, a column the pipeline lacks null in each. */
    private static final SinkTableDescription WHOLE_ROWS =
            new SinkTableDescription() {
                @Override
                public DataType normalize(String column, DataType pipelineType) {
                    return pipelineType;
                }

                @Override
                public boolean caseSensitive() {
                    return true;
                }

                @Override
                public UnwrittenColumns unwrittenColumns() {
                    return UnwrittenColumns.WRITTEN_AS_NULL;
                }
            };

    private static SinkTableDescription description(
            boolean caseSensitive, UnaryOperator<DataType> normalize) {
        return new SinkTableDescription() {
            @Override
            public DataType normalize(String column, DataType pipelineType) {
                DataType normalized = normalize.apply(pipelineType.copy(true));
                return normalized.isNullable()
                        ? normalized.copy(pipelineType.isNullable())
                        : normalized;
            }

            @Override
            public boolean caseSensitive() {
                return caseSensitive;
            }
        };
    }

    private static final Schema UPSTREAM =
            Schema.newBuilder()
                    .physicalColumn("id", INT().notNull())
                    .physicalColumn("qty", INT())
                    .physicalColumn("name", VARCHAR(50))
                    .physicalColumn("price", DECIMAL(12, 4))
                    .physicalColumn("note", STRING())
                    .primaryKey("id")
                    .build();

    private static ExpansionPlan compare(Schema target) {
        return TableComparison.compare(ORDERS, UPSTREAM, target, CASE_SENSITIVE);
    }

    @Test
    void aTableWithEveryColumnAndTheKeyIsCompatible() {
        Schema target =
                Schema.newBuilder()
                        .physicalColumn("id", BIGINT().notNull())
                        .physicalColumn("qty", BIGINT())
                        .physicalColumn("extra", INT().notNull(), null, "0")
                        .physicalColumn("name", VARCHAR(60))
                        .physicalColumn("price", DECIMAL(14, 4))
                        .physicalColumn("note", STRING())
                        .physicalColumn("legacy", STRING())
                        .primaryKey("id")
                        .build();

        ExpansionPlan plan = compare(target);

        assertThat(plan.compatible()).isTrue();
        assertThat(plan.ddl()).isEmpty();
        assertThat(plan.adopted())
                .as("the table's own columns are left out: the writers never name them")
                .isEqualTo(
                        Schema.newBuilder()
                                .physicalColumn("id", BIGINT().notNull())
                                .physicalColumn("qty", BIGINT())
                                .physicalColumn("name", VARCHAR(60))
                                .physicalColumn("price", DECIMAL(14, 4))
                                .physicalColumn("note", STRING())
                                .primaryKey("id")
                                .build());
        assertThat(plan.unwritten())
                .containsExactly(
                        Column.physicalColumn("extra", INT().notNull(), null, "0"),
                        Column.physicalColumn("legacy", STRING()));
    }

    @Test
    void aNotNullColumnThePipelineDoesNotWriteRefusesEveryRowWithoutADefault() {
        Schema target =
                Schema.newBuilder()
                        .physicalColumn("id", INT().notNull())
                        .physicalColumn("qty", INT())
                        .physicalColumn("name", VARCHAR(50))
                        .physicalColumn("price", DECIMAL(12, 4))
                        .physicalColumn("note", STRING())
                        .physicalColumn("status", STRING().notNull())
                        .physicalColumn("created", INT().notNull(), null, "0")
                        .primaryKey("id")
                        .build();

        ExpansionPlan plan = compare(target);

        assertThat(plan.differences())
                .containsExactly(
                        new Difference(
                                "status", null, STRING().notNull(), Reason.UNWRITTEN_NOT_NULL));
        assertThat(plan.repairable()).isFalse();
        assertThat(plan.refusesEveryRow()).isTrue();
        assertThat(DifferenceReport.of(plan, ExpansionMode.CHECK))
                .contains(
                        "column status: upstream (none), target STRING NOT NULL: the pipeline"
                                + " does not write this NOT NULL column and the sink gives it no"
                                + " value: every row the pipeline writes would be refused")
                .contains("ALTER TABLE \"shop\".\"orders\" ALTER COLUMN \"status\" DROP NOT NULL;");
    }

    /** M8: a column the table computes refuses the values the pipeline writes into it. */
    @Test
    void aGeneratedColumnThePipelineWritesRefusesEveryRow() {
        Schema target =
                Schema.newBuilder()
                        .physicalColumn("id", INT().notNull(), null, "GENERATED ALWAYS AS IDENTITY")
                        .physicalColumn("qty", INT())
                        .physicalColumn("name", VARCHAR(50))
                        .physicalColumn("price", DECIMAL(12, 4))
                        .physicalColumn("note", STRING(), null, "GENERATED BY DEFAULT AS IDENTITY")
                        .primaryKey("id")
                        .build();

        ExpansionPlan plan = compare(target);

        assertThat(plan.differences())
                .containsExactly(
                        new Difference(
                                "id", INT().notNull(), INT().notNull(), Reason.GENERATED_COLUMN));
        assertThat(plan.refusesEveryRow()).isTrue();
    }

    @Test
    void onASinkThatWritesWholeRowsEveryNotNullColumnThePipelineDoesNotWriteRefusesRows() {
        Schema target =
                Schema.newBuilder()
                        .physicalColumn("id", INT().notNull())
                        .physicalColumn("qty", INT())
                        .physicalColumn("name", VARCHAR(50))
                        .physicalColumn("price", DECIMAL(12, 4))
                        .physicalColumn("note", STRING())
                        .physicalColumn("created", INT().notNull(), null, "0")
                        .physicalColumn("legacy", INT())
                        .primaryKey("id")
                        .build();

        ExpansionPlan plan = TableComparison.compare(ORDERS, UPSTREAM, target, WHOLE_ROWS);

        assertThat(plan.differences())
                .containsExactly(
                        new Difference(
                                "created", null, INT().notNull(), Reason.UNWRITTEN_NOT_NULL));
    }

    @Test
    void missingColumnsAreAddedNullableAtTheEndAndNarrowerTypesWidenedWithTheirOldTypes() {
        Schema target =
                Schema.newBuilder()
                        .physicalColumn("id", INT().notNull())
                        .physicalColumn("qty", SMALLINT())
                        .physicalColumn("name", VARCHAR(10))
                        .physicalColumn("price", DECIMAL(10, 2))
                        .primaryKey("id")
                        .build();

        ExpansionPlan plan = compare(target);

        assertThat(plan.differences())
                .containsExactly(
                        new Difference("qty", INT(), SMALLINT(), Reason.NARROWER_TYPE),
                        new Difference("name", VARCHAR(50), VARCHAR(10), Reason.NARROWER_TYPE),
                        new Difference(
                                "price", DECIMAL(12, 4), DECIMAL(10, 2), Reason.NARROWER_TYPE),
                        new Difference("note", STRING(), null, Reason.MISSING_COLUMN));
        assertThat(plan.repairable()).isTrue();
        assertThat(plan.ddl())
                .containsExactly(
                        new AddColumnEvent(
                                ORDERS,
                                List.of(
                                        AddColumnEvent.last(
                                                Column.physicalColumn("note", STRING())))),
                        new AlterColumnTypeEvent(
                                ORDERS,
                                Map.of("qty", INT(), "name", VARCHAR(50), "price", DECIMAL(12, 4)),
                                Map.of(
                                        "qty",
                                        SMALLINT(),
                                        "name",
                                        VARCHAR(10),
                                        "price",
                                        DECIMAL(10, 2))));
    }

    @Test
    void aWideningToATypeHoldingNeitherAloneIsTheCommonWiderType() {
        Schema upstream =
                Schema.newBuilder()
                        .physicalColumn("id", INT().notNull())
                        .physicalColumn("amount", DECIMAL(10, 4))
                        .primaryKey("id")
                        .build();
        Schema target =
                Schema.newBuilder()
                        .physicalColumn("id", INT().notNull())
                        .physicalColumn("amount", DECIMAL(12, 2))
                        .primaryKey("id")
                        .build();

        ExpansionPlan plan = TableComparison.compare(ORDERS, upstream, target, CASE_SENSITIVE);

        assertThat(plan.widenColumns().getTypeMapping())
                .isEqualTo(Map.of("amount", DECIMAL(14, 4)));
    }

    @Test
    void aTypeNoWiderTypeHoldsTogetherWithTheTablesIsIncompatible() {
        Schema target =
                Schema.newBuilder()
                        .physicalColumn("id", INT().notNull())
                        .physicalColumn("qty", INT())
                        .physicalColumn("name", VARCHAR(50))
                        .physicalColumn("price", DOUBLE())
                        .physicalColumn("note", STRING())
                        .primaryKey("id")
                        .build();

        ExpansionPlan plan = compare(target);

        assertThat(plan.differences())
                .containsExactly(
                        new Difference(
                                "price", DECIMAL(12, 4), DOUBLE(), Reason.INCOMPATIBLE_TYPE));
        assertThat(plan.repairable()).isFalse();
        assertThat(plan.ddl()).isEmpty();
    }

    @Test
    void aNullableColumnMeetingANotNullColumnIsIncompatible() {
        Schema target =
                Schema.newBuilder()
                        .physicalColumn("id", INT().notNull())
                        .physicalColumn("qty", INT().notNull())
                        .physicalColumn("name", VARCHAR(50))
                        .physicalColumn("price", DECIMAL(12, 4))
                        .physicalColumn("note", STRING())
                        .primaryKey("id")
                        .build();

        ExpansionPlan plan = compare(target);

        assertThat(plan.differences())
                .containsExactly(
                        new Difference(
                                "qty", INT(), INT().notNull(), Reason.NULLABLE_INTO_NOT_NULL));
        assertThat(plan.repairable()).isFalse();
    }

    @Test
    void aDifferentPrimaryKeyAndAMissingKeyColumnAreNotRepairable() {
        Schema target =
                Schema.newBuilder()
                        .physicalColumn("code", INT().notNull())
                        .physicalColumn("qty", INT())
                        .physicalColumn("name", VARCHAR(50))
                        .physicalColumn("price", DECIMAL(12, 4))
                        .physicalColumn("note", STRING())
                        .primaryKey("code")
                        .build();

        ExpansionPlan plan = compare(target);

        assertThat(plan.differences())
                .containsExactly(
                        new Difference("id", INT().notNull(), null, Reason.MISSING_KEY_COLUMN),
                        new Difference("(id) vs (code)", null, null, Reason.PRIMARY_KEY),
                        new Difference("code", null, INT().notNull(), Reason.UNWRITTEN_KEY_COLUMN));
        assertThat(plan.keysDiffer()).isTrue();
        assertThat(plan.addColumns()).as("a key column is never added").isNull();
    }

    @Test
    void keysAreComparedWithoutPartitionColumnsOnBothSides() {
        Schema upstream =
                Schema.newBuilder()
                        .physicalColumn("id", INT().notNull())
                        .physicalColumn("day", STRING().notNull())
                        .primaryKey("id")
                        .build();
        Schema target =
                Schema.newBuilder()
                        .physicalColumn("id", INT().notNull())
                        .physicalColumn("day", STRING().notNull())
                        .primaryKey("id", "day")
                        .partitionKey("day")
                        .build();

        ExpansionPlan plan = TableComparison.compare(ORDERS, upstream, target, CASE_SENSITIVE);

        assertThat(plan.compatible())
                .as("a partitioned target that stores its partition column in the key")
                .isTrue();
    }

    @Test
    void partitionKeysCountOnlyWhenThePipelineDeclaresThem() {
        Schema declared =
                Schema.newBuilder()
                        .physicalColumn("id", INT().notNull())
                        .physicalColumn("day", STRING().notNull())
                        .primaryKey("id", "day")
                        .partitionKey("day")
                        .build();
        Schema unpartitioned =
                Schema.newBuilder()
                        .physicalColumn("id", INT().notNull())
                        .physicalColumn("day", STRING().notNull())
                        .primaryKey("id")
                        .build();

        assertThat(
                        TableComparison.compare(ORDERS, declared, unpartitioned, CASE_SENSITIVE)
                                .differences())
                .containsExactly(new Difference("(day) vs ()", null, null, Reason.PARTITION_KEYS));
    }

    @Test
    void theSinksNormalizationDecidesWhatHolds() {
        Schema upstream =
                Schema.newBuilder()
                        .physicalColumn("id", INT().notNull())
                        .physicalColumn("flag", TINYINT())
                        .primaryKey("id")
                        .build();
        Schema target =
                Schema.newBuilder()
                        .physicalColumn("id", INT().notNull())
                        .physicalColumn("flag", SMALLINT())
                        .primaryKey("id")
                        .build();

        assertThat(TableComparison.compare(ORDERS, upstream, target, CASE_SENSITIVE).compatible())
                .as("TINYINT is created as SMALLINT there")
                .isTrue();
    }

    @Test
    void caseDecidesWhetherAColumnIsThere() {
        Schema upstream =
                Schema.newBuilder()
                        .physicalColumn("id", INT().notNull())
                        .physicalColumn("Name", VARCHAR(10))
                        .primaryKey("id")
                        .build();
        Schema target =
                Schema.newBuilder()
                        .physicalColumn("id", INT().notNull())
                        .physicalColumn("name", VARCHAR(10))
                        .primaryKey("id")
                        .build();

        assertThat(TableComparison.compare(ORDERS, upstream, target, IGNORING_CASE).compatible())
                .isTrue();
        assertThat(TableComparison.compare(ORDERS, upstream, target, CASE_SENSITIVE).differences())
                .containsExactly(new Difference("Name", VARCHAR(10), null, Reason.MISSING_COLUMN));
    }

    @Test
    void namesThatClashIgnoringCaseAreIncompatibleOnASinkThatIgnoresCase() {
        Schema upstream =
                Schema.newBuilder()
                        .physicalColumn("id", INT().notNull())
                        .physicalColumn("Name", VARCHAR(10))
                        .physicalColumn("name", VARCHAR(10))
                        .primaryKey("id")
                        .build();
        Schema target =
                Schema.newBuilder()
                        .physicalColumn("id", INT().notNull())
                        .physicalColumn("name", VARCHAR(10))
                        .primaryKey("id")
                        .build();

        ExpansionPlan plan = TableComparison.compare(ORDERS, upstream, target, IGNORING_CASE);

        assertThat(plan.differences())
                .contains(new Difference("Name, name", null, null, Reason.NAME_CLASH));
        assertThat(plan.repairable()).isFalse();
    }

    @Test
    void theCheckReportListsEveryDifferenceAndTheRepairStatements() {
        Schema target =
                Schema.newBuilder()
                        .physicalColumn("id", INT().notNull())
                        .physicalColumn("qty", SMALLINT().notNull())
                        .physicalColumn("name", VARCHAR(10))
                        .physicalColumn("price", DOUBLE())
                        .primaryKey("id")
                        .build();

        String report = DifferenceReport.of(compare(target), ExpansionMode.CHECK);

        assertThat(report)
                .isEqualTo(
                        String.join(
                                System.lineSeparator(),
                                "The existing sink table shop.orders does not hold what the"
                                        + " pipeline sends (existing-table.schema-expansion.mode:"
                                        + " CHECK); 5 differences:",
                                "  - column qty: upstream INT, target SMALLINT NOT NULL: the"
                                        + " upstream column is nullable, the table's is NOT NULL",
                                "  - column qty: upstream INT, target SMALLINT NOT NULL: the"
                                        + " table's type is narrower; widening it holds both",
                                "  - column name: upstream VARCHAR(50), target VARCHAR(10): the"
                                        + " table's type is narrower; widening it holds both",
                                "  - column price: upstream DECIMAL(12, 4), target DOUBLE: the"
                                        + " table's type does not hold the upstream type and no"
                                        + " wider type holds both",
                                "  - column note: upstream STRING, target (none): the table has"
                                        + " no such column",
                                "Suggested repair statements (review and adjust to the target"
                                        + " system's DDL dialect):",
                                "  ALTER TABLE \"shop\".\"orders\" ADD COLUMN \"note\" STRING;",
                                "  ALTER TABLE \"shop\".\"orders\" ALTER COLUMN \"qty\" TYPE INT;",
                                "  ALTER TABLE \"shop\".\"orders\" ALTER COLUMN \"name\" TYPE"
                                        + " VARCHAR(50);",
                                "  ALTER TABLE \"shop\".\"orders\" ALTER COLUMN \"qty\" DROP NOT"
                                        + " NULL;"));
    }

    @Test
    void checkOnAMissingTableSaysItNeverCreatesTables() {
        assertThat(DifferenceReport.missingTable(ORDERS))
                .isEqualTo(
                        "The sink has no table shop.orders, and"
                                + " existing-table.schema-expansion.mode CHECK never creates"
                                + " tables: create it first (with the columns the pipeline"
                                + " sends), or use TRY_EXPAND or EXPAND, which let the sink"
                                + " create it.");
    }

    @Test
    void onASinkThatIgnoresCaseTheTableIsAdoptedWithTheUpstreamSpelling() {
        Schema upstream =
                Schema.newBuilder()
                        .physicalColumn("OrderId", INT().notNull())
                        .physicalColumn("Qty", INT())
                        .primaryKey("OrderId")
                        .build();
        Schema target =
                Schema.newBuilder()
                        .physicalColumn("orderid", INT().notNull())
                        .physicalColumn("qty", SMALLINT())
                        .physicalColumn("extra", STRING())
                        .primaryKey("orderid")
                        .build();

        ExpansionPlan plan = TableComparison.compare(ORDERS, upstream, target, IGNORING_CASE);

        assertThat(plan.adopted())
                .as("rows and later changes name the upstream spelling; the sink takes either")
                .isEqualTo(
                        Schema.newBuilder()
                                .physicalColumn("OrderId", INT().notNull())
                                .physicalColumn("Qty", SMALLINT())
                                .primaryKey("OrderId")
                                .build());
        assertThat(plan.widenColumns().getTypeMapping()).isEqualTo(Map.of("Qty", INT()));
    }

    @Test
    void aTypeTheSinkWouldConvertButThePipelineCannotIsIncompatible() {
        SinkTableDescription booleansAsTinyints =
                description(true, type -> type.is(DataTypeRoot.BOOLEAN) ? TINYINT() : type);
        Schema upstream =
                Schema.newBuilder()
                        .physicalColumn("id", INT().notNull())
                        .physicalColumn("flag", DataTypes.BOOLEAN())
                        .primaryKey("id")
                        .build();
        Schema target =
                Schema.newBuilder()
                        .physicalColumn("id", INT().notNull())
                        .physicalColumn("flag", TINYINT())
                        .primaryKey("id")
                        .build();

        ExpansionPlan plan = TableComparison.compare(ORDERS, upstream, target, booleansAsTinyints);

        assertThat(plan.differences())
                .as("adopted, every flag would be null")
                .containsExactly(
                        new Difference("flag", TINYINT(), TINYINT(), Reason.INCOMPATIBLE_TYPE));
    }

    @Test
    void aKeyThatHoldsTheTargetsPartitionColumnMatchesOnBothSides() {
        Schema upstream =
                Schema.newBuilder()
                        .physicalColumn("id", INT().notNull())
                        .physicalColumn("dt", VARCHAR(10).notNull())
                        .primaryKey("id", "dt")
                        .build();
        Schema target =
                Schema.newBuilder()
                        .physicalColumn("id", INT().notNull())
                        .physicalColumn("dt", VARCHAR(10).notNull())
                        .primaryKey("id", "dt")
                        .partitionKey("dt")
                        .build();

        assertThat(TableComparison.compare(ORDERS, upstream, target, CASE_SENSITIVE).compatible())
                .isTrue();
    }

    @Test
    void aPartitionColumnOfTheTargetIsNeverWidened() {
        Schema upstream =
                Schema.newBuilder()
                        .physicalColumn("id", INT().notNull())
                        .physicalColumn("dt", STRING().notNull())
                        .primaryKey("id")
                        .build();
        Schema target =
                Schema.newBuilder()
                        .physicalColumn("id", INT().notNull())
                        .physicalColumn("dt", VARCHAR(10).notNull())
                        .primaryKey("id", "dt")
                        .partitionKey("dt")
                        .build();

        ExpansionPlan plan = TableComparison.compare(ORDERS, upstream, target, CASE_SENSITIVE);

        assertThat(plan.differences())
                .containsExactly(
                        new Difference(
                                "dt",
                                STRING().notNull(),
                                VARCHAR(10).notNull(),
                                Reason.KEY_COLUMN_TYPE));
        assertThat(plan.ddl()).isEmpty();
    }

    @Test
    void nullabilityIsTheUpstreamColumnsNotTheNormalizedTypes() {
        SinkTableDescription everythingNotNull = description(true, type -> type.copy(false));
        Schema target =
                Schema.newBuilder()
                        .physicalColumn("id", INT().notNull())
                        .physicalColumn("qty", INT())
                        .physicalColumn("name", VARCHAR(50))
                        .physicalColumn("price", DECIMAL(12, 4))
                        .physicalColumn("note", STRING())
                        .primaryKey("id")
                        .build();

        assertThat(
                        TableComparison.compare(ORDERS, UPSTREAM, target, everythingNotNull)
                                .compatible())
                .isTrue();
    }
}
