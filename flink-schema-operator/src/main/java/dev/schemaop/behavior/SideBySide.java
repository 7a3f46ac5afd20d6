package dev.schemaop.behavior;

import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Two schemas of one table as a text table: {@code column | current | after change}, one line per
 * column name found in either, current columns first (in their order), then the columns only the
 * second schema has. A column missing from a side, or a missing table, shows as {@code -}. Every
 * line ends with a line separator; the last cell is not padded.
 */
final class SideBySide {
    private static final String ABSENT = "-";
    private static final String[] HEADER = {"column", "current", "after change"};

    private SideBySide() {}

    static String render(@Nullable Schema current, @Nullable Schema after) {
        List<String[]> rows = new ArrayList<>();
        rows.add(HEADER);
        for (String name : columnNames(current, after)) {
            rows.add(new String[] {name, typeOf(current, name), typeOf(after, name)});
        }
        int[] widths = widths(rows);
        StringBuilder out = new StringBuilder(row(HEADER, widths)).append(rule(widths));
        for (String[] row : rows.subList(1, rows.size())) {
            out.append(row(row, widths));
        }
        return out.toString();
    }

    private static Set<String> columnNames(@Nullable Schema current, @Nullable Schema after) {
        Set<String> names = new LinkedHashSet<>();
        if (current != null) {
            names.addAll(current.getColumnNames());
        }
        if (after != null) {
            names.addAll(after.getColumnNames());
        }
        return names;
    }

    private static String typeOf(@Nullable Schema schema, String name) {
        Optional<Column> column = schema == null ? Optional.empty() : schema.getColumn(name);
        return column.map(c -> c.getType().toString()).orElse(ABSENT);
    }

    private static int[] widths(List<String[]> rows) {
        int[] widths = new int[HEADER.length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        return widths;
    }

    private static String row(String[] cells, int[] widths) {
        List<String> padded = new ArrayList<>();
        for (int i = 0; i < cells.length - 1; i++) {
            padded.add(pad(cells[i], widths[i]));
        }
        padded.add(cells[cells.length - 1]);
        return String.join(" | ", padded) + "\n";
    }

    private static String rule(int[] widths) {
        return Arrays.stream(widths).mapToObj("-"::repeat).collect(Collectors.joining("-+-"))
                + "\n";
    }

    private static String pad(String text, int width) {
        return text + " ".repeat(width - text.length());
    }
}
