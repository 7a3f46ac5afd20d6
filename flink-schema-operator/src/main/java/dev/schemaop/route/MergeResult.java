package dev.schemaop.route;

import org.apache.flink.cdc.common.schema.Schema;

import java.util.List;
import java.util.Objects;

/**
 * The least common schema of two schemas, and the columns it could not merge: their two types have
 * no common wider type, so the merged schema keeps the first schema's type and the caller treats
 * the column as not widenable. Immutable.
 */
public final class MergeResult {
    private final Schema schema;
    private final List<String> unmergeableColumns;

    private MergeResult(Schema schema, List<String> unmergeableColumns) {
        this.schema = Objects.requireNonNull(schema, "schema");
        this.unmergeableColumns = List.copyOf(unmergeableColumns);
    }

    public static MergeResult of(Schema schema, List<String> unmergeableColumns) {
        return new MergeResult(schema, unmergeableColumns);
    }

    public Schema schema() {
        return schema;
    }

    /** Columns whose types could not be merged, in the merged schema's column order. */
    public List<String> unmergeableColumns() {
        return unmergeableColumns;
    }

    /** Whether every column merged. */
    public boolean isComplete() {
        return unmergeableColumns.isEmpty();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof MergeResult)) {
            return false;
        }
        MergeResult that = (MergeResult) o;
        return schema.equals(that.schema) && unmergeableColumns.equals(that.unmergeableColumns);
    }

    @Override
    public int hashCode() {
        return Objects.hash(schema, unmergeableColumns);
    }

    @Override
    public String toString() {
        return "MergeResult{schema=" + schema + ", unmergeableColumns=" + unmergeableColumns + '}';
    }
}
