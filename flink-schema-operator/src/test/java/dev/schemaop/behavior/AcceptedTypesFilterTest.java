package dev.schemaop.behavior;

import static dev.schemaop.behavior.Fixtures.T;
import static dev.schemaop.behavior.Fixtures.add;
import static dev.schemaop.behavior.Fixtures.allBut;
import static dev.schemaop.behavior.Fixtures.alter;
import static dev.schemaop.behavior.Fixtures.alterFrom;
import static dev.schemaop.behavior.Fixtures.drop;
import static dev.schemaop.behavior.Fixtures.last;
import static dev.schemaop.behavior.Fixtures.rename;
import static dev.schemaop.behavior.Fixtures.skipped;
import static dev.schemaop.behavior.SkipReason.NOT_ACCEPTED;
import static org.apache.flink.cdc.common.event.SchemaChangeEventType.ADD_COLUMN;
import static org.apache.flink.cdc.common.event.SchemaChangeEventType.ALTER_COLUMN_TYPE;
import static org.apache.flink.cdc.common.event.SchemaChangeEventType.CREATE_TABLE;
import static org.apache.flink.cdc.common.event.SchemaChangeEventType.DROP_COLUMN;
import static org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior.EVOLVE;
import static org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior.EXCEPTION;
import static org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior.LENIENT;
import static org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior.TRY_EVOLVE;
import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import javax.annotation.Nullable;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/** include/exclude (SPEC §4) act on the sink-level events a behavior derives. */
class AcceptedTypesFilterTest {

    /** id INT NOT NULL (primary key), qty INT, price DOUBLE NOT NULL. */
    static final Schema SINK =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("qty", DataTypes.INT())
                    .physicalColumn("price", DataTypes.DOUBLE().notNull())
                    .primaryKey("id")
                    .build();

    static Stream<Arguments> cases() {
        SchemaChangeEvent dropPrice = drop("price");
        SchemaChangeEvent addNote = add(last("note", DataTypes.STRING().notNull()));
        return Stream.of(
                Arguments.of(
                        "EVOLVE: the change itself is filtered",
                        EVOLVE,
                        allBut(DROP_COLUMN),
                        dropPrice,
                        SINK,
                        new Derivation(List.of(), List.of(skipped(dropPrice, NOT_ACCEPTED)))),
                Arguments.of(
                        "TRY_EVOLVE: the change itself is filtered",
                        TRY_EVOLVE,
                        allBut(ADD_COLUMN),
                        addNote,
                        SINK,
                        new Derivation(List.of(), List.of(skipped(addNote, NOT_ACCEPTED)))),
                Arguments.of(
                        "EXCEPTION: a change that is not accepted does not fail",
                        EXCEPTION,
                        allBut(DROP_COLUMN),
                        dropPrice,
                        SINK,
                        new Derivation(List.of(), List.of(skipped(dropPrice, NOT_ACCEPTED)))),
                Arguments.of(
                        "LENIENT drop.column excluded, but its derived alter.column.type is"
                                + " accepted",
                        LENIENT,
                        allBut(DROP_COLUMN),
                        dropPrice,
                        SINK,
                        new Derivation(
                                List.of(
                                        alterFrom(
                                                "price",
                                                DataTypes.DOUBLE().notNull(),
                                                DataTypes.DOUBLE())),
                                List.of())),
                Arguments.of(
                        "LENIENT drop.column: its derived alter.column.type excluded",
                        LENIENT,
                        allBut(ALTER_COLUMN_TYPE),
                        dropPrice,
                        SINK,
                        new Derivation(
                                List.of(),
                                List.of(
                                        skipped(
                                                alterFrom(
                                                        "price",
                                                        DataTypes.DOUBLE().notNull(),
                                                        DataTypes.DOUBLE()),
                                                NOT_ACCEPTED)))),
                Arguments.of(
                        "LENIENT add.column excluded: the derived nullable column is what is"
                                + " skipped",
                        LENIENT,
                        allBut(ADD_COLUMN),
                        addNote,
                        SINK,
                        new Derivation(
                                List.of(),
                                List.of(
                                        skipped(
                                                add(last("note", DataTypes.STRING())),
                                                NOT_ACCEPTED)))),
                Arguments.of(
                        "LENIENT rename.column excluded: its derived add and alter are accepted",
                        LENIENT,
                        allBut(SchemaChangeEventType.RENAME_COLUMN),
                        rename("price", "amount"),
                        SINK,
                        new Derivation(
                                List.of(
                                        add(last("amount", DataTypes.DOUBLE())),
                                        alterFrom(
                                                "price",
                                                DataTypes.DOUBLE().notNull(),
                                                DataTypes.DOUBLE())),
                                List.of())),
                Arguments.of(
                        "LENIENT rename.column: the added column filtered, the nullable alteration"
                                + " kept",
                        LENIENT,
                        allBut(ADD_COLUMN),
                        rename("price", "amount"),
                        SINK,
                        new Derivation(
                                List.of(
                                        alterFrom(
                                                "price",
                                                DataTypes.DOUBLE().notNull(),
                                                DataTypes.DOUBLE())),
                                List.of(
                                        skipped(
                                                add(last("amount", DataTypes.DOUBLE())),
                                                NOT_ACCEPTED)))),
                Arguments.of(
                        "LENIENT alter.column.type excluded: a conversion needs no alter when the"
                                + " column is nullable",
                        LENIENT,
                        allBut(ALTER_COLUMN_TYPE),
                        alter("qty", DataTypes.DATE()),
                        SINK,
                        new Derivation(
                                List.of(
                                        rename("qty", "qty_integer"),
                                        add(last("qty", DataTypes.DATE()))),
                                List.of())),
                Arguments.of(
                        "LENIENT: a conversion without add.column is skipped whole",
                        LENIENT,
                        allBut(ADD_COLUMN),
                        alter("qty", DataTypes.DATE()),
                        SINK,
                        new Derivation(
                                List.of(),
                                List.of(
                                        skipped(rename("qty", "qty_integer"), NOT_ACCEPTED),
                                        skipped(
                                                add(last("qty", DataTypes.DATE())),
                                                NOT_ACCEPTED)))),
                Arguments.of(
                        "create.table of a missing table excluded",
                        LENIENT,
                        allBut(CREATE_TABLE),
                        new CreateTableEvent(T, SINK),
                        null,
                        new Derivation(
                                List.of(),
                                List.of(skipped(new CreateTableEvent(T, SINK), NOT_ACCEPTED)))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void filtersDerivedEvents(
            String description,
            SchemaChangeBehavior behavior,
            Set<SchemaChangeEventType> accepted,
            SchemaChangeEvent change,
            @Nullable Schema sink,
            Derivation expected) {
        assertThat(new SchemaChangeDeriver(behavior, false, accepted).derive(change, sink))
                .isEqualTo(expected);
    }

    @Test
    void createOfAnExistingTableIsReconciledEvenWhenCreateTableIsExcluded() {
        Schema upstream =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("qty", DataTypes.BIGINT())
                        .physicalColumn("price", DataTypes.DOUBLE().notNull())
                        .physicalColumn("note", DataTypes.STRING())
                        .primaryKey("id")
                        .build();
        SchemaChangeDeriver deriver =
                new SchemaChangeDeriver(EVOLVE, false, EnumSet.of(ALTER_COLUMN_TYPE));

        assertThat(deriver.derive(new CreateTableEvent(T, upstream), SINK))
                .isEqualTo(
                        new Derivation(
                                List.of(alterFrom("qty", DataTypes.INT(), DataTypes.BIGINT())),
                                List.of(
                                        skipped(
                                                add(last("note", DataTypes.STRING())),
                                                NOT_ACCEPTED))));
    }

    @Test
    void theAcceptedSetIsCopied() {
        Set<SchemaChangeEventType> accepted = EnumSet.allOf(SchemaChangeEventType.class);
        SchemaChangeDeriver deriver = new SchemaChangeDeriver(EVOLVE, false, accepted);
        accepted.clear();

        assertThat(deriver.derive(drop("price"), SINK).toApply()).containsExactly(drop("price"));
    }
}
