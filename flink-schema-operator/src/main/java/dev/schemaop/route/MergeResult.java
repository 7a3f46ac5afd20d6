package dev.schemaop.route;

import org.apache.flink.cdc.common.schema.Schema;

import java.util.List;
import java.util.Objects;

/**
 * The least common schema of two schemas, and the columns it could not merge: their two types have
 * no common wider type, so the merged schema keeps the first schema's type and the caller treats
 * the column as not widenable. Immutable.
 *
 * @param unmergeableColumns columns whose types could not be merged, in the merged schema's column
 *     order
 */
public record MergeResult(Schema schema, List<String> unmergeableColumns) {

    public MergeResult {
        Objects.requireNonNull(schema, "schema");
        unmergeableColumns = List.copyOf(unmergeableColumns);
    }

    public static MergeResult of(Schema schema, List<String> unmergeableColumns) {
        return new MergeResult(schema, unmergeableColumns);
    }

    /** Whether every column merged. */
    public boolean isComplete() {
        return unmergeableColumns.isEmpty();
    }
}
