package dev.schemaop.behavior;

import static dev.schemaop.behavior.Fixtures.ALL;
import static dev.schemaop.behavior.Fixtures.T;
import static dev.schemaop.behavior.Fixtures.add;
import static dev.schemaop.behavior.Fixtures.alter;
import static dev.schemaop.behavior.Fixtures.alterWithOld;
import static dev.schemaop.behavior.Fixtures.drop;
import static dev.schemaop.behavior.Fixtures.last;
import static dev.schemaop.behavior.Fixtures.pairs;
import static dev.schemaop.behavior.Fixtures.rename;
import static dev.schemaop.behavior.Fixtures.skipped;
import static dev.schemaop.behavior.SkipReason.ALREADY_PRESENT;
import static org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior.EVOLVE;
import static org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior.EXCEPTION;
import static org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior.TRY_EVOLVE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import javax.annotation.Nullable;

import java.util.List;
import java.util.stream.Stream;

/**
 * DDL the sink already has (replayed by online schema tools, or reported by two routed sources) is
 * skipped, and never fails an EXCEPTION pipeline (Flink CDC issue #4279).
 */
class RedundantChangeTest {

    /** id INT NOT NULL (primary key), name VARCHAR(20), email STRING. */
    static final Schema SINK =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("name", DataTypes.VARCHAR(20))
                    .physicalColumn("email", DataTypes.STRING())
                    .primaryKey("id")
                    .build();

    static Stream<Arguments> redundantChanges() {
        return Stream.of(
                Arguments.of(
                        "add of an identical column", add(last("email", DataTypes.STRING())), SINK),
                Arguments.of(
                        "alter to the current type", alter("name", DataTypes.VARCHAR(20)), SINK),
                Arguments.of("rename already done", rename("mail", "email"), SINK),
                Arguments.of("drop of an absent column", drop("phone"), SINK),
                Arguments.of("drop of an absent table", new DropTableEvent(T), null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("redundantChanges")
    void isSkippedAsAlreadyPresentInEveryApplyingBehavior(
            String description, SchemaChangeEvent change, @Nullable Schema sink) {
        for (SchemaChangeBehavior behavior : List.of(EXCEPTION, EVOLVE, TRY_EVOLVE)) {
            assertThat(new SchemaChangeDeriver(behavior, false, ALL).derive(change, sink))
                    .as(behavior.name())
                    .isEqualTo(
                            new Derivation(List.of(), List.of(skipped(change, ALREADY_PRESENT))));
        }
    }

    @Test
    void onlyTheMissingPartOfAChangeIsApplied() {
        AddColumnEvent.ColumnWithPosition phone =
                AddColumnEvent.after(Column.physicalColumn("phone", DataTypes.STRING()), "email");
        AddColumnEvent change = add(last("email", DataTypes.STRING()), phone);

        assertThat(new SchemaChangeDeriver(EVOLVE, false, ALL).derive(change, SINK))
                .isEqualTo(
                        new Derivation(
                                List.of(add(phone)),
                                List.of(
                                        skipped(
                                                add(last("email", DataTypes.STRING())),
                                                ALREADY_PRESENT))));
    }

    @Test
    void aPartlyRedundantAlterationKeepsTheOldTypesOfItsOtherColumns() {
        SchemaChangeEvent change =
                alterWithOld(
                        pairs("name", DataTypes.VARCHAR(20), "email", DataTypes.VARCHAR(100)),
                        pairs("name", DataTypes.VARCHAR(10), "email", DataTypes.STRING()));

        assertThat(new SchemaChangeDeriver(EVOLVE, false, ALL).derive(change, SINK))
                .isEqualTo(
                        new Derivation(
                                List.of(
                                        alterWithOld(
                                                pairs("email", DataTypes.VARCHAR(100)),
                                                pairs("email", DataTypes.STRING()))),
                                List.of(
                                        skipped(
                                                alterWithOld(
                                                        pairs("name", DataTypes.VARCHAR(20)),
                                                        pairs("name", DataTypes.VARCHAR(10))),
                                                ALREADY_PRESENT))));
    }

    @Test
    void exceptionRejectsOnlyTheMissingPart() {
        AddColumnEvent change =
                add(last("email", DataTypes.STRING()), last("phone", DataTypes.STRING()));

        assertThatThrownBy(
                        () -> new SchemaChangeDeriver(EXCEPTION, false, ALL).derive(change, SINK))
                .isInstanceOfSatisfying(
                        SchemaChangeRejectedException.class,
                        e ->
                                assertThat(e.change())
                                        .isEqualTo(add(last("phone", DataTypes.STRING()))));
    }
}
