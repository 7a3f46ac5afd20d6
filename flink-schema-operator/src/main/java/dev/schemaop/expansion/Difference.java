package dev.schemaop.expansion;

import org.apache.flink.cdc.common.types.DataType;

import javax.annotation.Nullable;

/**
 * One way an existing sink table does not hold what the pipeline sends (SPEC §6).
 *
 * @param column the column, or the key's columns for a key difference
 * @param upstreamType the pipeline's type (normalized for the sink), or {@code null}
 * @param targetType the sink table's type, or {@code null} when the sink has no such column
 * @param reason what is wrong
 */
public record Difference(
        String column,
        @Nullable DataType upstreamType,
        @Nullable DataType targetType,
        Reason reason) {

    /** What is wrong, and whether an expansion can repair it. */
    public enum Reason {
        MISSING_COLUMN("the table has no such column", true),
        NARROWER_TYPE("the table's type is narrower; widening it holds both", true),
        MISSING_KEY_COLUMN("a primary key column the table does not have", false),
        KEY_COLUMN_TYPE("a primary key column whose type the table's does not hold", false),
        INCOMPATIBLE_TYPE(
                "the table's type does not hold the upstream type and no wider type"
                        + " holds both",
                false),
        NULLABLE_INTO_NOT_NULL("the upstream column is nullable, the table's is NOT NULL", false),
        GENERATED_COLUMN(
                "the table computes this column (GENERATED ALWAYS): it refuses the values the"
                        + " pipeline writes",
                false),
        UNWRITTEN_KEY_COLUMN(
                "a primary key column of the table that the pipeline does not write: keyed"
                        + " writes would reach rows the pipeline never wrote",
                false),
        UNWRITTEN_NOT_NULL(
                "the pipeline does not write this NOT NULL column and the sink gives it no"
                        + " value: every row the pipeline writes would be refused",
                false),
        NAME_CLASH("names that differ only in case, on a sink that ignores case", false),
        PRIMARY_KEY("the primary keys differ", false),
        PARTITION_KEYS("the partition keys differ", false);

        private final String description;
        private final boolean repairable;

        Reason(String description, boolean repairable) {
            this.description = description;
            this.repairable = repairable;
        }

        public String description() {
            return description;
        }

        /** Whether a safe DDL (add a nullable column, widen a type) removes the difference. */
        public boolean repairable() {
            return repairable;
        }
    }
}
