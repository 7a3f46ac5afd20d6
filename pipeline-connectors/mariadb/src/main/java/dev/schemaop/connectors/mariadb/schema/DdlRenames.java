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
 * The renames a DDL statement makes, read in one walk of Debezium's own MariaDB grammar (a listener
 * on the parse tree of {@code MariaDBParser}, names read as {@link QuotedNamesDdlParser} reads
 * them). Debezium describes a table after a DDL statement, not the statement's steps; comparing the
 * two descriptions cannot tell a rename from a drop and an add, so the statement itself names them.
 *
 * @param columns the column renames of an {@code ALTER TABLE}, old name to new name in statement
 *     order: {@code CHANGE [COLUMN] [IF EXISTS] old new type ..} and {@code RENAME COLUMN [IF
 *     EXISTS] old TO new}
 * @param tables the tables the statement renames: {@code RENAME TABLE a TO b [, c TO d]} and {@code
 *     ALTER TABLE a RENAME [TO|AS] b}, names qualified with the statement's database where it does
 *     not qualify them
 */
public record DdlRenames(Map<String, String> columns, Map<TableId, TableId> tables) {

    /** What a statement that is not read renames: nothing. */
    public static final DdlRenames NONE = new DdlRenames(Map.of(), Map.of());

    /** Reads names only: no table filter, no charsets. */
    private static final QuotedNamesDdlParser NAMES = new QuotedNamesDdlParser();

    /**
     * @param database the database the statement ran in, for the tables it does not qualify
     */
    public static DdlRenames in(String ddl, String database) {
        Map<String, String> columns = new LinkedHashMap<>();
        Map<TableId, TableId> tables = new LinkedHashMap<>();
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

                    @Override
                    public void enterRenameTableClause(
                            MariaDBParser.RenameTableClauseContext clause) {
                        tables.put(
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
                        tables.put(table(alter.tableName().fullId(), database), to);
                    }
                },
                parser.root());
        return new DdlRenames(columns, tables);
    }

    private static TableId table(MariaDBParser.FullIdContext name, String database) {
        io.debezium.relational.TableId id = NAMES.parseQualifiedTableId(name);
        return TableId.tableId(id.catalog() != null ? id.catalog() : database, id.table());
    }
}
