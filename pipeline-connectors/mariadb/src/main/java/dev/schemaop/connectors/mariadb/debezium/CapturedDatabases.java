package dev.schemaop.connectors.mariadb.debezium;

import dev.schemaop.connectors.debezium.TablePattern;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a statement the parser could not read may concern a captured table, told from its text
 * alone: it runs in a captured database, or a word of it (a quoted name, or a run of letters,
 * digits, {@code _} and {@code $}) is a captured database's name. Debezium parses every DDL
 * statement of the server, whatever database it is for; one that can name no captured database is
 * no schema change of the pipeline. The test errs towards "may": patterns match in any case, and
 * any word counts, keywords too.
 */
final class CapturedDatabases {
    private static final Pattern WORD =
            Pattern.compile("`((?:[^`]|``)+)`|\"((?:[^\"]|\"\")+)\"|[\\w$]+");

    private final List<Pattern> databases;

    CapturedDatabases(List<TablePattern> tables) {
        this.databases =
                tables.stream()
                        .map(t -> Pattern.compile(t.database(), Pattern.CASE_INSENSITIVE))
                        .toList();
    }

    boolean mayBeNamedIn(String statement, String sessionDatabase) {
        if (sessionDatabase != null && isCaptured(sessionDatabase)) {
            return true;
        }
        Matcher word = WORD.matcher(statement);
        while (word.find()) {
            String name =
                    word.group(1) != null
                            ? word.group(1).replace("``", "`")
                            : word.group(2) != null
                                    ? word.group(2).replace("\"\"", "\"")
                                    : word.group();
            if (isCaptured(name)) {
                return true;
            }
        }
        return false;
    }

    private boolean isCaptured(String database) {
        return databases.stream().anyMatch(p -> p.matcher(database).matches());
    }
}
