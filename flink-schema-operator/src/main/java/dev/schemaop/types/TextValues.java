package dev.schemaop.types;

import org.apache.flink.cdc.common.data.DecimalData;
import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypeChecks;
import org.apache.flink.cdc.common.types.DataTypeRoot;

import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Conversions into CHAR and VARCHAR columns (SPEC §3): a number, decimal or boolean becomes its
 * canonical text when the column's length holds it.
 *
 * <p>Canonical text, chosen so that parsing it back gives the same value:
 *
 * <ul>
 *   <li>TINYINT .. BIGINT: {@code Long.toString}, e.g. {@code 42}, {@code -7}.
 *   <li>DECIMAL: {@code BigDecimal.toPlainString} at the column's scale, never exponent notation:
 *       {@code 12.50} for DECIMAL(4,2).
 *   <li>FLOAT / DOUBLE: {@code Float.toString} / {@code Double.toString}, the shortest text that
 *       round-trips: {@code 1.5}, {@code 1.0E10}, {@code NaN}.
 *   <li>BOOLEAN: {@code true} / {@code false}.
 * </ul>
 *
 * <p>A CHAR(n) column takes text of at most n characters, unpadded (see {@link BoundedValues}).
 */
final class TextValues {

    private TextValues() {}

    static boolean isText(DataType type) {
        return type.isAnyOf(DataTypeRoot.CHAR, DataTypeRoot.VARCHAR);
    }

    /** A number, decimal or boolean into a character column. */
    static Conversion fromNumberOrBoolean(DataType from, DataType to) {
        Function<Object, String> format = formatter(from);
        int capacity = DataTypeChecks.getLength(to);
        UnaryOperator<Object> step =
                value -> {
                    String text = format.apply(value);
                    return text.length() <= capacity // canonical text is ASCII: chars = code points
                            ? BinaryStringData.fromString(text)
                            : Conversion.FAILED;
                };
        return maxTextLength(from) <= capacity
                ? Conversion.exact(from, to, step)
                : Conversion.checked(from, to, step);
    }

    private static Function<Object, String> formatter(DataType from) {
        switch (from.getTypeRoot()) {
            case FLOAT:
                return v -> Float.toString((Float) v);
            case DOUBLE:
                return v -> Double.toString((Double) v);
            case DECIMAL:
                return v -> ((DecimalData) v).toBigDecimal().toPlainString();
            case BOOLEAN:
                return v -> Boolean.toString((Boolean) v);
            default: // TINYINT .. BIGINT
                return v -> Long.toString(((Number) v).longValue());
        }
    }

    /** The longest canonical text a type can produce, so that a roomy column skips nothing. */
    private static int maxTextLength(DataType from) {
        switch (from.getTypeRoot()) {
            case BOOLEAN:
                return "false".length();
            case TINYINT:
                return String.valueOf(Byte.MIN_VALUE).length();
            case SMALLINT:
                return String.valueOf(Short.MIN_VALUE).length();
            case INTEGER:
                return String.valueOf(Integer.MIN_VALUE).length();
            case BIGINT:
                return String.valueOf(Long.MIN_VALUE).length();
            case DECIMAL:
                int precision = DataTypeChecks.getPrecision(from);
                int scale = DataTypeChecks.getScale(from);
                int sign = 1;
                int point = scale > 0 ? 1 : 0;
                int leadingZero = scale == precision ? 1 : 0;
                return sign + precision + point + leadingZero;
            default: // FLOAT, DOUBLE: no useful bound, check each value
                return Integer.MAX_VALUE;
        }
    }
}
