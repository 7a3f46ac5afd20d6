package dev.schemaop.connectors.mariadb.schema;

import org.apache.flink.cdc.common.event.TableId;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The column renames an {@code ALTER TABLE} statement makes: {@code CHANGE [COLUMN] [IF EXISTS] old
 * new type ..} and {@code RENAME COLUMN [IF EXISTS] old TO new}, in statement order. Debezium
 * describes a table after a DDL statement, not the statement's steps; comparing the two
 * descriptions cannot tell a rename from a drop and an add, so the statement itself names them.
 * Identifiers may be quoted with backticks or, under {@code ANSI_QUOTES}, double quotes (the quote
 * doubled inside); strings and parenthesised parts (types, defaults, checks) are skipped.
 */
public final class DdlRenames {
    private DdlRenames() {}

    /** Old name to new name; empty for a statement that is not an ALTER TABLE. */
    public static Map<String, String> of(String ddl) {
        List<Token> tokens = tokenize(ddl);
        Map<String, String> renames = new LinkedHashMap<>();
        Header header = alterTableHeader(tokens);
        if (header == null) {
            return renames;
        }
        int i = header.clauses();
        while (i < tokens.size()) {
            int end = clauseEnd(tokens, i);
            clause(tokens.subList(i, end), renames);
            i = end + 1;
        }
        return renames;
    }

    /**
     * The tables a statement renames: {@code RENAME TABLE a TO b [, c TO d]} and {@code ALTER TABLE
     * a RENAME [TO|AS] b}, names qualified with {@code database} where the statement does not
     * qualify them.
     */
    public static Map<TableId, TableId> tablesOf(String ddl, String database) {
        List<Token> tokens = tokenize(ddl);
        Map<TableId, TableId> renames = new LinkedHashMap<>();
        if (is(tokens, 0, "RENAME") && is(tokens, 1, "TABLE")) {
            int i = 2;
            while (i < tokens.size()) {
                int end = clauseEnd(tokens, i);
                List<Token> pair = tokens.subList(i, end);
                int to = indexOf(pair, "TO");
                if (to > 0) {
                    renames.put(
                            table(pair.subList(0, to), database),
                            table(pair.subList(to + 1, pair.size()), database));
                }
                i = end + 1;
            }
        } else {
            Header header = alterTableHeader(tokens);
            if (header != null) {
                alterTableRename(tokens, header, database, renames);
            }
        }
        return renames;
    }

    /** {@code ALTER TABLE a [..,] RENAME [TO|AS] b}: not RENAME COLUMN, INDEX or KEY. */
    private static void alterTableRename(
            List<Token> tokens, Header header, String database, Map<TableId, TableId> renames) {
        TableId renamed = table(tokens.subList(header.nameStart(), header.nameEnd()), database);
        for (int i = header.clauses(); i < tokens.size(); ) {
            int end = clauseEnd(tokens, i);
            List<Token> clause = tokens.subList(i, end);
            if (is(clause, 0, "RENAME")
                    && !is(clause, 1, "COLUMN")
                    && !is(clause, 1, "INDEX")
                    && !is(clause, 1, "KEY")) {
                int from = is(clause, 1, "TO") || is(clause, 1, "AS") ? 2 : 1;
                renames.put(renamed, table(clause.subList(from, clause.size()), database));
            }
            i = end + 1;
        }
    }

    private static int indexOf(List<Token> tokens, String keyword) {
        for (int i = 0; i < tokens.size(); i++) {
            if (is(tokens, i, keyword)) {
                return i;
            }
        }
        return -1;
    }

    /** {@code db . table} or {@code table}. */
    private static TableId table(List<Token> name, String database) {
        List<String> parts = new ArrayList<>();
        for (Token token : name) {
            if (!(token.text.equals(".") && !token.quoted)) {
                parts.add(token.text);
            }
        }
        return parts.size() >= 2
                ? TableId.tableId(parts.get(0), parts.get(1))
                : TableId.tableId(database, parts.isEmpty() ? "" : parts.get(0));
    }

    private static void clause(List<Token> clause, Map<String, String> renames) {
        int i = 0;
        if (is(clause, i, "CHANGE")) {
            i++;
            if (is(clause, i, "COLUMN")) {
                i++;
            }
            i = skipIfExists(clause, i);
            if (i + 1 < clause.size()) {
                renames.put(clause.get(i).text, clause.get(i + 1).text);
            }
        } else if (is(clause, i, "RENAME") && is(clause, i + 1, "COLUMN")) {
            i = skipIfExists(clause, i + 2);
            if (i + 2 < clause.size() && is(clause, i + 1, "TO")) {
                renames.put(clause.get(i).text, clause.get(i + 2).text);
            }
        }
    }

    /**
     * Where the parts of {@code ALTER [ONLINE|IGNORE] TABLE [IF EXISTS] name [WAIT n|NOWAIT]} end:
     * the table name is {@code [nameStart, nameEnd)}, the clauses start at {@code clauses}.
     */
    private record Header(int nameStart, int nameEnd, int clauses) {}

    /** The statement's header, or null when it is not an ALTER TABLE. */
    private static Header alterTableHeader(List<Token> tokens) {
        int i = 0;
        if (!is(tokens, i++, "ALTER")) {
            return null;
        }
        while (is(tokens, i, "ONLINE") || is(tokens, i, "IGNORE")) {
            i++;
        }
        if (!is(tokens, i++, "TABLE")) {
            return null;
        }
        int nameStart = skipIfExists(tokens, i);
        int nameEnd = nameStart + 1;
        while (nameEnd < tokens.size()
                && tokens.get(nameEnd).text.equals(".")
                && !tokens.get(nameEnd).quoted) {
            nameEnd += 2; // db.table
        }
        int clauses = nameEnd;
        if (is(tokens, clauses, "WAIT")) {
            clauses += 2;
        } else if (is(tokens, clauses, "NOWAIT")) {
            clauses++;
        }
        return new Header(nameStart, nameEnd, clauses);
    }

    private static int skipIfExists(List<Token> tokens, int i) {
        return is(tokens, i, "IF") && is(tokens, i + 1, "EXISTS") ? i + 2 : i;
    }

    private static int clauseEnd(List<Token> tokens, int from) {
        for (int i = from; i < tokens.size(); i++) {
            if (tokens.get(i).text.equals(",") && !tokens.get(i).quoted) {
                return i;
            }
        }
        return tokens.size();
    }

    private static boolean is(List<Token> tokens, int i, String keyword) {
        return i < tokens.size()
                && !tokens.get(i).quoted
                && tokens.get(i).text.toUpperCase(Locale.ROOT).equals(keyword);
    }

    /** Words, quoted identifiers, and the punctuation "," and "."; the rest is dropped. */
    private static List<Token> tokenize(String sql) {
        List<Token> tokens = new ArrayList<>();
        int depth = 0;
        int i = 0;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            if (c == '`' || c == '"') {
                // A double-quoted text where a name stands is a name (sql_mode ANSI_QUOTES);
                // elsewhere a string, whose backslash escapes the next character.
                StringBuilder name = new StringBuilder();
                i++;
                while (i < sql.length()) {
                    char d = sql.charAt(i);
                    if (d == '\\' && c == '"' && i + 1 < sql.length()) {
                        name.append(sql.charAt(i + 1));
                        i += 2;
                    } else if (d == c && i + 1 < sql.length() && sql.charAt(i + 1) == c) {
                        name.append(c);
                        i += 2;
                    } else if (d == c) {
                        i++;
                        break;
                    } else {
                        name.append(d);
                        i++;
                    }
                }
                if (depth == 0) {
                    tokens.add(new Token(name.toString(), true));
                }
            } else if (c == '\'') {
                i = skipString(sql, i, c);
            } else if (c == '(') {
                depth++;
                i++;
            } else if (c == ')') {
                depth = Math.max(0, depth - 1);
                i++;
            } else if (c == '-' && sql.startsWith("--", i) || c == '#') {
                int eol = sql.indexOf('\n', i);
                i = eol < 0 ? sql.length() : eol + 1;
            } else if (c == '/' && sql.startsWith("/*", i)) {
                int close = sql.indexOf("*/", i + 2);
                i = close < 0 ? sql.length() : close + 2;
            } else if (Character.isWhitespace(c)) {
                i++;
            } else if (c == ',' || c == '.') {
                if (depth == 0) {
                    tokens.add(new Token(String.valueOf(c), false));
                }
                i++;
            } else {
                int start = i;
                while (i < sql.length() && isWordChar(sql.charAt(i))) {
                    i++;
                }
                if (i == start) {
                    i++; // an operator or other punctuation
                } else if (depth == 0) {
                    tokens.add(new Token(sql.substring(start, i), false));
                }
            }
        }
        return tokens;
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c > 127;
    }

    private static int skipString(String sql, int i, char quote) {
        i++;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (c == quote && i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
                i += 2;
            } else if (c == quote) {
                return i + 1;
            } else {
                i++;
            }
        }
        return i;
    }

    private record Token(String text, boolean quoted) {}
}
