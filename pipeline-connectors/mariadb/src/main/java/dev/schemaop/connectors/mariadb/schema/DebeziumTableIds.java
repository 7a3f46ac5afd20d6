package dev.schemaop.connectors.mariadb.schema;

import org.apache.flink.cdc.common.event.TableId;

import java.util.List;

/**
 * The text Debezium 3.5 writes for a table in its schema change records and its schema history:
 * {@code "db"."table"}, a double quote inside a name doubled, except that a name beginning or
 * ending with a double quote is written as it is ({@code "lead} gives {@code "db"."lead}): Debezium
 * takes it for quoted already. Such a text is read here by what Debezium wrote ({@link #parse}),
 * and rewritten in the quoted form Debezium's own parser reads back ({@link #quoted}).
 */
public final class DebeziumTableIds {
    private static final char QUOTE = '"';

    private DebeziumTableIds() {}

    /** What Debezium writes for {@code table}. */
    public static String of(TableId table) {
        return new io.debezium.relational.TableId(table.getSchemaName(), null, table.getTableName())
                .toDoubleQuotedString();
    }

    /**
     * The table among {@code candidates} that Debezium writes as {@code text}, else the table read
     * from the text alone ({@link #parse}).
     */
    public static TableId resolve(String text, List<TableId> candidates) {
        for (TableId candidate : candidates) {
            if (of(candidate).equals(text)) {
                return candidate;
            }
        }
        return parse(text);
    }

    /**
     * The table Debezium wrote as {@code text}. One name only reads two ways: one that begins and
     * ends with a double quote ({@code "x"} is read as {@code x}, as Debezium reads it).
     */
    public static TableId parse(String text) {
        int end = quotedEnd(text);
        if (end < 0 || end + 1 >= text.length() || text.charAt(end + 1) != '.') {
            int dot = text.indexOf('.');
            return dot < 0
                    ? TableId.tableId(name(text))
                    : TableId.tableId(name(text.substring(0, dot)), name(text.substring(dot + 1)));
        }
        return TableId.tableId(name(text.substring(0, end + 1)), name(text.substring(end + 2)));
    }

    /**
     * {@code "db"."table"} for Debezium's {@code TableId.parse}: each name in double quotes, and
     * its double quotes, single quotes and backticks doubled, since that reader halves all three.
     */
    public static String quoted(TableId table) {
        return quote(table.getSchemaName()) + "." + quote(table.getTableName());
    }

    private static String quote(String name) {
        return QUOTE + name.replace("\"", "\"\"").replace("'", "''").replace("`", "``") + QUOTE;
    }

    /** One part as Debezium wrote it: quoted (and its doubled quotes halved) or as it is. */
    private static String name(String written) {
        int end = quotedEnd(written);
        if (end != written.length() - 1 || end < 1) {
            return written; // a name Debezium did not quote
        }
        String single = String.valueOf(QUOTE);
        return written.substring(1, end).replace(single + single, single);
    }

    /** Where the quoted name {@code text} begins with ends (its closing quote), or -1. */
    private static int quotedEnd(String text) {
        if (text.isEmpty() || text.charAt(0) != QUOTE) {
            return -1;
        }
        int i = 1;
        while (i < text.length()) {
            if (text.charAt(i) != QUOTE) {
                i++;
            } else if (i + 1 < text.length() && text.charAt(i + 1) == QUOTE) {
                i += 2;
            } else {
                return i;
            }
        }
        return -1;
    }
}
