package dev.schemaop.types;

import org.apache.flink.cdc.common.data.DateData;
import org.apache.flink.cdc.common.data.LocalZonedTimestampData;
import org.apache.flink.cdc.common.data.TimeData;
import org.apache.flink.cdc.common.data.TimestampData;
import org.apache.flink.cdc.common.data.ZonedTimestampData;
import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypeChecks;
import org.apache.flink.cdc.common.types.DataTypeRoot;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.Base64;
import java.util.function.Function;

/**
 * Dates, times, timestamps and bytes into a character column (SPEC §7: a column that several routed
 * tables merge with no common wider type becomes STRING, and every value is kept as its text). The
 * text is what SQL databases print for such values, so that rows written by the pipeline read as
 * the values the sink converted when the column became text:
 *
 * <ul>
 *   <li>DATE: {@code 2024-01-31}.
 *   <li>TIME(p): {@code 10:15:30}, with exactly p fractional digits when p > 0 ({@code
 *       10:15:30.120} for TIME(3)).
 *   <li>TIMESTAMP(p): {@code 2024-01-31 10:15:30[.fff]}, as TIME.
 *   <li>TIMESTAMP_LTZ(p): the instant in UTC, {@code 2024-01-31 10:15:30[.fff]Z}.
 *   <li>TIMESTAMP_TZ(p): the local time and its offset, {@code 2024-01-31 10:15:30[.fff]+02:00}.
 *   <li>BINARY, VARBINARY: base64, as the JDBC sink writes bytes into JSON.
 * </ul>
 *
 * A value whose text is longer than the column holds cannot be converted.
 */
final class TemporalText {
    private TemporalText() {}

    static boolean converts(DataType source) {
        return source.is(DataTypeRoot.DATE)
                || BoundedValues.isTemporalWithPrecision(source)
                || BoundedValues.isBinary(source);
    }

    static Conversion into(DataType from, DataType to) {
        Function<Object, String> format = formatter(from.copy(true));
        int capacity = DataTypeChecks.getLength(to);
        return Conversion.checked(
                from,
                to,
                value -> {
                    String text = format.apply(value);
                    return text.codePointCount(0, text.length()) <= capacity
                            ? BinaryStringData.fromString(text)
                            : Conversion.FAILED;
                });
    }

    private static Function<Object, String> formatter(DataType from) {
        switch (from.getTypeRoot()) {
            case DATE:
                return v -> date(v).toString();
            case TIME_WITHOUT_TIME_ZONE:
                DateTimeFormatter time = timeFormat(DataTypeChecks.getPrecision(from));
                return v -> time.format(time(v));
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                DateTimeFormatter local = dateTimeFormat(DataTypeChecks.getPrecision(from));
                return v -> local.format(((TimestampData) v).toLocalDateTime());
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                DateTimeFormatter utc = dateTimeFormat(DataTypeChecks.getPrecision(from));
                return v ->
                        utc.format(
                                        LocalDateTime.ofInstant(
                                                ((LocalZonedTimestampData) v).toInstant(),
                                                ZoneOffset.UTC))
                                + "Z";
            case TIMESTAMP_WITH_TIME_ZONE:
                DateTimeFormatter zoned = dateTimeFormat(DataTypeChecks.getPrecision(from));
                return v -> {
                    ZonedTimestampData t = (ZonedTimestampData) v;
                    return zoned.format(t.getZonedDateTime())
                            + t.getZonedDateTime().getOffset().getId().replace("Z", "+00:00");
                };
            default: // BINARY, VARBINARY
                return v -> Base64.getEncoder().encodeToString((byte[]) v);
        }
    }

    private static LocalDate date(Object v) {
        return v instanceof DateData
                ? ((DateData) v).toLocalDate()
                : LocalDate.ofEpochDay(((Number) v).longValue());
    }

    private static LocalTime time(Object v) {
        return v instanceof TimeData
                ? ((TimeData) v).toLocalTime()
                : LocalTime.ofNanoOfDay(((Number) v).longValue() * 1_000_000L);
    }

    private static DateTimeFormatter dateTimeFormat(int precision) {
        return new DateTimeFormatterBuilder()
                .append(DateTimeFormatter.ISO_LOCAL_DATE)
                .appendLiteral(' ')
                .append(timeFormat(precision))
                .toFormatter();
    }

    private static DateTimeFormatter timeFormat(int precision) {
        DateTimeFormatterBuilder builder =
                new DateTimeFormatterBuilder()
                        .appendValue(ChronoField.HOUR_OF_DAY, 2)
                        .appendLiteral(':')
                        .appendValue(ChronoField.MINUTE_OF_HOUR, 2)
                        .appendLiteral(':')
                        .appendValue(ChronoField.SECOND_OF_MINUTE, 2);
        if (precision > 0) {
            builder.appendFraction(ChronoField.NANO_OF_SECOND, precision, precision, true);
        }
        return builder.toFormatter();
    }
}
