package dev.schemaop.types;

import org.apache.flink.cdc.common.data.DateData;
import org.apache.flink.cdc.common.data.StringData;
import org.apache.flink.cdc.common.data.TimeData;
import org.apache.flink.cdc.common.data.TimestampData;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypeChecks;
import org.apache.flink.cdc.common.types.DataTypeRoot;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Text into a number, boolean, date or time column, as a database converts the text it stored when
 * {@code ALTER COLUMN TYPE} changes the column (SPEC §3): text that is an exact literal of the new
 * type becomes that value ({@code '30'} -> INT 30, {@code '1.50'} -> DECIMAL(10,2), {@code 'true'}
 * -> BOOLEAN, {@code '2024-01-31'} -> DATE); anything else fails, and the row carries null.
 *
 * <p>Decisions: literals are those of SQL without surrounding spaces or a leading {@code +}: an
 * optional minus, digits, an optional fraction, an optional exponent for FLOAT and DOUBLE only;
 * {@code true}/{@code false} in any case; ISO dates {@code yyyy-MM-dd}; times {@code HH:mm:ss[.f]};
 * timestamps {@code yyyy-MM-dd HH:mm:ss[.f]} (or with {@code T}). A value converts only when it
 * fits exactly: no rounding of a fraction, no digits of a second beyond the column's precision.
 */
final class LiteralValues {

    private static final Pattern DECIMAL_LITERAL = Pattern.compile("-?\\d+(\\.\\d+)?");
    private static final Pattern FLOATING_LITERAL =
            Pattern.compile("-?(\\d+(\\.\\d*)?|\\.\\d+)([eE][-+]?\\d+)?");
    private static final int MAX_FRACTION_DIGITS = 9;

    private LiteralValues() {}

    /** Whether text can be read as a literal of {@code target}. */
    static boolean readsInto(DataType target) {
        return TypeWidening.isNumeric(target)
                || target.isAnyOf(
                        DataTypeRoot.BOOLEAN,
                        DataTypeRoot.DATE,
                        DataTypeRoot.TIME_WITHOUT_TIME_ZONE,
                        DataTypeRoot.TIMESTAMP_WITHOUT_TIME_ZONE);
    }

    static Conversion plan(DataType from, DataType to) {
        Function<String, Object> read = reader(to);
        return Conversion.checked(from, to, value -> read.apply(((StringData) value).toString()));
    }

    private static Function<String, Object> reader(DataType to) {
        switch (to.getTypeRoot()) {
            case BOOLEAN:
                return LiteralValues::toBoolean;
            case DATE:
                return LiteralValues::toDate;
            case TIME_WITHOUT_TIME_ZONE:
                int timePrecision = DataTypeChecks.getPrecision(to);
                return text -> toTime(text, timePrecision);
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                int timestampPrecision = DataTypeChecks.getPrecision(to);
                return text -> toTimestamp(text, timestampPrecision);
            case FLOAT:
            case DOUBLE:
                return number(FLOATING_LITERAL, NumericValues.fromExact(to));
            default: // TINYINT .. BIGINT, DECIMAL
                return number(DECIMAL_LITERAL, NumericValues.fromExact(to));
        }
    }

    private static Function<String, Object> number(
            Pattern literal, Function<BigDecimal, Object> into) {
        return text ->
                literal.matcher(text).matches()
                        ? into.apply(new BigDecimal(text))
                        : Conversion.FAILED;
    }

    private static Object toBoolean(String text) {
        if ("true".equalsIgnoreCase(text)) {
            return Boolean.TRUE;
        }
        return "false".equalsIgnoreCase(text) ? Boolean.FALSE : Conversion.FAILED;
    }

    private static Object toDate(String text) {
        try {
            return DateData.fromLocalDate(LocalDate.parse(text));
        } catch (DateTimeParseException e) {
            return Conversion.FAILED;
        }
    }

    private static Object toTime(String text, int precision) {
        try {
            LocalTime time = LocalTime.parse(text);
            return fitsPrecision(time.getNano(), precision)
                    ? TimeData.fromLocalTime(time)
                    : Conversion.FAILED;
        } catch (DateTimeParseException e) {
            return Conversion.FAILED;
        }
    }

    private static Object toTimestamp(String text, int precision) {
        try {
            LocalDateTime timestamp = LocalDateTime.parse(text.replace(' ', 'T'));
            return text.indexOf(' ') == text.lastIndexOf(' ')
                            && fitsPrecision(timestamp.getNano(), precision)
                    ? TimestampData.fromLocalDateTime(timestamp)
                    : Conversion.FAILED;
        } catch (DateTimeParseException e) {
            return Conversion.FAILED;
        }
    }

    /** Whether a fraction of a second has no digit beyond {@code precision}. */
    private static boolean fitsPrecision(int nanos, int precision) {
        int unit = 1;
        for (int i = precision; i < MAX_FRACTION_DIGITS; i++) {
            unit *= 10;
        }
        return nanos % unit == 0;
    }
}
