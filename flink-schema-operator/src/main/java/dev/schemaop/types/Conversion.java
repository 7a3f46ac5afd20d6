package dev.schemaop.types;

import org.apache.flink.cdc.common.types.DataType;

import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * A compiled plan that converts internal CDC values of one column type into another (SPEC §3,
 * "Rows"). {@link ValueConverter#of} chooses the plan once per column pair; {@link #convert} then
 * does only the per-value work, so the row hot path never inspects types.
 *
 * <p>Failure is signalled by the {@link #FAILED} sentinel rather than an {@code Optional} or an
 * exception, so that converting a value allocates nothing beyond the converted value itself.
 *
 * <p>Instances are immutable and thread-safe.
 */
public final class Conversion {

    /**
     * Returned by {@link #convert} when a value cannot be represented exactly in the target type.
     * Compare by identity, or use {@link #failed(Object)}.
     */
    public static final Object FAILED =
            new Object() {
                @Override
                public String toString() {
                    return "Conversion.FAILED";
                }
            };

    /** What a plan does with non-null values; decided from the two types alone. */
    public enum Kind {
        /** Every value is returned as is: the internal representation is the same. */
        IDENTITY,
        /** Every value converts exactly into a new representation (a SPEC §5 widening). */
        EXACT,
        /** Each value is checked: it converts when it fits the target exactly, else fails. */
        CHECKED,
        /** No non-null value can be converted: the types share no exact representation. */
        NEVER
    }

    private final DataType from;
    private final DataType to;
    private final Kind kind;
    private final UnaryOperator<Object> step;

    private Conversion(DataType from, DataType to, Kind kind, UnaryOperator<Object> step) {
        this.from = Objects.requireNonNull(from, "from");
        this.to = Objects.requireNonNull(to, "to");
        this.kind = kind;
        this.step = step;
    }

    static Conversion identity(DataType from, DataType to) {
        return new Conversion(from, to, Kind.IDENTITY, UnaryOperator.identity());
    }

    static Conversion exact(DataType from, DataType to, UnaryOperator<Object> step) {
        return new Conversion(from, to, Kind.EXACT, step);
    }

    /** {@code step} returns {@link #FAILED} for a value that does not fit. */
    static Conversion checked(DataType from, DataType to, UnaryOperator<Object> step) {
        return new Conversion(from, to, Kind.CHECKED, step);
    }

    static Conversion never(DataType from, DataType to) {
        return new Conversion(from, to, Kind.NEVER, value -> FAILED);
    }

    /**
     * Converts one internal value of {@link #from()} into {@link #to()}. {@code null} converts to
     * {@code null}, whatever the target's nullability (the caller decides what a null in a NOT NULL
     * column means). Returns {@link #FAILED} when the value has no exact equivalent.
     */
    public Object convert(Object value) {
        return value == null ? null : step.apply(value);
    }

    /** Whether {@code result} is the {@link #FAILED} sentinel. */
    public static boolean failed(Object result) {
        return result == FAILED;
    }

    public DataType from() {
        return from;
    }

    public DataType to() {
        return to;
    }

    public Kind kind() {
        return kind;
    }

    @Override
    public String toString() {
        return "Conversion{" + from + " -> " + to + ", " + kind + '}';
    }
}
