package dev.schemaop.types;

/**
 * Told about every value that {@link RowReshaper} could not carry over, once per value, so that
 * nothing disappears silently (SPEC §3). Called on the thread that calls {@link
 * RowReshaper#reshape}; implementations should be cheap (count, and log once per column), since
 * they run on the row hot path.
 */
@FunctionalInterface
public interface DiscardListener {

    /** A listener for callers that do their own accounting. */
    DiscardListener NONE = (column, reason) -> {};

    /**
     * @param column the column the value belonged to: the source column's name for {@link
     *     DiscardReason#CONVERSION_FAILED} and {@link DiscardReason#NOT_IN_TARGET}, the target
     *     column's name for {@link DiscardReason#NULL_INTO_NOT_NULL}
     */
    void discarded(String column, DiscardReason reason);
}
