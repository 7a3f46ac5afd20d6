package dev.schemaop.connectors.mariadb.schema;

import io.debezium.antlr.CaseChangingCharStream;
import io.debezium.ddl.parser.mariadb.generated.MariaDBLexer;
import io.debezium.ddl.parser.mariadb.generated.MariaDBParser;
import io.debezium.ddl.parser.mariadb.generated.MariaDBParserBaseListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.tree.ParseTreeWalker;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The column renames of a DDL statement, read in one walk of Debezium's own MariaDB grammar (a
 * listener on the parse tree of {@code MariaDBParser}, names read as {@link QuotedNamesDdlParser}
 * reads them). Debezium describes a table after a DDL statement, not the statement's steps;
 * comparing the two descriptions cannot tell a rename from a drop and an add, so the statement
 * itself names them. (Table renames Debezium's parser resolves itself: {@code ResolvedRenames}.)
 */
public final class ColumnRenames {

    /** Reads names only: no table filter, no charsets. */
    private static final QuotedNamesDdlParser NAMES = new QuotedNamesDdlParser();

    private ColumnRenames() {}

    /**
     * Old name to new name in statement order: {@code CHANGE [COLUMN] [IF EXISTS] old new type ..}
     * and {@code RENAME COLUMN [IF EXISTS] old TO new} of an {@code ALTER TABLE}.
     */
    public static Map<String, String> in(String ddl) {
        Map<String, String> columns = new LinkedHashMap<>();
        MariaDBLexer lexer =
                new MariaDBLexer(new CaseChangingCharStream(CharStreams.fromString(ddl), true));
        lexer.removeErrorListeners();
        MariaDBParser parser = new MariaDBParser(new CommonTokenStream(lexer));
        parser.removeErrorListeners();
        ParseTreeWalker.DEFAULT.walk(
                new MariaDBParserBaseListener() {
                    @Override
                    public void enterAlterByChangeColumn(
                            MariaDBParser.AlterByChangeColumnContext change) {
                        column(change.oldColumn, change.newColumn);
                    }

                    @Override
                    public void enterAlterByRenameColumn(
                            MariaDBParser.AlterByRenameColumnContext rename) {
                        column(rename.oldColumn, rename.newColumn);
                    }

                    private void column(
                            MariaDBParser.UidContext from, MariaDBParser.UidContext to) {
                        columns.put(NAMES.parseName(from), NAMES.parseName(to));
                    }
                },
                parser.root());
        return columns;
    }
}
