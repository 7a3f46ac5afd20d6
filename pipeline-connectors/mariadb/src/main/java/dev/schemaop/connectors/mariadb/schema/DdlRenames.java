package dev.schemaop.connectors.mariadb.schema;

import io.debezium.antlr.CaseChangingCharStream;
import io.debezium.ddl.parser.mariadb.generated.MariaDBLexer;
import io.debezium.ddl.parser.mariadb.generated.MariaDBParser;
import io.debezium.ddl.parser.mariadb.generated.MariaDBParserBaseListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.tree.ParseTreeWalker;
import org.apache.flink.cdc.common.event.TableId;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The renames a DDL statement makes, read from Debezium's own MariaDB grammar (a listener on the
 * parse tree of {@code MariaDBParser}, names read as {@link QuotedNamesDdlParser} reads them).
 * Debezium describes a table after a DDL statement, not the statement's steps; comparing the two
 * descriptions cannot tell a rename from a drop and an add, so the statement itself names them.
 */
public final class DdlRenames {
    /** Reads names only: no table filter, no charsets. */
    private static final QuotedNamesDdlParser NAMES = new QuotedNamesDdlParser();

    private DdlRenames() {}

    /**
     * The column renames of an {@code ALTER TABLE}, old name to new name in statement order: {@code
     * CHANGE [COLUMN] [IF EXISTS] old new type ..} and {@code RENAME COLUMN [IF EXISTS] old TO
     * new}; empty for any other statement.
     */
    public static Map<String, String> of(String ddl) {
        Map<String, String> renames = new LinkedHashMap<>();
        walk(
                ddl,
                new MariaDBParserBaseListener() {
                    @Override
                    public void enterAlterByChangeColumn(
                            MariaDBParser.AlterByChangeColumnContext change) {
                        put(change.oldColumn, change.newColumn);
                    }

                    @Override
                    public void enterAlterByRenameColumn(
                            MariaDBParser.AlterByRenameColumnContext rename) {
                        put(rename.oldColumn, rename.newColumn);
                    }

                    private void put(MariaDBParser.UidContext from, MariaDBParser.UidContext to) {
                        renames.put(NAMES.parseName(from), NAMES.parseName(to));
                    }
                });
        return renames;
    }

    /**
     * The tables a statement renames: {@code RENAME TABLE a TO b [, c TO d]} and {@code ALTER TABLE
     * a RENAME [TO|AS] b}, names qualified with {@code database} where the statement does not
     * qualify them.
     */
    public static Map<TableId, TableId> tablesOf(String ddl, String database) {
        Map<TableId, TableId> renames = new LinkedHashMap<>();
        walk(
                ddl,
                new MariaDBParserBaseListener() {
                    @Override
                    public void enterRenameTableClause(
                            MariaDBParser.RenameTableClauseContext clause) {
                        renames.put(
                                table(clause.tableName(0).fullId(), database),
                                table(clause.tableName(1).fullId(), database));
                    }

                    @Override
                    public void enterAlterByRename(MariaDBParser.AlterByRenameContext rename) {
                        MariaDBParser.AlterTableContext alter =
                                (MariaDBParser.AlterTableContext) rename.getParent();
                        TableId to =
                                rename.fullId() != null
                                        ? table(rename.fullId(), database)
                                        : TableId.tableId(database, NAMES.parseName(rename.uid()));
                        renames.put(table(alter.tableName().fullId(), database), to);
                    }
                });
        return renames;
    }

    private static TableId table(MariaDBParser.FullIdContext name, String database) {
        io.debezium.relational.TableId id = NAMES.parseQualifiedTableId(name);
        return TableId.tableId(id.catalog() != null ? id.catalog() : database, id.table());
    }

    /** Parses {@code ddl} as Debezium does (its grammar is upper case) and walks the tree. */
    private static void walk(String ddl, MariaDBParserBaseListener listener) {
        MariaDBLexer lexer =
                new MariaDBLexer(new CaseChangingCharStream(CharStreams.fromString(ddl), true));
        lexer.removeErrorListeners();
        MariaDBParser parser = new MariaDBParser(new CommonTokenStream(lexer));
        parser.removeErrorListeners();
        ParseTreeWalker.DEFAULT.walk(listener, parser.root());
    }
}
