package dev.schemaop.expansion;

import dev.schemaop.api.UnwrittenColumns;

import org.apache.flink.cdc.common.schema.Column;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What a start does to the columns of an adopted table that the pipeline does not write, in one
 * sentence for {@code check} and the registry's log.
 */
public final class UnwrittenColumnsNote {
    private UnwrittenColumnsNote() {}

    /** The sentence; empty when the pipeline writes every column of the table. */
    public static Optional<String> of(List<Column> unwritten, UnwrittenColumns handling) {
        if (unwritten.isEmpty()) {
            return Optional.empty();
        }
        boolean one = unwritten.size() == 1;
        String columns =
                unwritten.stream()
                        .map(
                                c ->
                                        handling == UnwrittenColumns.WRITTEN_AS_NULL
                                                ? c.getName()
                                                : withDefault(c))
                        .collect(Collectors.joining(", "));
        String what =
                handling == UnwrittenColumns.WRITTEN_AS_NULL
                        ? String.format(
                                "the sink writes whole rows, so every row the pipeline writes has"
                                        + " %s NULL.",
                                one ? "it" : "them")
                        : String.format(
                                "the sink's writes leave %s out: rows the pipeline inserts get"
                                        + " the default, rows it updates keep their value%s.",
                                one ? "it" : "them", one ? "" : "s");
        return Optional.of(
                String.format(
                        "The table's own column%s %s (the pipeline does not write %s): %s",
                        one ? "" : "s", columns, one ? "it" : "them", what));
    }

    private static String withDefault(Column column) {
        String expression = column.getDefaultValueExpression();
        return column.getName() + " (default " + (expression == null ? "NULL" : expression) + ")";
    }
}
