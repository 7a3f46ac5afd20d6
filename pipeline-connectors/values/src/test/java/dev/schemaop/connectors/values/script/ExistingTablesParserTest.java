package dev.schemaop.connectors.values.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.util.Map;

class ExistingTablesParserTest {

    private static final String PREFIX = "Invalid values sink existing.tables file t.yaml";

    private static Map<TableId, Schema> parse(String text) {
        return ExistingTablesParser.parse("t.yaml", text);
    }

    @Test
    void readsEveryKeyOfACreateTableEventButType() {
        Map<TableId, Schema> tables =
                parse(
                        "- table: db.orders\n"
                                + "  columns:\n"
                                + "    - {name: id, type: INT NOT NULL, comment: order id}\n"
                                + "    - {name: region, type: CHAR(2) NOT NULL}\n"
                                + "    - {name: price, type: \"DECIMAL(10,2)\"}\n"
                                + "  primaryKeys: [id, region]\n"
                                + "  partitionKeys: region\n"
                                + "  comment: the orders\n"
                                + "  options: {bucket: 4}\n"
                                + "- table: logs\n"
                                + "  columns: [{name: line, type: STRING}]\n");

        assertThat(tables.keySet())
                .containsExactly(TableId.tableId("db", "orders"), TableId.tableId("logs"));
        assertThat(tables.get(TableId.tableId("db", "orders")))
                .isEqualTo(
                        Schema.newBuilder()
                                .column(
                                        Column.physicalColumn(
                                                "id", DataTypes.INT().notNull(), "order id"))
                                .physicalColumn("region", DataTypes.CHAR(2).notNull())
                                .physicalColumn("price", DataTypes.DECIMAL(10, 2))
                                .primaryKey("id", "region")
                                .partitionKey("region")
                                .comment("the orders")
                                .option("bucket", "4")
                                .build());
        assertThat(tables.get(TableId.tableId("logs")))
                .isEqualTo(Schema.newBuilder().physicalColumn("line", DataTypes.STRING()).build());
    }

    @Test
    void anEmptyListListsNoTable() {
        assertThat(parse("[]\n")).isEmpty();
    }

    @Test
    void anEntryErrorNamesTheFileTheEntryAndItsLine() {
        String first = "- table: a\n  columns: [{name: id, type: INT}]\n";
        assertThatThrownBy(
                        () ->
                                parse(
                                        first
                                                + "- table: b\n"
                                                + "  columns: [{name: id, type: INTT}]\n"))
                .isInstanceOf(ScriptException.class)
                .hasMessage(
                        PREFIX
                                + ", entry #2 (line 3): column 'id': Cannot parse data type"
                                + " 'INTT': unknown type 'INTT'")
                .satisfies(
                        e -> {
                            assertThat(((ScriptException) e).getEventNumber()).isEqualTo(2);
                            assertThat(((ScriptException) e).getLine()).isEqualTo(3);
                        });
        assertThatThrownBy(
                        () ->
                                parse(
                                        first
                                                + "- table: b\n"
                                                + "  columns: [{name: id, type: INT}]\n"
                                                + "  primaryKeys: [key]\n"))
                .hasMessage(
                        PREFIX
                                + ", entry #2 (line 3): primary key column 'key' is not a column"
                                + " of b");
        assertThatThrownBy(() -> parse(first + first))
                .hasMessage(
                        PREFIX
                                + ", entry #2 (line 3): table a is listed twice (also as entry"
                                + " #1); list each table once");
        assertThatThrownBy(() -> parse("- table: a\n"))
                .hasMessage(
                        PREFIX
                                + ", entry #1 (line 1): 'columns' must be a non-empty list of"
                                + " {name, type[, comment]}");
        assertThatThrownBy(() -> parse("- columns: [{name: id, type: INT}]\n"))
                .hasMessage(
                        PREFIX
                                + ", entry #1 (line 1): missing 'table' (\"db.table\" or \"table\")");
    }

    @Test
    void anEntryIsATableNotAnEvent() {
        assertThatThrownBy(
                        () ->
                                parse(
                                        "- type: create.table\n"
                                                + "  table: a\n"
                                                + "  columns: [{name: id, type: INT}]\n"))
                .isInstanceOf(ScriptException.class)
                .hasMessage(
                        PREFIX
                                + ", entry #1 (line 1): unknown key 'type'; valid keys: table,"
                                + " columns, primaryKeys, partitionKeys, comment, options (an"
                                + " entry describes a table the sink already has, not an event:"
                                + " leave out 'type')");
        assertThatThrownBy(() -> parse("- a\n"))
                .hasMessage(
                        PREFIX
                                + ", entry #1 (line 1): an entry must be a mapping with keys table,"
                                + " columns, primaryKeys, partitionKeys, comment, options (table"
                                + " and columns required), got \"a\"");
    }

    @Test
    void theFileMustBeOneList() {
        assertThatThrownBy(() -> parse(""))
                .isInstanceOf(ScriptException.class)
                .hasMessage(
                        PREFIX
                                + ": the file is empty; expected a list of tables, each a mapping"
                                + " {table, columns[, primaryKeys][, partitionKeys][, comment][,"
                                + " options]} (write [] for none)");
        assertThatThrownBy(() -> parse("tables:\n  - table: a\n"))
                .hasMessage(
                        PREFIX
                                + " (line 1): expected a list of tables, each a mapping {table,"
                                + " columns[, primaryKeys][, partitionKeys][, comment][, options]},"
                                + " a YAML list with one '- ' item per table");
        assertThatThrownBy(() -> parse("- &t {table: a, columns: [{name: id, type: INT}]}\n"))
                .hasMessage(
                        PREFIX
                                + " (line 1): YAML aliases (*name) and anchors (&name) are not"
                                + " supported here (found the anchor &t); write the value out.");
        assertThatThrownBy(() -> parse("- {table: a\n"))
                .hasMessageStartingWith(PREFIX + ": not valid YAML");
    }
}
