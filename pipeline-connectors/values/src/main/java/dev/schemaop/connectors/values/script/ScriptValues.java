package dev.schemaop.connectors.values.script;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.cdc.common.data.DateData;
import org.apache.flink.cdc.common.data.DecimalData;
import org.apache.flink.cdc.common.data.LocalZonedTimestampData;
import org.apache.flink.cdc.common.data.TimeData;
import org.apache.flink.cdc.common.data.TimestampData;
import org.apache.flink.cdc.common.data.ZonedTimestampData;
import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Base64;

/**
 * Converts YAML scalars of a script row into the internal objects {@code BinaryRecordDataGenerator}
 * expects for a column type. A value that does not fit the type is rejected with an {@link
 * IllegalArgumentException} whose message describes why.
 */
final class ScriptValues {

    private ScriptValues() {}

    static Object toInternal(JsonNode node, DataType type) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            if (!type.isNullable()) {
                throw new IllegalArgumentException("null is not allowed (NOT NULL column)");
            }
            return null;
        }
        switch (type.getTypeRoot()) {
            case BOOLEAN:
                if (!node.isBoolean()) {
                    throw new IllegalArgumentException(
                            "value " + node + " is not a boolean (true or false)");
                }
                return node.booleanValue();
            case TINYINT:
                return integral(node, type, Byte.MIN_VALUE, Byte.MAX_VALUE).byteValue();
            case SMALLINT:
                return integral(node, type, Short.MIN_VALUE, Short.MAX_VALUE).shortValue();
            case INTEGER:
                return integral(node, type, Integer.MIN_VALUE, Integer.MAX_VALUE).intValue();
            case BIGINT:
                return integral(node, type, Long.MIN_VALUE, Long.MAX_VALUE).longValue();
            case FLOAT:
                return (float) floating(node);
            case DOUBLE:
                return floating(node);
            case DECIMAL:
                return decimal(node, type);
            case CHAR:
            case VARCHAR:
                {
                    String s = text(node, "a string");
                    int length = DataTypes.getLength(type).orElse(Integer.MAX_VALUE);
                    if (s.codePointCount(0, s.length()) > length) {
                        throw new IllegalArgumentException(
                                "value " + node + " is longer than " + length + " characters");
                    }
                    return BinaryStringData.fromString(s);
                }
            case BINARY:
            case VARBINARY:
                {
                    String s = text(node, "a base64 string");
                    byte[] bytes;
                    try {
                        bytes = Base64.getDecoder().decode(s);
                    } catch (IllegalArgumentException e) {
                        throw new IllegalArgumentException(
                                "value " + node + " is not a base64 string");
                    }
                    int length = DataTypes.getLength(type).orElse(Integer.MAX_VALUE);
                    if (bytes.length > length) {
                        throw new IllegalArgumentException(
                                "value " + node + " is longer than " + length + " bytes");
                    }
                    return bytes;
                }
            case DATE:
                {
                    String s = text(node, "a date (yyyy-MM-dd)");
                    try {
                        return DateData.fromLocalDate(LocalDate.parse(s.trim()));
                    } catch (DateTimeParseException e) {
                        throw new IllegalArgumentException(
                                "value " + node + " is not a date (yyyy-MM-dd)");
                    }
                }
            case TIME_WITHOUT_TIME_ZONE:
                {
                    String s = text(node, "a time (HH:mm:ss[.fraction])");
                    LocalTime time;
                    try {
                        time = LocalTime.parse(s.trim());
                    } catch (DateTimeParseException e) {
                        throw new IllegalArgumentException(
                                "value " + node + " is not a time (HH:mm:ss[.fraction])");
                    }
                    checkFraction(node, time.getNano(), type);
                    return TimeData.fromLocalTime(time);
                }
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                {
                    LocalDateTime ts = localDateTime(node);
                    checkFraction(node, ts.getNano(), type);
                    return TimestampData.fromLocalDateTime(ts);
                }
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                {
                    String s = text(node, "a timestamp").trim();
                    OffsetDateTime odt;
                    if (hasOffset(s)) {
                        odt = offsetDateTime(node, s);
                    } else {
                        odt = localDateTime(node).atOffset(ZoneOffset.UTC);
                    }
                    checkFraction(node, odt.getNano(), type);
                    return LocalZonedTimestampData.fromInstant(odt.toInstant());
                }
            case TIMESTAMP_WITH_TIME_ZONE:
                {
                    String s = text(node, "a timestamp with offset").trim();
                    OffsetDateTime odt = offsetDateTime(node, s);
                    checkFraction(node, odt.getNano(), type);
                    return ZonedTimestampData.fromOffsetDateTime(odt);
                }
            default:
                throw new IllegalArgumentException(
                        "values of type "
                                + type.asSerializableString()
                                + " are not supported in scripts (only null)");
        }
    }

    /**
     * Canonical text of an internal key value, used for the stable split hash: numbers of all
     * integral and decimal types share one form ({@code 1}, {@code 1.0} and {@code 1.00} are the
     * same key), so widening a key column keeps its rows in their split.
     */
    static String canonicalKeyText(Object internal) {
        if (internal == null) {
            return null;
        }
        if (internal instanceof Byte
                || internal instanceof Short
                || internal instanceof Integer
                || internal instanceof Long) {
            return Long.toString(((Number) internal).longValue());
        }
        if (internal instanceof DecimalData) {
            return canonicalDecimal(((DecimalData) internal).toBigDecimal());
        }
        if (internal instanceof byte[]) {
            return Base64.getEncoder().encodeToString((byte[]) internal);
        }
        return internal.toString();
    }

    private static String canonicalDecimal(BigDecimal d) {
        BigDecimal stripped = d.stripTrailingZeros();
        if (stripped.scale() < 0) {
            stripped = stripped.setScale(0);
        }
        return stripped.toPlainString();
    }

    // ---------------------------------------------------------------------------------

    private static BigInteger integral(JsonNode node, DataType type, long min, long max) {
        BigInteger value;
        if (node.isIntegralNumber()) {
            value = node.bigIntegerValue();
        } else if (node.isNumber()) {
            BigDecimal d = node.decimalValue();
            try {
                value = d.toBigIntegerExact();
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException("value " + node + " is not an integer");
            }
        } else {
            throw new IllegalArgumentException("value " + node + " is not an integer");
        }
        if (value.compareTo(BigInteger.valueOf(min)) < 0
                || value.compareTo(BigInteger.valueOf(max)) > 0) {
            throw new IllegalArgumentException(
                    "value "
                            + node
                            + " is out of range for "
                            + type.copy(true).asSerializableString());
        }
        return value;
    }

    private static double floating(JsonNode node) {
        if (node.isNumber()) {
            return node.doubleValue();
        }
        if (node.isTextual()) {
            switch (node.textValue().trim()) {
                case "NaN":
                    return Double.NaN;
                case "Infinity":
                case "+Infinity":
                    return Double.POSITIVE_INFINITY;
                case "-Infinity":
                    return Double.NEGATIVE_INFINITY;
                default:
                    break;
            }
        }
        throw new IllegalArgumentException("value " + node + " is not a number");
    }

    private static DecimalData decimal(JsonNode node, DataType type) {
        int precision = DataTypes.getPrecision(type).orElse(10);
        int scale = DataTypes.getScale(type).orElse(0);
        BigDecimal value;
        if (node.isNumber()) {
            value = node.decimalValue();
        } else if (node.isTextual()) {
            try {
                value = new BigDecimal(node.textValue().trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("value " + node + " is not a decimal number");
            }
        } else {
            throw new IllegalArgumentException("value " + node + " is not a decimal number");
        }
        BigDecimal scaled;
        try {
            scaled = value.setScale(scale);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(
                    "value " + node + " has more than " + scale + " fractional digits");
        }
        DecimalData data =
                scaled.unscaledValue().abs().toString().length() > precision
                        ? null
                        : DecimalData.fromBigDecimal(scaled, precision, scale);
        if (data == null) {
            throw new IllegalArgumentException(
                    "value " + node + " does not fit " + type.copy(true).asSerializableString());
        }
        return data;
    }

    private static String text(JsonNode node, String expected) {
        if (!node.isTextual()) {
            throw new IllegalArgumentException("value " + node + " is not " + expected);
        }
        return node.textValue();
    }

    private static LocalDateTime localDateTime(JsonNode node) {
        String s = text(node, "a timestamp (yyyy-MM-dd HH:mm:ss[.fraction])").trim();
        try {
            return LocalDateTime.parse(s.replaceFirst(" ", "T"));
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(
                    "value " + node + " is not a timestamp (yyyy-MM-dd HH:mm:ss[.fraction])");
        }
    }

    private static OffsetDateTime offsetDateTime(JsonNode node, String s) {
        try {
            return OffsetDateTime.parse(s.replaceFirst(" ", "T"));
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(
                    "value "
                            + node
                            + " is not a timestamp with offset"
                            + " (yyyy-MM-dd HH:mm:ss[.fraction]+HH:mm or ...Z)");
        }
    }

    private static boolean hasOffset(String s) {
        if (s.endsWith("Z") || s.endsWith("z")) {
            return true;
        }
        int t = Math.max(s.indexOf('T'), s.indexOf(' '));
        if (t < 0) {
            return false;
        }
        String time = s.substring(t + 1);
        return time.contains("+") || time.contains("-");
    }

    private static void checkFraction(JsonNode node, int nanos, DataType type) {
        int precision = DataTypes.getPrecision(type).orElse(9);
        int unit = 1;
        for (int i = precision; i < 9; i++) {
            unit *= 10;
        }
        if (nanos % unit != 0) {
            throw new IllegalArgumentException(
                    "value "
                            + node
                            + " has more fractional second digits than "
                            + type.copy(true).asSerializableString());
        }
    }
}
