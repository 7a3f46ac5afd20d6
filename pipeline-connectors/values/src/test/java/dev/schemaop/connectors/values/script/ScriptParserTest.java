package dev.schemaop.connectors.values.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.OperationType;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.cdc.common.utils.SchemaUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

class ScriptParserTest {

    private static final TableId ORDERS = TableId.tableId("db", "orders");

    static final String FULL_SCRIPT =
            String.join(
                    "\n",
                    "events:",
                    "  - type: create.table",
                    "    table: db.orders",
                    "    columns:",
                    "      - {name: id, type: INT NOT NULL, comment: order id}",
                    "      - {name: name, type: VARCHAR(20)}",
                    "      - {name: price, type: \"DECIMAL(10,2)\"}",
                    "    primaryKeys: [id]",
                    "  - type: insert",
                    "    table: db.orders",
                    "    rows:",
                    "      - [1, Alice, \"12.50\"]",
                    "      - [2, Bob, 3.1]",
                    "  - type: update",
                    "    table: db.orders",
                    "    before: [1, Alice, \"12.50\"]",
                    "    after: [1, Alicia, 13]",
                    "  - type: delete",
                    "    table: db.orders",
                    "    rows: [[2, Bob, 3.1]]",
                    "  - checkpoint",
                    "  - type: add.column",
                    "    table: db.orders",
                    "    columns:",
                    "      - {name: created, type: TIMESTAMP(3)}",
                    "      - {name: tag, type: CHAR(3), position: first}",
                    "      - {name: day, type: DATE, position: after id}",
                    "      - {name: flag, type: BOOLEAN, position: before name}",
                    "  - type: insert",
                    "    table: db.orders",
                    "    rows:",
                    "      - [abc, 3, \"2024-01-31\", true, Carol, null, \"2024-01-31 10:00:00.123\"]",
                    "  - type: alter.column.type",
                    "    table: db.orders",
                    "    columns: {price: \"DECIMAL(12,4)\"}",
                    "  - type: rename.column",
                    "    table: db.orders",
                    "    columns: {name: full_name}",
                    "  - type: drop.column",
                    "    table: db.orders",
                    "    columns: [flag]",
                    "  - type: insert",
                    "    table: db.orders",
                    "    rows: [[xyz, 4, null, Dave, \"1.2345\", null]]",
                    "  - type: checkpoint",
                    "  - type: truncate.table",
                    "    table: db.orders",
                    "  - type: drop.table",
                    "    table: db.orders",
                    "");

    @Test
    void parsesEveryEventKind() {
        ValuesScript script = ScriptParser.parse("full.yaml", FULL_SCRIPT);
        List<ScriptItem> items = script.getItems();
        assertThat(items).hasSize(15);

        Schema created =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull(), "order id")
                        .physicalColumn("name", DataTypes.VARCHAR(20))
                        .physicalColumn("price", DataTypes.DECIMAL(10, 2))
                        .primaryKey("id")
                        .build();
        assertThat(items.get(0).getEvent()).isEqualTo(new CreateTableEvent(ORDERS, created));
        assertThat(items.get(0).getKind()).isEqualTo(ScriptItem.Kind.SCHEMA_CHANGE);
        assertThat(script.getInitialSchemas()).containsExactly(Map.entry(ORDERS, created));

        // every row of an insert is one item, numbered and placed by its script event
        assertThat(items.get(1).getEventNumber()).isEqualTo(2);
        assertThat(items.get(1).getLine()).isEqualTo(9);
        assertThat(items.get(2).getEventNumber()).isEqualTo(2);
        assertThat(items.get(1).getKind()).isEqualTo(ScriptItem.Kind.DATA_CHANGE);
        assertThat(row(items.get(1), created, false)).containsExactly(1, "Alice", "12.50");
        assertThat(row(items.get(2), created, false)).containsExactly(2, "Bob", "3.10");
        DataChangeEvent update = (DataChangeEvent) items.get(3).getEvent();
        assertThat(update.op()).isEqualTo(OperationType.UPDATE);
        assertThat(row(items.get(3), created, true)).containsExactly(1, "Alice", "12.50");
        assertThat(row(items.get(3), created, false)).containsExactly(1, "Alicia", "13.00");
        assertThat(((DataChangeEvent) items.get(4).getEvent()).op())
                .isEqualTo(OperationType.DELETE);
        assertThat(row(items.get(4), created, true)).containsExactly(2, "Bob", "3.10");

        assertThat(items.get(5).getKind()).isEqualTo(ScriptItem.Kind.CHECKPOINT);
        assertThat(items.get(5).getEvent()).isNull();
        assertThat(items.get(5).getEventNumber()).isEqualTo(5);
        assertThat(items.get(5).getLine()).isEqualTo(21);

        AddColumnEvent add = (AddColumnEvent) items.get(6).getEvent();
        assertThat(add)
                .isEqualTo(
                        new AddColumnEvent(
                                ORDERS,
                                Arrays.asList(
                                        AddColumnEvent.last(
                                                Column.physicalColumn(
                                                        "created", DataTypes.TIMESTAMP(3))),
                                        AddColumnEvent.first(
                                                Column.physicalColumn("tag", DataTypes.CHAR(3))),
                                        AddColumnEvent.after(
                                                Column.physicalColumn("day", DataTypes.DATE()),
                                                "id"),
                                        AddColumnEvent.before(
                                                Column.physicalColumn("flag", DataTypes.BOOLEAN()),
                                                "name"))));
        Schema afterAdd = SchemaUtils.applySchemaChangeEvent(created, add);
        assertThat(afterAdd.getColumnNames())
                .containsExactly("tag", "id", "day", "flag", "name", "price", "created");
        // the row after the add column is encoded for the schema at that point
        assertThat(row(items.get(7), afterAdd, false))
                .containsExactly(
                        "abc", 3, "2024-01-31", true, "Carol", null, "2024-01-31T10:00:00.123");

        Map<String, DataType> newTypes = new LinkedHashMap<>();
        newTypes.put("price", DataTypes.DECIMAL(12, 4));
        Map<String, DataType> oldTypes = new LinkedHashMap<>();
        oldTypes.put("price", DataTypes.DECIMAL(10, 2));
        assertThat(items.get(8).getEvent())
                .isEqualTo(new AlterColumnTypeEvent(ORDERS, newTypes, oldTypes));
        assertThat(items.get(9).getEvent())
                .isEqualTo(new RenameColumnEvent(ORDERS, Map.of("name", "full_name")));
        assertThat(items.get(10).getEvent())
                .isEqualTo(new DropColumnEvent(ORDERS, List.of("flag")));

        Schema latest = afterAdd;
        for (int i = 8; i <= 10; i++) {
            latest =
                    SchemaUtils.applySchemaChangeEvent(
                            latest, (SchemaChangeEvent) items.get(i).getEvent());
        }
        assertThat(latest.getColumnNames())
                .containsExactly("tag", "id", "day", "full_name", "price", "created");
        assertThat(row(items.get(11), latest, false))
                .containsExactly("xyz", 4, null, "Dave", "1.2345", null);

        assertThat(items.get(12).getKind()).isEqualTo(ScriptItem.Kind.CHECKPOINT);
        assertThat(items.get(13).getEvent()).isEqualTo(new TruncateTableEvent(ORDERS));
        assertThat(items.get(14).getEvent()).isEqualTo(new DropTableEvent(ORDERS));
    }

    @Test
    void acceptsATopLevelListAndTablesWithoutDatabase() {
        String text =
                String.join(
                        "\n",
                        "- type: create.table",
                        "  table: t",
                        "  columns: [{name: a, type: STRING}, {name: b, type: TINYINT}]",
                        "- type: insert",
                        "  table: t",
                        "  rows: [[x, 1], [null, -128]]");
        ValuesScript script = ScriptParser.parse("list.yaml", text);
        assertThat(script.getItems()).hasSize(3);
        assertThat(script.getItems().get(0).getEvent().toString()).contains("tableId=t,");
        Schema schema = script.getInitialSchemas().get(TableId.tableId("t"));
        assertThat(schema.primaryKeys()).isEmpty();
        assertThat(row(script.getItems().get(2), schema, false)).containsExactly(null, (byte) -128);
    }

    @Test
    void parsesOtherTypesValues() {
        String text =
                String.join(
                        "\n",
                        "- type: create.table",
                        "  table: t",
                        "  columns:",
                        "    - {name: s, type: SMALLINT}",
                        "    - {name: b, type: BIGINT}",
                        "    - {name: f, type: FLOAT}",
                        "    - {name: d, type: DOUBLE}",
                        "    - {name: t, type: TIME(3)}",
                        "    - {name: l, type: TIMESTAMP_LTZ(3)}",
                        "    - {name: z, type: TIMESTAMP(3) WITH TIME ZONE}",
                        "    - {name: y, type: BYTES}",
                        "- type: insert",
                        "  table: t",
                        "  rows:",
                        "    - [-3, 9000000000, 1.5, 2.25, \"10:00:00.5\", \"2024-01-31 10:00:00\","
                                + " \"2024-01-31 10:00:00+01:00\", \"AQI=\"]");
        ValuesScript script = ScriptParser.parse("types.yaml", text);
        Schema schema = script.getInitialSchemas().get(TableId.tableId("t"));
        List<Object> values = row(script.getItems().get(1), schema, false);
        assertThat(values.subList(0, 4)).containsExactly((short) -3, 9000000000L, 1.5f, 2.25d);
        assertThat(values.get(4)).isEqualTo("10:00:00.500");
        assertThat(values.get(5)).isEqualTo("2024-01-31T10:00");
        assertThat(values.get(6)).isEqualTo("2024-01-31T10:00:00+01:00");
    }

    @Test
    void renamingAPrimaryKeyColumnKeepsRowsHashedByTheKey() {
        String text =
                String.join(
                        "\n",
                        "- type: create.table",
                        "  table: db.t",
                        "  columns: [{name: id, type: INT NOT NULL}, {name: v, type: STRING}]",
                        "  primaryKeys: [id]",
                        "- type: insert",
                        "  table: db.t",
                        "  rows: [[1, a]]",
                        "- type: rename.column",
                        "  table: db.t",
                        "  columns: {id: key}",
                        "- type: insert",
                        "  table: db.t",
                        "  rows: [[1, b]]");
        ValuesScript script = ScriptParser.parse("rename.yaml", text);
        assertThat(script.getItems()).hasSize(4);
        assertThat(script.getItems().get(3).getKeyHash())
                .isEqualTo(script.getItems().get(1).getKeyHash());
    }

    static Stream<Arguments> badScripts() {
        String create =
                "- type: create.table\n"
                        + "  table: db.t\n"
                        + "  columns: [{name: id, type: INT NOT NULL}, {name: name, type: VARCHAR(3)}]\n"
                        + "  primaryKeys: [id]\n";
        return Stream.of(
                Arguments.of(
                        "",
                        "Invalid values script bad.yaml: the script is empty; expected a list of"
                                + " events or a mapping with key 'events'"),
                Arguments.of(
                        "foo: []",
                        "Invalid values script bad.yaml (line 1): unknown top-level key 'foo';"
                                + " expected 'events'"),
                Arguments.of(
                        "- type: explode\n",
                        "Invalid values script bad.yaml, event #1 (line 1): unknown event type"
                                + " 'explode'; valid types: create.table, add.column,"
                                + " alter.column.type, rename.column, drop.column, truncate.table,"
                                + " drop.table, insert, update, delete, skipped.change, checkpoint"),
                Arguments.of(
                        "- rollback\n",
                        "Invalid values script bad.yaml, event #1 (line 1): an event must be a"
                                + " mapping with key 'type' (only 'checkpoint' may be written"
                                + " alone), got 'rollback'"),
                Arguments.of(
                        "- type: insert\n  table: db.t\n  rows: [[1, a]]\n",
                        "Invalid values script bad.yaml, event #1 (line 1): table db.t does not"
                                + " exist"),
                Arguments.of(
                        create + "- type: insert\n  table: db.t\n  rows: [[1, ab], [2, ab, 3]]\n",
                        "Invalid values script bad.yaml, event #2 (line 5): row 2 of insert into"
                                + " db.t has 3 values, but db.t has 2 columns (id INT NOT NULL,"
                                + " name VARCHAR(3))"),
                Arguments.of(
                        create + "- type: insert\n  table: db.t\n  rows: [[1, abcd]]\n",
                        "Invalid values script bad.yaml, event #2 (line 5): row 1 of insert into"
                                + " db.t, column name VARCHAR(3): value \"abcd\" is longer than 3"
                                + " characters"),
                Arguments.of(
                        create + "- type: insert\n  table: db.t\n  rows: [[null, a]]\n",
                        "Invalid values script bad.yaml, event #2 (line 5): row 1 of insert into"
                                + " db.t, column id INT NOT NULL: null is not allowed (NOT NULL"
                                + " column)"),
                Arguments.of(
                        create + "- type: delete\n  table: db.t\n  rows: [[\"1\", a]]\n",
                        "Invalid values script bad.yaml, event #2 (line 5): row 1 of delete from"
                                + " db.t, column id INT NOT NULL: value \"1\" is not an integer"),
                Arguments.of(
                        create
                                + "- type: update\n  table: db.t\n  before: [1, a]\n"
                                + "  after: [3000000000, a]\n",
                        "Invalid values script bad.yaml, event #2 (line 5): after row of update"
                                + " of db.t, column id INT NOT NULL: value 3000000000 is out of"
                                + " range for INT"),
                Arguments.of(
                        create
                                + "- type: add.column\n  table: db.t\n"
                                + "  columns: [{name: p, type: \"DECIMAL(4,1)\"}]\n"
                                + "- type: insert\n  table: db.t\n  rows: [[1, a, 1.25]]\n",
                        "Invalid values script bad.yaml, event #3 (line 8): row 1 of insert into"
                                + " db.t, column p DECIMAL(4, 1): value 1.25 has more than 1"
                                + " fractional digits"),
                Arguments.of(
                        create
                                + "- type: add.column\n  table: db.t\n"
                                + "  columns: [{name: p, type: \"DECIMAL(4,1)\"}]\n"
                                + "- type: insert\n  table: db.t\n  rows: [[1, a, \"12345\"]]\n",
                        "Invalid values script bad.yaml, event #3 (line 8): row 1 of insert into"
                                + " db.t, column p DECIMAL(4, 1): value \"12345\" does not fit"
                                + " DECIMAL(4, 1)"),
                Arguments.of(
                        create
                                + "- type: add.column\n  table: db.t\n"
                                + "  columns: [{name: d, type: DATE}, {name: ts, type: TIMESTAMP(3)}]\n"
                                + "- type: insert\n  table: db.t\n"
                                + "  rows: [[1, a, \"2024-02-30\", null]]\n",
                        "Invalid values script bad.yaml, event #3 (line 8): row 1 of insert into"
                                + " db.t, column d DATE: value \"2024-02-30\" is not a date"
                                + " (yyyy-MM-dd)"),
                Arguments.of(
                        create
                                + "- type: add.column\n  table: db.t\n"
                                + "  columns: [{name: ts, type: TIMESTAMP(3)}]\n"
                                + "- type: insert\n  table: db.t\n"
                                + "  rows: [[1, a, \"2024-01-31 10:00:00.1234\"]]\n",
                        "Invalid values script bad.yaml, event #3 (line 8): row 1 of insert into"
                                + " db.t, column ts TIMESTAMP(3): value \"2024-01-31"
                                + " 10:00:00.1234\" has more fractional second digits than"
                                + " TIMESTAMP(3)"),
                Arguments.of(
                        create
                                + "- type: drop.column\n  table: db.t\n  columns: [name]\n"
                                + "- type: insert\n  table: db.t\n  rows: [[1, a]]\n",
                        "Invalid values script bad.yaml, event #3 (line 8): row 1 of insert into"
                                + " db.t has 2 values, but db.t has 1 columns (id INT NOT NULL)"),
                Arguments.of(
                        create
                                + "- type: create.table\n  table: db.t\n"
                                + "  columns: [{name: x, type: INT}]\n",
                        "Invalid values script bad.yaml, event #2 (line 5): table db.t already"
                                + " exists"),
                Arguments.of(
                        create
                                + "- type: add.column\n  table: db.t\n"
                                + "  columns: [{name: x, type: INT, position: after nope}]\n",
                        "Invalid values script bad.yaml, event #2 (line 5): column 1: position"
                                + " 'after nope' names column 'nope', which is not a column of"
                                + " db.t"),
                Arguments.of(
                        create
                                + "- type: add.column\n  table: db.t\n"
                                + "  columns: [{name: x, type: INT, position: middle}]\n",
                        "Invalid values script bad.yaml, event #2 (line 5): column 1: invalid"
                                + " position 'middle'; expected last, first, after <column> or"
                                + " before <column>"),
                Arguments.of(
                        create
                                + "- type: add.column\n  table: db.t\n"
                                + "  columns: [{name: name, type: INT}]\n",
                        "Invalid values script bad.yaml, event #2 (line 5): column 'name' already"
                                + " exists in db.t"),
                Arguments.of(
                        create
                                + "- type: alter.column.type\n  table: db.t\n"
                                + "  columns: {name: \"VARCHAR(\"}\n",
                        "Invalid values script bad.yaml, event #2 (line 5): column 'name': Cannot"
                                + " parse data type 'VARCHAR(': Could not parse type at position 7:"
                                + " Unexpected end."),
                Arguments.of(
                        create + "- type: rename.column\n  table: db.t\n  columns: {nope: x}\n",
                        "Invalid values script bad.yaml, event #2 (line 5): column 'nope' is not a"
                                + " column of db.t"),
                Arguments.of(
                        create + "- type: skipped.change\n  table: db.t\n  reason: unparseable\n",
                        "Invalid values script bad.yaml, event #2 (line 5): missing 'statement'"),
                Arguments.of(
                        create + "- type: truncate.table\n  table: db.t\n  rows: []\n",
                        "Invalid values script bad.yaml, event #2 (line 5): unknown key 'rows' for"
                                + " truncate.table; valid keys: type, table"),
                Arguments.of(
                        "- type: create.table\n  table: t\n"
                                + "  columns: [{name: p, type: DECIMAL(10,2)}]\n",
                        "Invalid values script bad.yaml, event #1 (line 1): column 1: unknown key"
                                + " '2)'; valid keys: name, type, comment (quote a type that"
                                + " contains a comma, e.g. type: \"DECIMAL(10,2)\")"),
                Arguments.of(
                        create
                                + "- type: drop.table\n  table: db.t\n"
                                + "- type: insert\n  table: db.t\n  rows: [[1, a]]\n",
                        "Invalid values script bad.yaml, event #3 (line 7): table db.t does not"
                                + " exist"));
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @MethodSource("badScripts")
    void rejectsBadScriptsWithEventAndLine(String text, String message) {
        assertThatThrownBy(() -> ScriptParser.parse("bad.yaml", text))
                .isInstanceOf(ScriptException.class)
                .hasMessage(message);
    }

    @Test
    void rejectsInvalidYamlWithItsLine() {
        assertThatThrownBy(() -> ScriptParser.parse("bad.yaml", "- [1, 2\n"))
                .isInstanceOf(ScriptException.class)
                .hasMessageStartingWith(
                        "Invalid values script bad.yaml: not valid YAML (line 1): ");
    }

    @Test
    void scriptExceptionCarriesEventNumberAndLine() {
        String text =
                "events:\n"
                        + "  - type: create.table\n"
                        + "    table: t\n"
                        + "    columns: [{name: a, type: INT}]\n"
                        + "\n"
                        + "  - type: insert\n"
                        + "    table: t\n"
                        + "    rows: [[x]]\n";
        assertThatThrownBy(() -> ScriptParser.parse("s.yaml", text))
                .isInstanceOfSatisfying(
                        ScriptException.class,
                        e -> {
                            assertThat(e.getEventNumber()).isEqualTo(2);
                            assertThat(e.getLine()).isEqualTo(6);
                        });
    }

    // ------------------------------------------------------------------------------------

    /** The values of a row (before or after) as simple Java values for asserting. */
    static List<Object> row(ScriptItem item, Schema schema, boolean before) {
        DataChangeEvent dce = (DataChangeEvent) item.getEvent();
        RecordData record = before ? dce.before() : dce.after();
        assertThat(record.getArity()).isEqualTo(schema.getColumnCount());
        List<Object> values = new ArrayList<>();
        for (RecordData.FieldGetter g : SchemaUtils.createFieldGetters(schema)) {
            Object v = g.getFieldOrNull(record);
            values.add(v == null || v instanceof Number || v instanceof Boolean ? v : v.toString());
        }
        return values;
    }
}
