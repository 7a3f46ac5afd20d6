package dev.schemaop.connectors.mariadb.schema;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.cdc.common.event.TableId;
import org.junit.jupiter.api.Test;

import java.util.Map;

class DdlRenamesTest {

    private static Map<String, String> columns(String ddl) {
        return DdlRenames.in(ddl, "app").columns();
    }

    private static Map<TableId, TableId> tables(String ddl, String database) {
        return DdlRenames.in(ddl, database).tables();
    }

    @Test
    void oneStatementCanRenameColumnsAndItsTable() {
        DdlRenames renames =
                DdlRenames.in("ALTER TABLE t1 RENAME COLUMN a TO b, RENAME TO t2", "app");
        assertThat(renames.columns()).containsExactly(Map.entry("a", "b"));
        assertThat(renames.tables())
                .containsExactly(
                        Map.entry(TableId.tableId("app", "t1"), TableId.tableId("app", "t2")));
    }

    @Test
    void changeAndRenameColumnInStatementOrder() {
        assertThat(
                        columns(
                                "ALTER TABLE app.customers CHANGE age precise_age DOUBLE,"
                                        + " RENAME COLUMN name TO full_name, ADD COLUMN x INT"))
                .containsExactly(Map.entry("age", "precise_age"), Map.entry("name", "full_name"));
    }

    @Test
    void quotedNamesKeywordsAndOptionalWords() {
        assertThat(
                        columns(
                                "alter online table `app`.`t` wait 5 change column if exists"
                                        + " `we``ird, name` `new` varchar(10) default 'a, b',"
                                        + " rename column if exists `x` to `y`"))
                .containsExactly(Map.entry("we`ird, name", "new"), Map.entry("x", "y"));
    }

    @Test
    void commasInsideTypesDefaultsAndCommentsDoNotSplitClauses() {
        assertThat(
                        columns(
                                "ALTER TABLE t MODIFY price DECIMAL(10, 2) /* a, b */,"
                                        + " CHANGE c d ENUM('x', 'y') COMMENT 'it''s, here'"))
                .containsExactly(Map.entry("c", "d"));
    }

    @Test
    void namesWithBackticksAndDoubleQuotedNamesOfAnsiQuotes() {
        assertThat(
                        columns(
                                "ALTER TABLE `t``q` RENAME COLUMN x TO `a``b`, CHANGE `c\"d` `e.f`"
                                        + " INT, CHANGE \"g\"\"h\" \"i j\" INT"))
                .containsExactly(
                        Map.entry("x", "a`b"), Map.entry("c\"d", "e.f"), Map.entry("g\"h", "i j"));
    }

    @Test
    void aDoubleQuotedStringWithAnEscapedQuoteAndACommaIsOneString() {
        assertThat(
                        columns(
                                "ALTER TABLE t MODIFY x INT COMMENT \"say \\\"a, b\\\"\","
                                        + " CHANGE y z INT"))
                .containsExactly(Map.entry("y", "z"));
    }

    @Test
    void aCaseOnlyRenameIsARename() {
        assertThat(columns("ALTER TABLE t CHANGE name Name VARCHAR(10)"))
                .containsExactly(Map.entry("name", "Name"));
    }

    @Test
    void otherStatementsRenameNothing() {
        assertThat(columns("CREATE TABLE t (change_me INT)")).isEmpty();
        assertThat(columns("ALTER TABLE t ADD COLUMN change_x INT")).isEmpty();
        assertThat(columns("RENAME TABLE a TO b")).isEmpty();
    }

    @Test
    void renamedTables() {
        assertThat(tables("RENAME TABLE t1 TO t3, `other`.`a` TO other.b", "app"))
                .containsExactly(
                        Map.entry(TableId.tableId("app", "t1"), TableId.tableId("app", "t3")),
                        Map.entry(TableId.tableId("other", "a"), TableId.tableId("other", "b")));
        assertThat(tables("ALTER TABLE app.t1 RENAME TO app.t2", "x"))
                .containsExactly(
                        Map.entry(TableId.tableId("app", "t1"), TableId.tableId("app", "t2")));
        assertThat(tables("ALTER TABLE IF EXISTS `t1` WAIT 5 RENAME AS t2", "app"))
                .as("the name is the table's, not the words around it")
                .containsExactly(
                        Map.entry(TableId.tableId("app", "t1"), TableId.tableId("app", "t2")));
        assertThat(tables("ALTER TABLE t1 RENAME COLUMN a TO b", "app")).isEmpty();
        assertThat(tables("ALTER TABLE t1 ADD COLUMN c INT", "app")).isEmpty();
    }
}
