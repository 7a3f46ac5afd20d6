package dev.schemaop.connectors.mariadb.schema;

import io.debezium.antlr.AntlrDdlParser;
import io.debezium.connector.mariadb.antlr.MariaDbAntlrDdlParser;
import io.debezium.ddl.parser.mariadb.generated.MariaDBParser;
import io.debezium.relational.Tables;

/**
 * Debezium's MariaDB DDL parser, reading a quoted name as MariaDB does: {@code `a``b`} is {@code
 * a`b}, and {@code "a""b"} (under {@code ANSI_QUOTES}) is {@code a"b}.
 *
 * <p>Debezium 3.5.0.Final un-doubles the backticks of the names a {@code CREATE TABLE} declares and
 * of index columns, but not of those {@code ALTER TABLE} names: its {@code ADD}, {@code CHANGE},
 * {@code RENAME COLUMN} and {@code RENAME TO} keep the doubled backtick in the new name ({@code
 * a``b}), and its {@code MODIFY}, {@code CHANGE}, {@code RENAME COLUMN}, {@code DROP} and {@code
 * AFTER} look the doubled name up, so they fail ("Trying to change column a``b ... which does not
 * exist") or do nothing ({@code DROP}). Here every name is un-doubled where it is read ({@link
 * #parseName}), so no later step un-doubles it again ({@link #removeRepeatedBacktick}).
 */
public class QuotedNamesDdlParser extends MariaDbAntlrDdlParser {

    /** A parser of every table, as {@link MariaDbAntlrDdlParser#MariaDbAntlrDdlParser()}. */
    public QuotedNamesDdlParser() {
        super(true, false, true, Tables.TableFilter.includeAll(), null);
    }

    /** A parser set up as {@code parser} is: the same tables, views, comments and charsets. */
    public QuotedNamesDdlParser(MariaDbAntlrDdlParser parser) {
        super(
                true,
                !parser.skipViews(),
                !parser.skipComments(),
                parser.getTableFilter(),
                parser.getCharsetRegistry());
    }

    @Override
    public String parseName(MariaDBParser.UidContext name) {
        return unquoted(AntlrDdlParser.getText(name));
    }

    /**
     * Names are unquoted once, by {@link #parseName}: a second pass would halve {@code ``} again.
     */
    @Override
    public String removeRepeatedBacktick(String name) {
        return name;
    }

    /** A name as written in a statement, without its quotes; other text as Debezium reads it. */
    static String unquoted(String written) {
        char quote = written.isEmpty() ? ' ' : written.charAt(0);
        if ((quote != '`' && quote != '"')
                || written.length() < 2
                || written.charAt(written.length() - 1) != quote) {
            return withoutQuotes(written);
        }
        String single = String.valueOf(quote);
        return written.substring(1, written.length() - 1).replace(single + single, single);
    }
}
