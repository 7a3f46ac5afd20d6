package dev.schemaop.connectors.mariadb.schema;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.util.Map;

class ColumnRenamesTest {

    private static Map<String, String> columns(String ddl) {
        return ColumnRenames.in(ddl);
    }

    @Test
    void aStatementThatAlsoRenamesItsTable() {
        assertThat(columns("ALTER TABLE t1 RENAME COLUMN a TO b, RENAME TO t2"))
                .containsExactly(Map.entry("a", "b"));
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
}
