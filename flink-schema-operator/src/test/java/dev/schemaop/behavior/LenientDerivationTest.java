package dev.schemaop.behavior;

import static dev.schemaop.behavior.Fixtures.ALL;
import static dev.schemaop.behavior.Fixtures.T;
import static dev.schemaop.behavior.Fixtures.add;
import static dev.schemaop.behavior.Fixtures.allBut;
import static dev.schemaop.behavior.Fixtures.alter;
import static dev.schemaop.behavior.Fixtures.alterFrom;
import static dev.schemaop.behavior.Fixtures.alterWithOld;
import static dev.schemaop.behavior.Fixtures.drop;
import static dev.schemaop.behavior.Fixtures.last;
import static dev.schemaop.behavior.Fixtures.pairs;
import static dev.schemaop.behavior.Fixtures.rename;
import static dev.schemaop.behavior.Fixtures.skipped;
import static dev.schemaop.behavior.SkipReason.ALREADY_PRESENT;
import static dev.schemaop.behavior.SkipReason.KEY_COLUMN;
import static dev.schemaop.behavior.SkipReason.NOT_ACCEPTED;
import static org.apache.flink.cdc.common.event.SchemaChangeEventType.RENAME_COLUMN;
import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** LENIENT's rewriting of column changes (SPEC §3), rule by rule. */
class LenientDerivationTest {

    /**
     * id INT NOT NULL (primary key), region VARCHAR(8) NOT NULL (partition key), qty INT, price
     * DECIMAL(10, 2) NOT NULL, birthday DATE NOT NULL, birthday_date VARCHAR(10), code VARCHAR(10),
     * big BIGINT.
     */
    static final Schema SINK =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("region", DataTypes.VARCHAR(8).notNull())
                    .physicalColumn("qty", DataTypes.INT())
                    .physicalColumn("price", DataTypes.DECIMAL(10, 2).notNull())
                    .physicalColumn("birthday", DataTypes.DATE().notNull())
                    .physicalColumn("birthday_date", DataTypes.VARCHAR(10))
                    .physicalColumn("code", DataTypes.VARCHAR(10))
                    .physicalColumn("big", DataTypes.BIGINT())
                    .primaryKey("id")
                    .partitionKey("region")
                    .build();

    private static Derivation lenient(SchemaChangeEvent change) {
        return new SchemaChangeDeriver(SchemaChangeBehavior.LENIENT, false, ALL)
                .derive(change, SINK);
    }

    private static Derivation applies(SchemaChangeEvent... events) {
        return new Derivation(List.of(events), List.of());
    }

    private static Derivation skips(SchemaChangeEvent event, SkipReason reason) {
        return new Derivation(List.of(), List.of(skipped(event, reason)));
    }

    static Stream<Arguments> alterColumnType() {
        return Stream.of(
                Arguments.of(
                        "widened to the new type",
                        alter("qty", DataTypes.BIGINT()),
                        applies(alterFrom("qty", DataTypes.INT(), DataTypes.BIGINT()))),
                Arguments.of(
                        "widened to the common wider type, not the new one",
                        alter("price", DataTypes.DECIMAL(9, 4)),
                        applies(
                                alterFrom(
                                        "price",
                                        DataTypes.DECIMAL(10, 2).notNull(),
                                        DataTypes.DECIMAL(12, 4)))),
                Arguments.of(
                        "sink type already wider",
                        alter("big", DataTypes.INT()),
                        skips(
                                alterFrom("big", DataTypes.BIGINT(), DataTypes.INT()),
                                ALREADY_PRESENT)),
                Arguments.of(
                        "same type",
                        alter("qty", DataTypes.INT()),
                        skips(alterFrom("qty", DataTypes.INT(), DataTypes.INT()), ALREADY_PRESENT)),
                Arguments.of(
                        "primary key column",
                        alter("id", DataTypes.BIGINT().notNull()),
                        skips(
                                alterFrom(
                                        "id",
                                        DataTypes.INT().notNull(),
                                        DataTypes.BIGINT().notNull()),
                                KEY_COLUMN)),
                Arguments.of(
                        "partition key column",
                        alter("region", DataTypes.VARCHAR(16).notNull()),
                        skips(
                                alterFrom(
                                        "region",
                                        DataTypes.VARCHAR(8).notNull(),
                                        DataTypes.VARCHAR(16).notNull()),
                                KEY_COLUMN)),
                Arguments.of(
                        "lossy, NOT NULL, name clash: made nullable, renamed with _2, added",
                        alter("birthday", DataTypes.TIMESTAMP(3)),
                        applies(
                                alterFrom("birthday", DataTypes.DATE().notNull(), DataTypes.DATE()),
                                new RenameColumnEvent(T, Map.of("birthday", "birthday_date_2")),
                                add(last("birthday", DataTypes.TIMESTAMP(3))))),
                Arguments.of(
                        "lossy, nullable: renamed with the old type root, added nullable",
                        alter("code", DataTypes.INT().notNull()),
                        applies(
                                new RenameColumnEvent(T, Map.of("code", "code_varchar")),
                                add(last("code", DataTypes.INT())))),
                Arguments.of(
                        "column the sink lacks: added",
                        alter("discount", DataTypes.DOUBLE().notNull()),
                        applies(add(last("discount", DataTypes.DOUBLE())))),
                Arguments.of(
                        "several columns: one widening, one conversion, one already wide",
                        alter(
                                "qty",
                                DataTypes.BIGINT(),
                                "code",
                                DataTypes.INT(),
                                "big",
                                DataTypes.INT()),
                        new Derivation(
                                List.of(
                                        alterFrom("qty", DataTypes.INT(), DataTypes.BIGINT()),
                                        new RenameColumnEvent(T, Map.of("code", "code_varchar")),
                                        add(last("code", DataTypes.INT()))),
                                List.of(
                                        skipped(
                                                alterFrom(
                                                        "big", DataTypes.BIGINT(), DataTypes.INT()),
                                                ALREADY_PRESENT)))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("alterColumnType")
    void alterColumnType(String rule, SchemaChangeEvent change, Derivation expected) {
        assertThat(lenient(change)).isEqualTo(expected);
    }

    @Test
    void explicitCastAppliesALossyChangeAsIs() {
        SchemaChangeDeriver deriver =
                new SchemaChangeDeriver(SchemaChangeBehavior.LENIENT, true, ALL);

        assertThat(deriver.derive(alter("code", DataTypes.INT()), SINK))
                .isEqualTo(applies(alterFrom("code", DataTypes.VARCHAR(10), DataTypes.INT())));
        // Widening still widens to the common wider type, and keys still stay.
        assertThat(deriver.derive(alter("price", DataTypes.DECIMAL(9, 4)), SINK))
                .isEqualTo(
                        applies(
                                alterFrom(
                                        "price",
                                        DataTypes.DECIMAL(10, 2).notNull(),
                                        DataTypes.DECIMAL(12, 4))));
        assertThat(deriver.derive(alter("id", DataTypes.STRING()), SINK))
                .isEqualTo(
                        skips(
                                alterFrom("id", DataTypes.INT().notNull(), DataTypes.STRING()),
                                KEY_COLUMN));
    }

    @Test
    void aConversionIsSkippedWholeWhenRenameIsNotAccepted() {
        SchemaChangeDeriver deriver =
                new SchemaChangeDeriver(SchemaChangeBehavior.LENIENT, false, allBut(RENAME_COLUMN));

        Derivation derivation =
                deriver.derive(
                        alter("birthday", DataTypes.TIMESTAMP(3), "qty", DataTypes.BIGINT()), SINK);

        assertThat(derivation)
                .isEqualTo(
                        new Derivation(
                                List.of(alterFrom("qty", DataTypes.INT(), DataTypes.BIGINT())),
                                List.of(
                                        skipped(
                                                alterFrom(
                                                        "birthday",
                                                        DataTypes.DATE().notNull(),
                                                        DataTypes.DATE()),
                                                NOT_ACCEPTED),
                                        skipped(
                                                new RenameColumnEvent(
                                                        T, Map.of("birthday", "birthday_date_2")),
                                                NOT_ACCEPTED),
                                        skipped(
                                                add(last("birthday", DataTypes.TIMESTAMP(3))),
                                                NOT_ACCEPTED))));
    }

    @Test
    void clashSuffixesCountUpAndTakeNamesOfTheSameDerivationIntoAccount() {
        Schema sink =
                Schema.newBuilder()
                        .physicalColumn("a", DataTypes.DATE())
                        .physicalColumn("a_date", DataTypes.INT())
                        .physicalColumn("a_date_2", DataTypes.INT())
                        .build();
        SchemaChangeDeriver deriver =
                new SchemaChangeDeriver(SchemaChangeBehavior.LENIENT, false, ALL);

        assertThat(deriver.derive(alter("a", DataTypes.BOOLEAN()), sink))
                .isEqualTo(
                        applies(
                                new RenameColumnEvent(T, Map.of("a", "a_date_3")),
                                add(last("a", DataTypes.BOOLEAN()))));
    }

    static Stream<Arguments> addColumn() {
        return Stream.of(
                Arguments.of(
                        "new NOT NULL column, positioned first: nullable, at the end",
                        add(
                                AddColumnEvent.first(
                                        Column.physicalColumn(
                                                "email", DataTypes.STRING().notNull()))),
                        applies(add(last("email", DataTypes.STRING())))),
                Arguments.of(
                        "existing with the same type",
                        add(last("qty", DataTypes.INT())),
                        skips(add(last("qty", DataTypes.INT())), ALREADY_PRESENT)),
                Arguments.of(
                        "existing with a type that holds it",
                        add(last("big", DataTypes.INT().notNull())),
                        skips(add(last("big", DataTypes.INT().notNull())), ALREADY_PRESENT)),
                Arguments.of(
                        "existing with a narrower type: widened",
                        add(last("qty", DataTypes.BIGINT())),
                        applies(alterFrom("qty", DataTypes.INT(), DataTypes.BIGINT()))),
                Arguments.of(
                        "existing with a type it cannot widen to: converted",
                        add(last("code", DataTypes.INT())),
                        applies(
                                new RenameColumnEvent(T, Map.of("code", "code_varchar")),
                                add(last("code", DataTypes.INT())))),
                Arguments.of(
                        "several: new ones in one event, then the alteration",
                        add(
                                last("qty", DataTypes.BIGINT()),
                                last("n1", DataTypes.INT()),
                                last("big", DataTypes.INT()),
                                last("n2", DataTypes.DATE().notNull())),
                        new Derivation(
                                List.of(
                                        add(
                                                last("n1", DataTypes.INT()),
                                                last("n2", DataTypes.DATE())),
                                        alterFrom("qty", DataTypes.INT(), DataTypes.BIGINT())),
                                List.of(
                                        skipped(
                                                add(last("big", DataTypes.INT())),
                                                ALREADY_PRESENT)))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("addColumn")
    void addColumn(String rule, SchemaChangeEvent change, Derivation expected) {
        assertThat(lenient(change)).isEqualTo(expected);
    }

    static Stream<Arguments> renameColumn() {
        return Stream.of(
                Arguments.of(
                        "NOT NULL column: new name added nullable, old made nullable",
                        rename("price", "amount"),
                        applies(
                                add(last("amount", DataTypes.DECIMAL(10, 2))),
                                alterFrom(
                                        "price",
                                        DataTypes.DECIMAL(10, 2).notNull(),
                                        DataTypes.DECIMAL(10, 2)))),
                Arguments.of(
                        "nullable column: only the new name",
                        rename("qty", "quantity"),
                        applies(add(last("quantity", DataTypes.INT())))),
                Arguments.of(
                        "new name exists, old NOT NULL: only the nullable alteration",
                        rename("price", "code"),
                        applies(
                                alterFrom(
                                        "price",
                                        DataTypes.DECIMAL(10, 2).notNull(),
                                        DataTypes.DECIMAL(10, 2)))),
                Arguments.of(
                        "new name exists, old nullable: nothing",
                        rename("qty", "big"),
                        skips(rename("qty", "big"), ALREADY_PRESENT)),
                Arguments.of(
                        "already renamed",
                        rename("gone", "qty"),
                        skips(rename("gone", "qty"), ALREADY_PRESENT)),
                Arguments.of(
                        "neither name in the sink",
                        rename("gone", "other"),
                        skips(rename("gone", "other"), ALREADY_PRESENT)),
                Arguments.of(
                        "primary key column: new name added, key left NOT NULL",
                        rename("id", "order_id"),
                        new Derivation(
                                List.of(add(last("order_id", DataTypes.INT()))),
                                List.of(
                                        skipped(
                                                alterFrom(
                                                        "id",
                                                        DataTypes.INT().notNull(),
                                                        DataTypes.INT()),
                                                KEY_COLUMN)))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("renameColumn")
    void renameColumn(String rule, SchemaChangeEvent change, Derivation expected) {
        assertThat(lenient(change)).isEqualTo(expected);
    }

    @Test
    void aCaseOnlyRenameIsARenameInPlaceOnASinkThatIgnoresCase() {
        SchemaChangeDeriver caseInsensitive =
                new SchemaChangeDeriver(SchemaChangeBehavior.LENIENT, false, ALL, false);

        assertThat(caseInsensitive.derive(rename("qty", "QTY"), SINK))
                .isEqualTo(applies(rename("qty", "QTY")));
        assertThat(caseInsensitive.derive(rename("qty", "quantity"), SINK))
                .as("a rename to another name is still an add")
                .isEqualTo(applies(add(last("quantity", DataTypes.INT()))));
    }

    @Test
    void aCaseOnlyRenameIsAnAddOnASinkThatComparesNamesExactly() {
        assertThat(lenient(rename("qty", "QTY")))
                .isEqualTo(applies(add(last("QTY", DataTypes.INT()))));
    }

    @Test
    void aCaseOnlyRenameInPlaceIsSkippedWhenRenameIsNotAccepted() {
        SchemaChangeDeriver caseInsensitive =
                new SchemaChangeDeriver(
                        SchemaChangeBehavior.LENIENT, false, allBut(RENAME_COLUMN), false);

        assertThat(caseInsensitive.derive(rename("qty", "QTY"), SINK))
                .isEqualTo(
                        new Derivation(
                                List.of(), List.of(skipped(rename("qty", "QTY"), NOT_ACCEPTED))));
    }

    static Stream<Arguments> dropColumn() {
        return Stream.of(
                Arguments.of(
                        "NOT NULL column: made nullable",
                        drop("birthday"),
                        applies(
                                alterFrom(
                                        "birthday", DataTypes.DATE().notNull(), DataTypes.DATE()))),
                Arguments.of(
                        "nullable column: nothing",
                        drop("qty"),
                        skips(drop("qty"), ALREADY_PRESENT)),
                Arguments.of(
                        "absent column: nothing",
                        drop("gone"),
                        skips(drop("gone"), ALREADY_PRESENT)),
                Arguments.of(
                        "partition key column",
                        drop("region"),
                        skips(
                                alterFrom(
                                        "region",
                                        DataTypes.VARCHAR(8).notNull(),
                                        DataTypes.VARCHAR(8)),
                                KEY_COLUMN)),
                Arguments.of(
                        "several: NOT NULL ones in one alteration",
                        drop("price", "qty", "birthday"),
                        new Derivation(
                                List.of(
                                        alterWithOld(
                                                pairs(
                                                        "price",
                                                        DataTypes.DECIMAL(10, 2),
                                                        "birthday",
                                                        DataTypes.DATE()),
                                                pairs(
                                                        "price",
                                                        DataTypes.DECIMAL(10, 2).notNull(),
                                                        "birthday",
                                                        DataTypes.DATE().notNull()))),
                                List.of(skipped(drop("qty"), ALREADY_PRESENT)))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dropColumn")
    void dropColumn(String rule, SchemaChangeEvent change, Derivation expected) {
        assertThat(lenient(change)).isEqualTo(expected);
    }

    @Test
    void truncateAndDropTablePassAsIsWhenAccepted() {
        TruncateTableEvent truncate = new TruncateTableEvent(T);
        DropTableEvent dropTable = new DropTableEvent(T);

        assertThat(lenient(truncate)).isEqualTo(applies(truncate));
        assertThat(lenient(dropTable)).isEqualTo(applies(dropTable));
    }

    @Test
    void theDerivedEventsTurnTheSinkIntoASchemaThatHoldsOldAndNewData() {
        Derivation derivation = lenient(alter("birthday", DataTypes.TIMESTAMP(3)));

        Schema after = SchemaChanges.applyAll(SINK, derivation.toApply());

        assertThat(after.getColumnNames())
                .containsExactly(
                        "id",
                        "region",
                        "qty",
                        "price",
                        "birthday_date_2",
                        "birthday_date",
                        "code",
                        "big",
                        "birthday");
        assertThat(after.getColumn("birthday_date_2").get().getType()).isEqualTo(DataTypes.DATE());
        assertThat(after.getColumn("birthday").get().getType()).isEqualTo(DataTypes.TIMESTAMP(3));
    }
}
