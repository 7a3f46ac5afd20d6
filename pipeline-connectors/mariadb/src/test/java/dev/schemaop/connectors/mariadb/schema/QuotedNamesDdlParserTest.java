package dev.schemaop.connectors.mariadb.schema;

import static org.assertj.core.api.Assertions.assertThat;

import io.debezium.relational.Column;
import io.debezium.relational.Table;
import io.debezium.relational.TableId;
import io.debezium.relational.Tables;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

/**
 * Quoted names through every statement that declares, renames, alters, reorders, keys or drops a
 * column or renames a table: each is the name MariaDB has. Debezium 3.5.0.Final's own parser kept
 * the doubled backtick of every name an ALTER TABLE writes ({@code a``b}) and failed to find the
 * column {@code a`b} its CREATE TABLE had declared.
 */
class QuotedNamesDdlParserTest {
    private final QuotedNamesDdlParser parser = new QuotedNamesDdlParser();
    private final Tables tables = new Tables();

    /** "name type" per column, then "key: ...", of {@code db.table} after {@code statements}. */
    private List<String> after(String table, String... statements) {
        parse(statements);
        Table described = tables.forTable(new TableId("db", null, table));
        List<String> columns = new ArrayList<>();
        for (Column column : described.columns()) {
            columns.add(column.name() + " " + column.typeName());
        }
        columns.add("key: " + String.join(", ", described.primaryKeyColumnNames()));
        return columns;
    }

    @Test
    void backticksInEveryColumnStatement() {
        assertThat(
                        after(
                                "t`q",
                                "CREATE TABLE `t``q` (`id` INT NOT NULL, `a``b` INT, `x` INT,"
                                        + " `p````q` INT, PRIMARY KEY (`id`))",
                                "ALTER TABLE `t``q` MODIFY `a``b` BIGINT",
                                "ALTER TABLE `t``q` CHANGE `p````q` `p````r` VARCHAR(5)",
                                "ALTER TABLE `t``q` CHANGE COLUMN `x` `x``y` INT",
                                "ALTER TABLE `t``q` ADD COLUMN `k``1` INT AFTER `a``b`,"
                                        + " DROP PRIMARY KEY, ADD PRIMARY KEY (`k``1`)",
                                "ALTER TABLE `t``q` RENAME COLUMN `k``1` TO `k``2`",
                                "ALTER TABLE `t``q` DROP COLUMN `id`, MODIFY `x``y` INT FIRST"))
                .containsExactly("x`y INT", "a`b BIGINT", "k`2 INT", "p``r VARCHAR", "key: k`2");
    }

    @Test
    void otherCharactersAreTakenAsWritten() {
        assertThat(
                        after(
                                "t",
                                "CREATE TABLE t (id INT, `a\"b` INT)",
                                "ALTER TABLE t ADD COLUMN `c'd` INT, ADD `e\\f` INT, ADD `g.h` INT,"
                                        + " ADD ` i j` INT, ADD `select` INT, ADD `naïve_名前` INT",
                                "ALTER TABLE t RENAME COLUMN `a\"b` TO `a\"\"b`"))
                .containsExactly(
                        "id INT",
                        "a\"\"b INT",
                        "c'd INT",
                        "e\\f INT",
                        "g.h INT",
                        " i j INT",
                        "select INT",
                        "naïve_名前 INT",
                        "key: ");
    }

    @Test
    void doubleQuotedNamesUnderAnsiQuotes() {
        assertThat(
                        after(
                                "t",
                                "CREATE TABLE t (\"id\" INT)",
                                "ALTER TABLE t ADD COLUMN \"a\"\"b\" INT",
                                "ALTER TABLE t CHANGE \"a\"\"b\" \"c\"\"d\" INT"))
                .containsExactly("id INT", "c\"d INT", "key: ");
    }

    @Test
    void tableRenames() {
        parse("CREATE TABLE `t``1` (id INT)", "ALTER TABLE `t``1` RENAME TO `t``2`");
        assertThat(tables.tableIds()).containsExactly(new TableId("db", null, "t`2"));
        parse("RENAME TABLE `t``2` TO `t``3`");
        assertThat(tables.tableIds()).containsExactly(new TableId("db", null, "t`3"));
    }

    private void parse(String... statements) {
        parser.setCurrentDatabase("db");
        for (String statement : statements) {
            parser.parse(statement, tables);
        }
    }
}
