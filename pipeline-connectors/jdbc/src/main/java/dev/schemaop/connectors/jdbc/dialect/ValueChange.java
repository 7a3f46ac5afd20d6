package dev.schemaop.connectors.jdbc.dialect;

import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypeRoot;
import org.apache.flink.cdc.common.types.DataTypes;

import java.util.EnumSet;
import java.util.Set;

/**
 * How a column type change can change the values a column stores, decided from the column's type
 * and the new one alone (no data): which stored values an {@code alter.column.type} must look for
 * before it runs. Both types are Flink CDC types as the sink reads columns back; the pipeline type
 * tells JSON columns (ARRAY, MAP, ROW), which read back as STRING, from text columns.
 */
public enum ValueChange {
    /** No stored value can change: the new type holds every value of the old one as it is. */
    NONE,
    /** Text longer than the new length would be cut (a CHAR column also pads or trims). */
    LENGTH,
    /** Binary values longer than the new length would be cut; BINARY(n) pads shorter ones. */
    BINARY_LENGTH,
    /** Exact numbers with more decimal places would be rounded, with more integer digits lost. */
    DECIMAL_DIGITS,
    /** Exact numbers outside the new integer type's range do not fit; fractions are rounded. */
    INTEGER_RANGE,
    /**
     * Text into an integer or decimal: text that is not a plain number ({@code -12.50}: an optional
     * minus, digits, an optional fraction; SPEC §3's literals) changes, and so does a number the
     * new type would round or not hold.
     */
    TEXT_TO_NUMBER,
    /** Times and timestamps with more fractional digits than the new precision would lose them. */
    FRACTIONAL_SECONDS,
    /**
     * Another kind of type: a value changes when converting it to the new type and back does not
     * give it back, or when the database cannot convert it.
     */
    ROUND_TRIP;

    private static final Set<DataTypeRoot> INTEGERS =
            EnumSet.of(
                    DataTypeRoot.TINYINT,
                    DataTypeRoot.SMALLINT,
                    DataTypeRoot.INTEGER,
                    DataTypeRoot.BIGINT);

    private static final Set<DataTypeRoot> TEXT =
            EnumSet.of(DataTypeRoot.CHAR, DataTypeRoot.VARCHAR);

    private static final Set<DataTypeRoot> BINARY =
            EnumSet.of(DataTypeRoot.BINARY, DataTypeRoot.VARBINARY);

    private static final Set<DataTypeRoot> JSON =
            EnumSet.of(DataTypeRoot.ARRAY, DataTypeRoot.MAP, DataTypeRoot.ROW);

    private static final Set<DataTypeRoot> TIMES =
            EnumSet.of(
                    DataTypeRoot.TIME_WITHOUT_TIME_ZONE,
                    DataTypeRoot.TIMESTAMP_WITHOUT_TIME_ZONE,
                    DataTypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE);

    /**
     * @param oldType the column's type, read back
     * @param pipelineType the type the change asks for
     * @param newType the type of the column the sink creates for it, read back
     */
    public static ValueChange of(DataType oldType, DataType pipelineType, DataType newType) {
        DataTypeRoot from = oldType.getTypeRoot();
        DataTypeRoot to = newType.getTypeRoot();
        if (JSON.contains(pipelineType.getTypeRoot())) {
            return ROUND_TRIP;
        }
        if (TEXT.contains(to)) {
            return text(oldType, newType);
        }
        if (BINARY.contains(to)) {
            return binary(oldType, newType);
        }
        if ((to == DataTypeRoot.DECIMAL || INTEGERS.contains(to)) && TEXT.contains(from)) {
            return TEXT_TO_NUMBER;
        }
        if (to == DataTypeRoot.DECIMAL) {
            return decimal(oldType, newType);
        }
        if (INTEGERS.contains(to)) {
            if (INTEGERS.contains(from)) {
                return maxInteger(from) <= maxInteger(to) ? NONE : INTEGER_RANGE;
            }
            return from == DataTypeRoot.DECIMAL ? INTEGER_RANGE : ROUND_TRIP;
        }
        if (TIMES.contains(to) && from == to) {
            return precision(oldType) <= precision(newType) ? NONE : FRACTIONAL_SECONDS;
        }
        if (to == DataTypeRoot.DOUBLE && (from == DataTypeRoot.FLOAT || exactInDouble(from))) {
            return NONE;
        }
        if (to == DataTypeRoot.FLOAT
                && (from == DataTypeRoot.TINYINT || from == DataTypeRoot.SMALLINT)) {
            return NONE;
        }
        return from == to ? NONE : ROUND_TRIP;
    }

    private static ValueChange text(DataType oldType, DataType newType) {
        DataTypeRoot from = oldType.getTypeRoot();
        if (BINARY.contains(from)) {
            return ROUND_TRIP;
        }
        int length = length(newType);
        if (length == Integer.MAX_VALUE) {
            return NONE;
        }
        boolean fits =
                TEXT.contains(from)
                        && length(oldType) <= length
                        && (newType.getTypeRoot() == DataTypeRoot.VARCHAR
                                || from == DataTypeRoot.CHAR);
        return fits ? NONE : LENGTH;
    }

    private static ValueChange binary(DataType oldType, DataType newType) {
        DataTypeRoot from = oldType.getTypeRoot();
        if (!BINARY.contains(from)) {
            return ROUND_TRIP;
        }
        int length = length(newType);
        if (newType.getTypeRoot() == DataTypeRoot.BINARY) {
            return from == DataTypeRoot.BINARY && length(oldType) == length ? NONE : BINARY_LENGTH;
        }
        return length(oldType) <= length ? NONE : BINARY_LENGTH;
    }

    private static ValueChange decimal(DataType oldType, DataType newType) {
        DataTypeRoot from = oldType.getTypeRoot();
        int precision = DataTypes.getPrecision(newType).orElse(10);
        int scale = DataTypes.getScale(newType).orElse(0);
        if (INTEGERS.contains(from)) {
            return digits(from) <= precision - scale ? NONE : DECIMAL_DIGITS;
        }
        if (from != DataTypeRoot.DECIMAL) {
            return ROUND_TRIP;
        }
        int oldPrecision = DataTypes.getPrecision(oldType).orElse(10);
        int oldScale = DataTypes.getScale(oldType).orElse(0);
        return oldScale <= scale && oldPrecision - oldScale <= precision - scale
                ? NONE
                : DECIMAL_DIGITS;
    }

    /** Length of a character or binary type; STRING and BYTES have Integer.MAX_VALUE. */
    private static int length(DataType type) {
        return DataTypes.getLength(type).orElse(Integer.MAX_VALUE);
    }

    private static int precision(DataType type) {
        return DataTypes.getPrecision(type).orElse(0);
    }

    /** Integers whose every value a double holds exactly (53-bit mantissa). */
    private static boolean exactInDouble(DataTypeRoot root) {
        return root == DataTypeRoot.TINYINT
                || root == DataTypeRoot.SMALLINT
                || root == DataTypeRoot.INTEGER;
    }

    /** The largest value of an integer type. */
    public static long maxInteger(DataTypeRoot root) {
        switch (root) {
            case TINYINT:
                return Byte.MAX_VALUE;
            case SMALLINT:
                return Short.MAX_VALUE;
            case INTEGER:
                return Integer.MAX_VALUE;
            case BIGINT:
                return Long.MAX_VALUE;
            default:
                throw new IllegalArgumentException(root + " is not an integer type");
        }
    }

    /** The smallest value of an integer type. */
    public static long minInteger(DataTypeRoot root) {
        return -maxInteger(root) - 1;
    }

    /** Decimal digits of an integer type's largest value. */
    private static int digits(DataTypeRoot root) {
        return String.valueOf(maxInteger(root)).length();
    }
}
