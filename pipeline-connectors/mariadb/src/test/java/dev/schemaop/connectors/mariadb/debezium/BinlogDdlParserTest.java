package dev.schemaop.connectors.mariadb.debezium;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.api.NonRecoverableException;
import dev.schemaop.connectors.debezium.TablePattern;
import dev.schemaop.connectors.mariadb.SourceSettings.Unparseable;

import io.debezium.connector.mariadb.antlr.MariaDbAntlrDdlParser;
import io.debezium.relational.TableId;
import io.debezium.relational.Tables;
import io.debezium.text.ParsingException;
import org.apache.flink.metrics.SimpleCounter;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Debezium's parser on statements it cannot read: MariaDB's application-time period ({@code ADD
 * PERIOD FOR}) is one that Debezium 3.5.0.Final does not know.
 */
class BinlogDdlParserTest {
    private static final String PERIOD =
            "ALTER TABLE orders ADD PERIOD FOR p (valid_from, valid_to)";
    private static final EventPosition AT = new EventPosition("mysql-bin.000004", 1234, "0-1-56");
    private static final TableId ORDERS = new TableId("shop", null, "orders");

    private final SimpleCounter skipped = new SimpleCounter();
    private final Tables tables = new Tables();
    private final ResolvedRenames renames = new ResolvedRenames();

    private BinlogDdlParser parser(Unparseable mode, Optional<EventPosition> reading) {
        BinlogDdlParser parser =
                new BinlogDdlParser(
                        new MariaDbAntlrDdlParser(),
                        new UnparseableStatements(
                                mode, List.of(TablePattern.parse("shop.\\.*")), skipped),
                        renames,
                        () -> reading);
        parser.setCurrentSchema("shop");
        parser.parse(
                "CREATE TABLE orders (id INT PRIMARY KEY, valid_from DATE NOT NULL,"
                        + " valid_to DATE NOT NULL)",
                tables);
        return parser;
    }

    @Test
    void failEndsTheJobNamingTheStatementItsDatabaseAndItsPosition() {
        BinlogDdlParser parser = parser(Unparseable.FAIL, Optional.of(AT));

        assertThatThrownBy(() -> parser.parse(PERIOD, tables))
                .isExactlyInstanceOf(NonRecoverableException.class)
                .hasMessage(
                        "The mariadb source cannot parse the DDL statement at binlog position"
                                + " mysql-bin.000004:1234, GTID 0-1-56, in database 'shop': "
                                + PERIOD
                                + ". Debezium's DDL parser: no viable alternative at input"
                                + " 'ALTER TABLE orders ADD PERIOD FOR'. A restart would read"
                                + " the same statement again, so the job ends. Either leave the"
                                + " statement out: set 'schema-change.unparseable: skip' in the"
                                + " source block and resubmit from the last checkpoint or"
                                + " savepoint (-s); its change does not reach the sink. Or fix"
                                + " it upstream: undo the change on the server (or make it in a"
                                + " form the parser reads) and start the pipeline anew, without"
                                + " the checkpoint (a new snapshot).");
        assertThat(skipped.getCount()).isZero();
    }

    @Test
    void skipLeavesTheStatementOutAndCountsIt() {
        BinlogDdlParser parser = parser(Unparseable.SKIP, Optional.of(AT));

        assertThat(parser.parse(PERIOD, tables).isEmpty()).isTrue();
        assertThat(skipped.getCount()).isEqualTo(1);
        assertThat(tables.forTable(ORDERS).retrieveColumnNames())
                .containsExactly("id", "valid_from", "valid_to");

        // The parser goes on with the next statement as before.
        assertThat(parser.parse("ALTER TABLE orders ADD COLUMN note TEXT", tables).isEmpty())
                .isFalse();
        assertThat(tables.forTable(ORDERS).retrieveColumnNames())
                .containsExactly("id", "valid_from", "valid_to", "note");
    }

    /**
     * A statement the parser fails on while applying it (a column it does not know) is left out
     * whole: the column its first clause added is not kept.
     */
    @Test
    void skipLeavesOutAStatementThatFailedHalfWayWhole() {
        BinlogDdlParser parser = parser(Unparseable.SKIP, Optional.of(AT));

        assertThat(
                        parser.parse(
                                        "ALTER TABLE orders ADD COLUMN note TEXT, CHANGE nosuch"
                                                + " other INT",
                                        tables)
                                .isEmpty())
                .isTrue();
        assertThat(skipped.getCount()).isEqualTo(1);
        assertThat(tables.forTable(ORDERS).retrieveColumnNames())
                .containsExactly("id", "valid_from", "valid_to");
    }

    /** Outside the binlog (the schema history, the tables of latest-offset) Debezium decides. */
    @Test
    void withoutABinlogPositionTheParseErrorStaysDebeziums() {
        BinlogDdlParser parser = parser(Unparseable.SKIP, Optional.empty());

        assertThatThrownBy(() -> parser.parse(PERIOD, tables)).isInstanceOf(ParsingException.class);
        assertThat(skipped.getCount()).isZero();
    }

    @Test
    void aLongStatementIsCutAndKeptOnOneLine() {
        String column = "c".repeat(400);
        String statement = "ALTER TABLE orders\n  ADD COLUMN " + column + " INET6";

        assertThatThrownBy(() -> parser(Unparseable.FAIL, Optional.of(AT)).parse(statement, tables))
                .hasMessageContaining(
                        "in database 'shop': ALTER TABLE orders ADD COLUMN "
                                + "c".repeat(UnparseableStatement.STATEMENT_SHOWN - 30)
                                + " (...). Debezium's DDL parser: ")
                .hasMessageNotContaining("\n");
    }

    @Test
    void aStatementWithoutACurrentDatabaseSaysSo() {
        BinlogDdlParser parser = parser(Unparseable.FAIL, Optional.of(AT));
        parser.setCurrentSchema(null);

        assertThatThrownBy(
                        () ->
                                parser.parse(
                                        "ALTER TABLE shop.orders DROP SYSTEM VERSIONING", tables))
                .hasMessageContaining(
                        "at binlog position mysql-bin.000004:1234, GTID 0-1-56, with no current"
                                + " database: ALTER TABLE shop.orders DROP SYSTEM VERSIONING.");
    }

    /**
     * Debezium parses the DDL of every database of the server: a statement that can name no
     * captured database ends no job, whatever the mode, and is not counted.
     */
    @Test
    void aStatementThatNamesNoCapturedDatabaseIsPassedOver() {
        BinlogDdlParser parser = parser(Unparseable.FAIL, Optional.of(AT));
        parser.setCurrentSchema("crm");

        assertThat(parser.parse("ALTER TABLE contacts ADD PERIOD FOR p (a, b)", tables).isEmpty())
                .isTrue();
        assertThat(
                        parser.parse("CREATE PACKAGE crm.pkg AS FUNCTION f RETURN INT; END", tables)
                                .isEmpty())
                .isTrue();
        assertThat(skipped.getCount()).isZero();

        // From another database, a statement that names the captured one may be about it.
        assertThatThrownBy(
                        () ->
                                parser.parse(
                                        "ALTER TABLE `shop`.orders ADD PERIOD FOR p (a, b)",
                                        tables))
                .isExactlyInstanceOf(NonRecoverableException.class);
    }

    /**
     * A table the statement names without its database is the one of the database the statement ran
     * in, whatever database the new name is in; each statement's renames wait, in order, for the
     * record at or after its position.
     */
    @Test
    void theTablesABinlogStatementRenamesAreResolvedInItsDatabase() {
        EventPosition next = new EventPosition("mysql-bin.000005", 4, null);
        BinlogDdlParser parser = parser(Unparseable.FAIL, Optional.of(AT));
        parser.parse("CREATE DATABASE archive", tables);
        parser.parse("RENAME TABLE orders TO archive.orders_2025", tables);
        BinlogDdlParser later = parser(Unparseable.FAIL, Optional.of(next));
        later.setCurrentSchema("archive");
        later.parse("ALTER TABLE orders_2025 RENAME TO shop.orders_old", tables);

        assertThat(renames.takeThrough(new EventPosition("mysql-bin.000004", 1233, null)))
                .as("nothing of a statement after the position")
                .isEmpty();
        assertThat(renames.takeThrough(AT))
                .containsExactly(
                        Map.entry(flink("shop", "orders"), flink("archive", "orders_2025")));
        assertThat(renames.takeThrough(AT)).as("taken once").isEmpty();
        assertThat(renames.takeThrough(new EventPosition("mysql-bin.000010", 1, null)))
                .as("a later file")
                .containsExactly(
                        Map.entry(flink("archive", "orders_2025"), flink("shop", "orders_old")));
        assertThat(renames.isEmpty()).isTrue();
    }

    /** Before the binlog (the schema history) no statement has a record to wait for. */
    @Test
    void statementsReadBeforeTheBinlogLeaveNoRenames() {
        parser(Unparseable.FAIL, Optional.empty()).parse("RENAME TABLE orders TO o2", tables);

        assertThat(renames.isEmpty()).isTrue();
    }

    private static org.apache.flink.cdc.common.event.TableId flink(String database, String table) {
        return org.apache.flink.cdc.common.event.TableId.tableId(database, table);
    }

    @Test
    void aStatementRenamingSeveralTablesAndOneRenamingAColumnAndItsTable() {
        BinlogDdlParser parser = parser(Unparseable.FAIL, Optional.of(AT));
        parser.parse("CREATE TABLE items (id INT PRIMARY KEY, a INT)", tables);
        parser.parse("CREATE DATABASE archive", tables);
        parser.parse("RENAME TABLE orders TO o2, items TO archive.items", tables);
        parser.parse("ALTER TABLE o2 RENAME COLUMN id TO oid, RENAME TO o3", tables);

        assertThat(renames.takeThrough(AT))
                .containsExactly(
                        Map.entry(flink("shop", "orders"), flink("shop", "o2")),
                        Map.entry(flink("shop", "items"), flink("archive", "items")),
                        Map.entry(flink("shop", "o2"), flink("shop", "o3")));
    }
}
