package dev.schemaop.types;

/**
 * Why {@link RowReshaper} could not carry a value into the target row (SPEC §3: every value the
 * pipeline discards is counted per table and column, and logged once per table and column).
 */
public enum DiscardReason {
    /** The source value has no exact equivalent in the target column's type; null was written. */
    CONVERSION_FAILED,
    /** The source column has no counterpart in the target schema; its value was left out. */
    NOT_IN_TARGET,
    /** A NOT NULL target column received null (no source column, or a null source value). */
    NULL_INTO_NOT_NULL
}
