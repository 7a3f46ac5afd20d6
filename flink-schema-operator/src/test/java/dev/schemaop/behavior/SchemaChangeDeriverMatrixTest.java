package dev.schemaop.behavior;

import static dev.schemaop.behavior.Fixtures.ALL;
import static dev.schemaop.behavior.Fixtures.LENIENT_DEFAULT;
import static dev.schemaop.behavior.Fixtures.T;
import static dev.schemaop.behavior.Fixtures.add;
import static dev.schemaop.behavior.Fixtures.alter;
import static dev.schemaop.behavior.Fixtures.alterFrom;
import static dev.schemaop.behavior.Fixtures.drop;
import static dev.schemaop.behavior.Fixtures.last;
import static dev.schemaop.behavior.Fixtures.rename;
import static dev.schemaop.behavior.Fixtures.skipped;
import static org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior.EVOLVE;
import static org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior.EXCEPTION;
import static org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior.IGNORE;
import static org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior.LENIENT;
import static org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior.TRY_EVOLVE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * SPEC §3's table, cell by cell: every behavior against every change type, on one sink table, with
 * each behavior's default accepted types (LENIENT leaves out truncate.table and drop.table).
 */
class SchemaChangeDeriverMatrixTest {

    /** id INT NOT NULL (primary key), name VARCHAR(20), age INT NOT NULL, note VARCHAR(10). */
    static final Schema SINK =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("name", DataTypes.VARCHAR(20))
                    .physicalColumn("age", DataTypes.INT().notNull())
                    .physicalColumn("note", DataTypes.VARCHAR(10))
                    .primaryKey("id")
                    .build();

    static final CreateTableEvent CREATE = new CreateTableEvent(T, SINK);
    static final AddColumnEvent ADD_EMAIL =
            add(
                    AddColumnEvent.after(
                            Column.physicalColumn("email", DataTypes.VARCHAR(50).notNull()),
                            "name"));
    static final SchemaChangeEvent ALTER_AGE = alter("age", DataTypes.BIGINT().notNull());
    static final SchemaChangeEvent RENAME_AGE = rename("age", "years");
    static final SchemaChangeEvent DROP_AGE = drop("age");
    static final SchemaChangeEvent TRUNCATE = new TruncateTableEvent(T);
    static final SchemaChangeEvent DROP_TABLE = new DropTableEvent(T);

    static Stream<Arguments> cells() {
        List<Arguments> cells = new ArrayList<>();
        // create.table of a table the sink does not have: applied in every behavior.
        for (SchemaChangeBehavior behavior : SchemaChangeBehavior.values()) {
            cells.add(cell(behavior, CREATE, null, Outcome.applies(CREATE)));
        }
        row(cells, ADD_EMAIL, Outcome.applies(add(last("email", DataTypes.VARCHAR(50)))));
        row(
                cells,
                ALTER_AGE,
                Outcome.applies(
                        alterFrom("age", DataTypes.INT().notNull(), DataTypes.BIGINT().notNull())));
        row(
                cells,
                RENAME_AGE,
                Outcome.applies(
                        add(last("years", DataTypes.INT())),
                        alterFrom("age", DataTypes.INT().notNull(), DataTypes.INT())));
        row(
                cells,
                DROP_AGE,
                Outcome.applies(alterFrom("age", DataTypes.INT().notNull(), DataTypes.INT())));
        row(cells, TRUNCATE, Outcome.skips(TRUNCATE, SkipReason.NOT_ACCEPTED));
        row(cells, DROP_TABLE, Outcome.skips(DROP_TABLE, SkipReason.NOT_ACCEPTED));
        return cells.stream();
    }

    /** One change type: EXCEPTION fails, EVOLVE and TRY_EVOLVE apply it as is, IGNORE skips. */
    private static void row(List<Arguments> cells, SchemaChangeEvent change, Outcome lenient) {
        cells.add(cell(EXCEPTION, change, SINK, Outcome.rejected()));
        cells.add(cell(EVOLVE, change, SINK, Outcome.applies(change)));
        cells.add(cell(TRY_EVOLVE, change, SINK, Outcome.applies(change)));
        cells.add(cell(LENIENT, change, SINK, lenient));
        cells.add(
                cell(IGNORE, change, SINK, Outcome.skips(change, SkipReason.IGNORED_BY_BEHAVIOR)));
    }

    private static Arguments cell(
            SchemaChangeBehavior behavior,
            SchemaChangeEvent change,
            @Nullable Schema sink,
            Outcome outcome) {
        return Arguments.of(behavior, change.getType().getTag(), change, sink, outcome);
    }

    @ParameterizedTest(name = "{0} x {1}")
    @MethodSource("cells")
    void derivesTheCell(
            SchemaChangeBehavior behavior,
            String type,
            SchemaChangeEvent change,
            @Nullable Schema sink,
            Outcome outcome) {
        SchemaChangeDeriver deriver =
                new SchemaChangeDeriver(
                        behavior, false, behavior == LENIENT ? LENIENT_DEFAULT : ALL);
        if (outcome.rejected) {
            assertThatThrownBy(() -> deriver.derive(change, sink))
                    .isInstanceOf(SchemaChangeRejectedException.class)
                    .hasMessageContaining("of table db.orders is rejected")
                    .satisfies(
                            e ->
                                    assertThat(((SchemaChangeRejectedException) e).change())
                                            .isEqualTo(change));
        } else {
            assertThat(deriver.derive(change, sink)).isEqualTo(outcome.derivation);
        }
    }

    /** create.table of a table the sink already has, with one more column than the sink. */
    static Stream<Arguments> createOfExistingTable() {
        Schema upstream =
                Schema.newBuilder()
                        .setColumns(new ArrayList<>(SINK.getColumns()))
                        .physicalColumn("email", DataTypes.VARCHAR(50).notNull())
                        .primaryKey("id")
                        .build();
        CreateTableEvent create = new CreateTableEvent(T, upstream);
        Outcome reconciled = Outcome.applies(add(last("email", DataTypes.VARCHAR(50))));
        return Stream.of(
                Arguments.of(
                        EXCEPTION, create, Outcome.skips(create, SkipReason.IGNORED_BY_BEHAVIOR)),
                Arguments.of(EVOLVE, create, reconciled),
                Arguments.of(TRY_EVOLVE, create, reconciled),
                Arguments.of(LENIENT, create, reconciled),
                Arguments.of(IGNORE, create, Outcome.skips(create, SkipReason.IGNORED_BY_BEHAVIOR)),
                Arguments.of(EXCEPTION, CREATE, Outcome.skips(CREATE, SkipReason.ALREADY_PRESENT)),
                Arguments.of(EVOLVE, CREATE, Outcome.skips(CREATE, SkipReason.ALREADY_PRESENT)),
                Arguments.of(LENIENT, CREATE, Outcome.skips(CREATE, SkipReason.ALREADY_PRESENT)),
                Arguments.of(IGNORE, CREATE, Outcome.skips(CREATE, SkipReason.ALREADY_PRESENT)));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("createOfExistingTable")
    void reconcilesCreateTableWithTheExistingSinkTable(
            SchemaChangeBehavior behavior, CreateTableEvent create, Outcome outcome) {
        SchemaChangeDeriver deriver = new SchemaChangeDeriver(behavior, false, ALL);
        assertThat(deriver.derive(create, SINK)).isEqualTo(outcome.derivation);
    }

    /** Expected result of one cell. */
    static final class Outcome {
        final boolean rejected;
        @Nullable final Derivation derivation;

        private Outcome(boolean rejected, @Nullable Derivation derivation) {
            this.rejected = rejected;
            this.derivation = derivation;
        }

        static Outcome applies(SchemaChangeEvent... events) {
            return new Outcome(false, new Derivation(List.of(events), List.of()));
        }

        static Outcome skips(SchemaChangeEvent event, SkipReason reason) {
            return new Outcome(false, new Derivation(List.of(), List.of(skipped(event, reason))));
        }

        static Outcome rejected() {
            return new Outcome(true, null);
        }

        @Override
        public String toString() {
            return rejected ? "rejected" : String.valueOf(derivation);
        }
    }
}
