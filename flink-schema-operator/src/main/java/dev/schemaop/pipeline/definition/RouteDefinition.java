package dev.schemaop.pipeline.definition;

import javax.annotation.Nullable;

import java.util.Objects;

/**
 * One {@code route} entry (SPEC §7).
 *
 * @param sourceTable the {@code source-table} regular expression over {@code
 *     namespace.schema.table}
 * @param sinkTable the {@code sink-table} the matched tables are written to
 * @param replaceSymbol the {@code replace-symbol} in {@code sinkTable} that stands for the source
 *     table's name, or {@code null}
 * @param description the {@code description}, or {@code null}
 */
public record RouteDefinition(
        String sourceTable,
        String sinkTable,
        @Nullable String replaceSymbol,
        @Nullable String description) {

    public RouteDefinition {
        Objects.requireNonNull(sourceTable, "sourceTable");
        Objects.requireNonNull(sinkTable, "sinkTable");
    }
}
