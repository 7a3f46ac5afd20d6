package dev.schemaop.behavior;

import static org.apache.flink.cdc.common.event.SchemaChangeEventType.ADD_COLUMN;
import static org.apache.flink.cdc.common.event.SchemaChangeEventType.ALTER_COLUMN_TYPE;
import static org.apache.flink.cdc.common.event.SchemaChangeEventType.CREATE_TABLE;
import static org.apache.flink.cdc.common.event.SchemaChangeEventType.DROP_COLUMN;
import static org.apache.flink.cdc.common.event.SchemaChangeEventType.DROP_TABLE;
import static org.apache.flink.cdc.common.event.SchemaChangeEventType.RENAME_COLUMN;
import static org.apache.flink.cdc.common.event.SchemaChangeEventType.TRUNCATE_TABLE;
import static org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior.EVOLVE;
import static org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior.EXCEPTION;
import static org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior.IGNORE;
import static org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior.LENIENT;
import static org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior.TRY_EVOLVE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.schemaop.api.PipelineConfigException;

import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

class AcceptedChangeTypesTest {

    private static final String VALID_TAGS =
            "Use the event types add.column, alter.column.type, create.table, drop.column,"
                    + " drop.table, rename.column, truncate.table or the families add, alter,"
                    + " create, drop, rename, table, column, all (case-insensitive).";

    private static final Set<SchemaChangeEventType> ALL =
            EnumSet.allOf(SchemaChangeEventType.class);
    private static final Set<SchemaChangeEventType> COLUMN =
            EnumSet.of(ADD_COLUMN, ALTER_COLUMN_TYPE, DROP_COLUMN, RENAME_COLUMN);

    static Stream<Arguments> tags() {
        return Stream.of(
                arguments("add", EnumSet.of(ADD_COLUMN)),
                arguments("alter", EnumSet.of(ALTER_COLUMN_TYPE)),
                arguments("create", EnumSet.of(CREATE_TABLE)),
                arguments("drop", EnumSet.of(DROP_COLUMN, DROP_TABLE)),
                arguments("rename", EnumSet.of(RENAME_COLUMN)),
                arguments("table", EnumSet.of(CREATE_TABLE, DROP_TABLE, TRUNCATE_TABLE)),
                arguments("column", COLUMN),
                arguments("all", ALL),
                arguments("add.column", EnumSet.of(ADD_COLUMN)),
                arguments("alter.column.type", EnumSet.of(ALTER_COLUMN_TYPE)),
                arguments("create.table", EnumSet.of(CREATE_TABLE)),
                arguments("drop.column", EnumSet.of(DROP_COLUMN)),
                arguments("drop.table", EnumSet.of(DROP_TABLE)),
                arguments("rename.column", EnumSet.of(RENAME_COLUMN)),
                arguments("truncate.table", EnumSet.of(TRUNCATE_TABLE)),
                arguments("  Drop.Table ", EnumSet.of(DROP_TABLE)),
                arguments("COLUMN", COLUMN));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tags")
    void tagStandsForTypes(String tag, Set<SchemaChangeEventType> expected) {
        assertThat(AcceptedChangeTypes.resolveTags(List.of(tag), "include.schema.changes"))
                .isEqualTo(expected);
    }

    @Test
    void everyTagTheErrorMessageOffersResolves() {
        String message =
                catchThrowable(() -> AcceptedChangeTypes.resolveTags(List.of("nope"), "x"))
                        .getMessage();
        List<String> offered =
                Arrays.stream(
                                message.substring(message.indexOf("Use the event types "))
                                        .replace("Use the event types ", "")
                                        .replace(" (case-insensitive).", "")
                                        .split(", | or the families "))
                        .toList();
        assertThat(offered)
                .containsExactly(
                        "add.column",
                        "alter.column.type",
                        "create.table",
                        "drop.column",
                        "drop.table",
                        "rename.column",
                        "truncate.table",
                        "add",
                        "alter",
                        "create",
                        "drop",
                        "rename",
                        "table",
                        "column",
                        "all");
        assertThat(offered)
                .allSatisfy(
                        tag ->
                                assertThat(AcceptedChangeTypes.resolveTags(List.of(tag), "x"))
                                        .isNotEmpty());
    }

    static Stream<Arguments> acceptedCases() {
        return Stream.of(
                // description, include, exclude, behavior, accepted
                arguments("nothing given: all", null, null, EVOLVE, ALL),
                arguments("EXCEPTION has no default exclusion", null, null, EXCEPTION, ALL),
                arguments(
                        "LENIENT default",
                        null,
                        null,
                        LENIENT,
                        EnumSet.of(
                                ADD_COLUMN,
                                ALTER_COLUMN_TYPE,
                                CREATE_TABLE,
                                DROP_COLUMN,
                                RENAME_COLUMN)),
                arguments(
                        "LENIENT: an empty exclude list replaces the default",
                        null,
                        List.of(),
                        LENIENT,
                        ALL),
                arguments(
                        "LENIENT: any exclude list replaces the default",
                        null,
                        List.of("add.column"),
                        LENIENT,
                        EnumSet.complementOf(EnumSet.of(ADD_COLUMN))),
                arguments(
                        "LENIENT: include naming drop.table",
                        List.of("drop.table"),
                        null,
                        LENIENT,
                        EnumSet.of(CREATE_TABLE, DROP_TABLE)),
                arguments(
                        "LENIENT: include naming truncate.table",
                        List.of("truncate.table"),
                        null,
                        LENIENT,
                        EnumSet.of(CREATE_TABLE, TRUNCATE_TABLE)),
                arguments(
                        "LENIENT: family drop names drop.table",
                        List.of("drop"),
                        null,
                        LENIENT,
                        EnumSet.of(CREATE_TABLE, DROP_COLUMN, DROP_TABLE)),
                arguments(
                        "LENIENT: family table",
                        List.of("table"),
                        null,
                        LENIENT,
                        EnumSet.of(CREATE_TABLE, DROP_TABLE, TRUNCATE_TABLE)),
                arguments("LENIENT: family all", List.of("all"), null, LENIENT, ALL),
                arguments(
                        "LENIENT: include without table drops",
                        List.of("column"),
                        null,
                        LENIENT,
                        EnumSet.of(
                                CREATE_TABLE,
                                ADD_COLUMN,
                                ALTER_COLUMN_TYPE,
                                DROP_COLUMN,
                                RENAME_COLUMN)),
                arguments(
                        "include adds create.table",
                        List.of("add.column"),
                        null,
                        EVOLVE,
                        EnumSet.of(ADD_COLUMN, CREATE_TABLE)),
                arguments(
                        "empty include: create.table only",
                        List.of(),
                        null,
                        EVOLVE,
                        EnumSet.of(CREATE_TABLE)),
                arguments(
                        "excluded create.table is not added",
                        List.of("add.column"),
                        List.of("create.table"),
                        EVOLVE,
                        EnumSet.of(ADD_COLUMN)),
                arguments(
                        "create.table excluded through a family",
                        List.of("add"),
                        List.of("table"),
                        TRY_EVOLVE,
                        EnumSet.of(ADD_COLUMN)),
                arguments(
                        "seed example: column minus drop.column",
                        List.of("create.table", "column"),
                        List.of("drop.column"),
                        EVOLVE,
                        EnumSet.of(CREATE_TABLE, ADD_COLUMN, ALTER_COLUMN_TYPE, RENAME_COLUMN)),
                arguments(
                        "exclude wins over include",
                        List.of("add"),
                        List.of("add"),
                        EVOLVE,
                        EnumSet.of(CREATE_TABLE)),
                arguments(
                        "exclude all",
                        List.of("alter"),
                        List.of("all"),
                        EVOLVE,
                        EnumSet.noneOf(SchemaChangeEventType.class)),
                arguments(
                        "exclude a family without include",
                        null,
                        List.of("drop"),
                        EXCEPTION,
                        EnumSet.of(
                                ADD_COLUMN,
                                ALTER_COLUMN_TYPE,
                                CREATE_TABLE,
                                RENAME_COLUMN,
                                TRUNCATE_TABLE)),
                arguments("LENIENT: exclude table", null, List.of("table"), LENIENT, COLUMN),
                arguments(
                        "tags trimmed and case-insensitive",
                        List.of(" ADD.Column ", "Rename"),
                        null,
                        IGNORE,
                        EnumSet.of(ADD_COLUMN, RENAME_COLUMN, CREATE_TABLE)),
                arguments(
                        "include create family only",
                        List.of("create"),
                        null,
                        TRY_EVOLVE,
                        EnumSet.of(CREATE_TABLE)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("acceptedCases")
    void accepted(
            String description,
            List<String> include,
            List<String> exclude,
            SchemaChangeBehavior behavior,
            Set<SchemaChangeEventType> expected) {
        assertThat(AcceptedChangeTypes.accepted(include, exclude, behavior)).isEqualTo(expected);
    }

    @Test
    void acceptedSetIsUnmodifiable() {
        Set<SchemaChangeEventType> accepted = AcceptedChangeTypes.accepted(null, null, EVOLVE);
        assertThatThrownBy(() -> accepted.remove(ADD_COLUMN))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void unknownIncludeTagIsNamedWithItsOptionAndTheValidTags() {
        assertThatThrownBy(
                        () ->
                                AcceptedChangeTypes.accepted(
                                        List.of("add.column", " drop.colum "), null, EVOLVE))
                .isInstanceOf(PipelineConfigException.class)
                .hasMessage(
                        "unknown schema change type 'drop.colum' in option 'include.schema.changes'. "
                                + VALID_TAGS);
    }

    @Test
    void unknownExcludeTagIsNamedWithItsOption() {
        assertThatThrownBy(() -> AcceptedChangeTypes.accepted(null, List.of("columns"), LENIENT))
                .isInstanceOf(PipelineConfigException.class)
                .hasMessage(
                        "unknown schema change type 'columns' in option 'exclude.schema.changes'. "
                                + VALID_TAGS);
    }

    @Test
    void emptyTagIsUnknown() {
        assertThatThrownBy(() -> AcceptedChangeTypes.accepted(List.of(""), null, EVOLVE))
                .hasMessage(
                        "unknown schema change type '' in option 'include.schema.changes'. "
                                + VALID_TAGS);
    }

    static Stream<Arguments> behaviors() {
        return Stream.of(
                arguments("exception", EXCEPTION),
                arguments("EVOLVE", EVOLVE),
                arguments("Try_Evolve", TRY_EVOLVE),
                arguments(" lenient ", LENIENT),
                arguments("ignore", IGNORE));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("behaviors")
    void parsesBehavior(String value, SchemaChangeBehavior expected) {
        assertThat(BehaviorOption.parse(value)).isEqualTo(expected);
    }

    @Test
    void everyBehaviorIsListed() {
        assertThat(BehaviorOption.names().split(", "))
                .hasSize(SchemaChangeBehavior.values().length)
                .containsExactly("exception", "evolve", "try_evolve", "lenient", "ignore");
        Arrays.stream(SchemaChangeBehavior.values())
                .forEach(b -> assertThat(BehaviorOption.parse(b.name())).isEqualTo(b));
    }

    @Test
    void unknownBehaviorListsTheValidValues() {
        assertThatThrownBy(() -> BehaviorOption.parse("try-evolve"))
                .isInstanceOf(PipelineConfigException.class)
                .hasMessage(
                        "unknown schema change behavior 'try-evolve' for option"
                                + " 'pipeline.schema.change.behavior'. Set it to one of: exception,"
                                + " evolve, try_evolve, lenient, ignore (case-insensitive; the default is"
                                + " lenient).");
    }
}
