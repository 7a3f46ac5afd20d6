package dev.schemaop.connectors.mariadb.debezium;

import io.debezium.text.MultipleParsingExceptions;
import io.debezium.text.ParsingException;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * A DDL statement of the binlog that Debezium's parser could not read: the statement, the database
 * it ran in, where it is in the binlog and the parser's complaint, each cut to a length that fits
 * one message.
 */
public record UnparseableStatement(
        String statement, String database, EventPosition position, String parseError) {
    static final int STATEMENT_SHOWN = 300;
    static final int ERROR_SHOWN = 300;

    /** Debezium's first line of every parse error: it says nothing of this statement. */
    private static final String GENERIC_LINE = "DDL statement couldn't be parsed";

    static UnparseableStatement of(
            String statement, String database, EventPosition position, RuntimeException error) {
        return new UnparseableStatement(
                oneLine(statement, STATEMENT_SHOWN),
                database == null ? "" : database,
                position,
                oneLine(complaint(error), ERROR_SHOWN));
    }

    /** What the parser says about the statement, without its request to report it. */
    private static String complaint(RuntimeException error) {
        Collection<? extends RuntimeException> errors =
                error instanceof MultipleParsingExceptions multiple
                        ? multiple.getErrors()
                        : List.of(error);
        List<String> lines = new ArrayList<>();
        for (RuntimeException e : errors) {
            String message = e.getMessage() == null ? e.toString() : e.getMessage();
            for (String line : message.split("\\R")) {
                if (!line.isBlank() && !line.startsWith(GENERIC_LINE)) {
                    lines.add(line.strip());
                }
            }
        }
        if (lines.isEmpty() && error instanceof ParsingException parsing) {
            lines.add("cannot parse at " + parsing.getPosition());
        }
        return String.join("; ", lines);
    }

    /**
     * The text on one line, its runs of white space one space, cut at {@code max} characters (then
     * ending in " (...)").
     */
    static String oneLine(String text, int max) {
        String line = text.strip().replaceAll("\\s+", " ");
        return line.length() <= max ? line : line.substring(0, max) + " (...)";
    }

    private String where() {
        return "at binlog position "
                + position
                + ", "
                + (database.isEmpty()
                        ? "with no current database"
                        : "in database '" + database + "'")
                + ": "
                + statement
                + ". Debezium's DDL parser: "
                + parseError
                + ".";
    }

    /** The message that ends the job under {@code schema-change.unparseable: fail}. */
    String failure() {
        return "The mariadb source cannot parse the DDL statement "
                + where()
                + " A restart would read the same statement again, so the job ends. Either leave"
                + " the statement out: set 'schema-change.unparseable: skip' in the source block"
                + " and resubmit from the last checkpoint or savepoint (-s); its change does not"
                + " reach the sink. Or fix it upstream: undo the change on the server (or make it"
                + " in a form the parser reads) and start the pipeline anew, without the"
                + " checkpoint (a new snapshot).";
    }

    /** The INFO for a statement that can name no captured database. */
    String passedOver() {
        return "The mariadb source passes over a DDL statement it cannot parse that names no"
                + " captured database, "
                + where();
    }

    /** The WARN under {@code schema-change.unparseable: skip}. */
    String skipped() {
        return "The mariadb source leaves out the DDL statement it cannot parse"
                + " (schema-change.unparseable: skip) "
                + where()
                + " Its change does not reach the sink.";
    }
}
