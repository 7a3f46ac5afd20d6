package dev.schemaop.types;

import org.apache.flink.cdc.common.data.DecimalData;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypeChecks;
import org.apache.flink.cdc.common.types.DataTypeRoot;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Conversions between the numeric types (TINYINT .. BIGINT, FLOAT, DOUBLE, DECIMAL).
 *
 * <p>A widening pair gets a fast step that cannot fail (plain {@link Number} narrowing calls and
 * unscaled-long arithmetic). Any other pair gets a checked step that goes through an exact {@link
 * BigDecimal} and fails unless the value round-trips, e.g. BIGINT 5 into INT succeeds while BIGINT
 * 2^40 does not, and DECIMAL 1.50 into DECIMAL(5,1) succeeds while 1.55 does not.
 *
 * <p>Decision: in the checked path a FLOAT or DOUBLE stands for its shortest round-trip decimal
 * ({@code Double.toString}), the number a database shows for it, so DOUBLE 0.1 fits DECIMAL(3,2) as
 * 0.10. NaN and infinities fit nothing but FLOAT and DOUBLE. The FLOAT to DOUBLE widening keeps the
 * binary value ({@code 0.1f} becomes {@code 0.10000000149011612}).
 */
final class NumericValues {

    private static final int MAX_COMPACT_PRECISION = 18;
    private static final long[] POW10 = powersOfTen();

    private NumericValues() {}

    static Conversion plan(DataType from, DataType to) {
        if (TypeWidening.isWidening(from.copy(true), to.copy(true))) {
            return Conversion.exact(from, to, widening(from, to));
        }
        Function<BigDecimal, Object> into = fromExact(to);
        return Conversion.checked(
                from,
                to,
                value -> {
                    BigDecimal exact = toExact(value);
                    return exact == null ? Conversion.FAILED : into.apply(exact);
                });
    }

    // ---- widening: every value fits ------------------------------------------------------

    private static UnaryOperator<Object> widening(DataType from, DataType to) {
        switch (to.getTypeRoot()) {
            case SMALLINT:
                return v -> ((Number) v).shortValue();
            case INTEGER:
                return v -> ((Number) v).intValue();
            case BIGINT:
                return v -> ((Number) v).longValue();
            case FLOAT:
                return v -> ((Number) v).floatValue();
            case DOUBLE:
                return v -> ((Number) v).doubleValue();
            case DECIMAL:
                return from.is(DataTypeRoot.DECIMAL)
                        ? decimalToDecimal(from, to)
                        : integerToDecimal(to);
            default:
                throw new IllegalStateException("No numeric widening into " + to);
        }
    }

    private static UnaryOperator<Object> integerToDecimal(DataType to) {
        int p = DataTypeChecks.getPrecision(to);
        int s = DataTypeChecks.getScale(to);
        if (p <= MAX_COMPACT_PRECISION) {
            long factor = POW10[s];
            return v -> DecimalData.fromUnscaledLong(((Number) v).longValue() * factor, p, s);
        }
        return v ->
                DecimalData.fromBigDecimal(
                        BigDecimal.valueOf(((Number) v).longValue(), 0).setScale(s), p, s);
    }

    private static UnaryOperator<Object> decimalToDecimal(DataType from, DataType to) {
        int p = DataTypeChecks.getPrecision(to);
        int s = DataTypeChecks.getScale(to);
        int scaleUp = s - DataTypeChecks.getScale(from);
        if (p <= MAX_COMPACT_PRECISION) {
            // Widening keeps p - s, so the source is compact too.
            long factor = POW10[scaleUp];
            return v ->
                    DecimalData.fromUnscaledLong(((DecimalData) v).toUnscaledLong() * factor, p, s);
        }
        return v -> DecimalData.fromBigDecimal(((DecimalData) v).toBigDecimal().setScale(s), p, s);
    }

    // ---- checked: through an exact BigDecimal ---------------------------------------------

    /** The exact decimal a numeric value stands for, or null for NaN and infinities. */
    private static BigDecimal toExact(Object value) {
        if (value instanceof DecimalData) {
            return ((DecimalData) value).toBigDecimal();
        }
        if (value instanceof Float) {
            float f = (Float) value;
            return Float.isFinite(f) ? new BigDecimal(Float.toString(f)) : null;
        }
        if (value instanceof Double) {
            double d = (Double) value;
            return Double.isFinite(d) ? new BigDecimal(Double.toString(d)) : null;
        }
        return BigDecimal.valueOf(((Number) value).longValue());
    }

    /**
     * The step from an exact decimal into {@code to}: the value, or {@link Conversion#FAILED} when
     * it has no exact equivalent there.
     */
    static Function<BigDecimal, Object> fromExact(DataType to) {
        switch (to.getTypeRoot()) {
            case TINYINT:
                return d -> integerIn(d, Byte.MIN_VALUE, Byte.MAX_VALUE, l -> (byte) l);
            case SMALLINT:
                return d -> integerIn(d, Short.MIN_VALUE, Short.MAX_VALUE, l -> (short) l);
            case INTEGER:
                return d -> integerIn(d, Integer.MIN_VALUE, Integer.MAX_VALUE, l -> (int) l);
            case BIGINT:
                return d -> integerIn(d, Long.MIN_VALUE, Long.MAX_VALUE, l -> l);
            case FLOAT:
                return NumericValues::toFloat;
            case DOUBLE:
                return NumericValues::toDouble;
            case DECIMAL:
                int p = DataTypeChecks.getPrecision(to);
                int s = DataTypeChecks.getScale(to);
                return d -> toDecimal(d, p, s);
            default:
                throw new IllegalStateException("Not a numeric type: " + to);
        }
    }

    private interface Boxer {
        Object box(long value);
    }

    private static Object integerIn(BigDecimal d, long min, long max, Boxer boxer) {
        long value;
        try {
            value = d.longValueExact();
        } catch (ArithmeticException fractionOrOverflow) {
            return Conversion.FAILED;
        }
        return value < min || value > max ? Conversion.FAILED : boxer.box(value);
    }

    private static Object toFloat(BigDecimal d) {
        float f = d.floatValue();
        return Float.isFinite(f) && new BigDecimal(Float.toString(f)).compareTo(d) == 0
                ? (Object) f
                : Conversion.FAILED;
    }

    private static Object toDouble(BigDecimal d) {
        double x = d.doubleValue();
        return Double.isFinite(x) && new BigDecimal(Double.toString(x)).compareTo(d) == 0
                ? (Object) x
                : Conversion.FAILED;
    }

    private static Object toDecimal(BigDecimal d, int precision, int scale) {
        BigDecimal scaled;
        try {
            scaled = d.setScale(scale, RoundingMode.UNNECESSARY);
        } catch (ArithmeticException wouldRound) {
            return Conversion.FAILED;
        }
        if (scaled.precision() > precision) {
            return Conversion.FAILED;
        }
        DecimalData result = DecimalData.fromBigDecimal(scaled, precision, scale);
        return result == null ? Conversion.FAILED : result;
    }

    private static long[] powersOfTen() {
        long[] powers = new long[MAX_COMPACT_PRECISION + 1];
        powers[0] = 1;
        for (int i = 1; i < powers.length; i++) {
            powers[i] = powers[i - 1] * 10;
        }
        return powers;
    }
}
