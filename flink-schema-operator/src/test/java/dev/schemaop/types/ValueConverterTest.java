package dev.schemaop.types;

import static dev.schemaop.types.Conversion.FAILED;
import static org.apache.flink.cdc.common.types.DataTypes.BIGINT;
import static org.apache.flink.cdc.common.types.DataTypes.BINARY;
import static org.apache.flink.cdc.common.types.DataTypes.BOOLEAN;
import static org.apache.flink.cdc.common.types.DataTypes.CHAR;
import static org.apache.flink.cdc.common.types.DataTypes.DATE;
import static org.apache.flink.cdc.common.types.DataTypes.DECIMAL;
import static org.apache.flink.cdc.common.types.DataTypes.DOUBLE;
import static org.apache.flink.cdc.common.types.DataTypes.FLOAT;
import static org.apache.flink.cdc.common.types.DataTypes.INT;
import static org.apache.flink.cdc.common.types.DataTypes.SMALLINT;
import static org.apache.flink.cdc.common.types.DataTypes.STRING;
import static org.apache.flink.cdc.common.types.DataTypes.TIME;
import static org.apache.flink.cdc.common.types.DataTypes.TIMESTAMP;
import static org.apache.flink.cdc.common.types.DataTypes.TIMESTAMP_LTZ;
import static org.apache.flink.cdc.common.types.DataTypes.TIMESTAMP_TZ;
import static org.apache.flink.cdc.common.types.DataTypes.TINYINT;
import static org.apache.flink.cdc.common.types.DataTypes.VARBINARY;
import static org.apache.flink.cdc.common.types.DataTypes.VARCHAR;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import org.apache.flink.cdc.common.data.DateData;
import org.apache.flink.cdc.common.data.DecimalData;
import org.apache.flink.cdc.common.data.LocalZonedTimestampData;
import org.apache.flink.cdc.common.data.StringData;
import org.apache.flink.cdc.common.data.TimeData;
import org.apache.flink.cdc.common.data.TimestampData;
import org.apache.flink.cdc.common.data.ZonedTimestampData;
import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypeChecks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.stream.Stream;

/**
 * One row per conversion family: {@code from, to, input, expected}. An expected {@link BigDecimal}
 * means a {@link DecimalData} with exactly that value and scale; an expected {@link String} means a
 * {@link StringData} with that text; {@link Conversion#FAILED} means the value cannot be converted
 * exactly.
 */
class ValueConverterTest {

    static Stream<Arguments> conversions() {
        return Stream.of(
                // integer and floating point widening: exact boxed type of the target
                arguments(TINYINT(), SMALLINT(), (byte) 7, (short) 7),
                arguments(SMALLINT(), INT(), (short) -300, -300),
                arguments(INT(), BIGINT(), Integer.MIN_VALUE, (long) Integer.MIN_VALUE),
                arguments(SMALLINT(), FLOAT(), (short) 32767, 32767f),
                arguments(INT(), DOUBLE(), Integer.MAX_VALUE, 2147483647d),
                arguments(FLOAT(), DOUBLE(), 1.5f, 1.5d),
                // integer and decimal widening into DECIMAL
                arguments(INT(), DECIMAL(12, 2), 42, new BigDecimal("42.00")),
                arguments(TINYINT(), DECIMAL(3, 0), (byte) -128, new BigDecimal("-128")),
                arguments(
                        BIGINT(),
                        DECIMAL(19, 0),
                        Long.MAX_VALUE,
                        new BigDecimal("9223372036854775807")),
                arguments(BIGINT(), DECIMAL(38, 19), -5L, new BigDecimal("-5.0000000000000000000")),
                arguments(
                        DECIMAL(10, 2),
                        DECIMAL(12, 4),
                        dec("12.50", 10, 2),
                        new BigDecimal("12.5000")),
                arguments(
                        DECIMAL(10, 2),
                        DECIMAL(30, 4),
                        dec("-0.01", 10, 2),
                        new BigDecimal("-0.0100")),
                arguments(
                        DECIMAL(20, 2),
                        DECIMAL(22, 2),
                        dec("123456789012345678.99", 20, 2),
                        new BigDecimal("123456789012345678.99")),
                // numeric, not widening: checked value by value
                arguments(BIGINT(), INT(), 5L, 5),
                arguments(BIGINT(), INT(), 1L << 40, FAILED),
                arguments(INT(), TINYINT(), -128, (byte) -128),
                arguments(INT(), TINYINT(), 200, FAILED),
                arguments(BIGINT(), DOUBLE(), 1L << 53, 9007199254740992d),
                arguments(BIGINT(), DOUBLE(), (1L << 53) + 1, FAILED),
                arguments(BIGINT(), FLOAT(), 16777217L, FAILED),
                arguments(DOUBLE(), INT(), 2.0d, 2),
                arguments(DOUBLE(), INT(), 2.5d, FAILED),
                arguments(DOUBLE(), BIGINT(), Double.NaN, FAILED),
                arguments(DOUBLE(), FLOAT(), 0.1d, 0.1f),
                arguments(DOUBLE(), FLOAT(), 0.1d + 0.2d, FAILED),
                arguments(DOUBLE(), DECIMAL(3, 2), 0.1d, new BigDecimal("0.10")),
                arguments(FLOAT(), DECIMAL(5, 1), 2.5f, new BigDecimal("2.5")),
                arguments(DECIMAL(10, 2), DECIMAL(5, 1), dec("1.50", 10, 2), new BigDecimal("1.5")),
                arguments(DECIMAL(10, 2), DECIMAL(5, 1), dec("1.55", 10, 2), FAILED),
                arguments(DECIMAL(10, 2), DECIMAL(5, 1), dec("12345.00", 10, 2), FAILED),
                arguments(
                        DECIMAL(38, 0), DECIMAL(38, 38), dec("0", 38, 0), new BigDecimal("0E-38")),
                arguments(DECIMAL(38, 0), DECIMAL(38, 38), dec("1", 38, 0), FAILED),
                arguments(DECIMAL(20, 0), BIGINT(), dec("5", 20, 0), 5L),
                arguments(DECIMAL(5, 2), INT(), dec("5.01", 5, 2), FAILED),
                // number, decimal or boolean into text: canonical text when the length holds it
                arguments(INT(), VARCHAR(10), 42, "42"),
                arguments(INT(), VARCHAR(11), Integer.MIN_VALUE, "-2147483648"),
                arguments(INT(), VARCHAR(5), 123456, FAILED),
                arguments(TINYINT(), CHAR(2), (byte) -5, "-5"),
                arguments(BIGINT(), CHAR(3), 123L, "123"),
                arguments(DECIMAL(4, 2), VARCHAR(5), dec("12.50", 4, 2), "12.50"),
                arguments(DECIMAL(4, 2), VARCHAR(4), dec("12.50", 4, 2), FAILED),
                arguments(DECIMAL(4, 2), VARCHAR(6), dec("-12.50", 4, 2), "-12.50"),
                arguments(
                        DECIMAL(21, 0),
                        STRING(),
                        dec("100000000000000000000", 21, 0),
                        "100000000000000000000"),
                arguments(BOOLEAN(), VARCHAR(5), true, "true"),
                arguments(BOOLEAN(), VARCHAR(5), false, "false"),
                arguments(BOOLEAN(), VARCHAR(4), false, FAILED),
                arguments(DOUBLE(), VARCHAR(10), 1.5d, "1.5"),
                arguments(DOUBLE(), VARCHAR(10), 1e10d, "1.0E10"),
                arguments(FLOAT(), VARCHAR(10), 0.1f, "0.1"),
                arguments(DOUBLE(), VARCHAR(3), 0.125d, FAILED),
                // text into shorter text: checked length, in characters
                arguments(VARCHAR(10), VARCHAR(5), str("abc"), "abc"),
                arguments(VARCHAR(10), VARCHAR(5), str("héllo"), "héllo"),
                arguments(VARCHAR(10), VARCHAR(5), str("abcdef"), FAILED),
                arguments(VARCHAR(10), CHAR(5), str("abc"), "abc"),
                // temporal into lower precision: only when the dropped digits are zero
                arguments(
                        TIMESTAMP(6),
                        TIMESTAMP(3),
                        TimestampData.fromMillis(1_234L, 0),
                        TimestampData.fromMillis(1_234L, 0)),
                arguments(
                        TIMESTAMP(6), TIMESTAMP(3), TimestampData.fromMillis(1_234L, 500), FAILED),
                arguments(
                        TIMESTAMP(3),
                        TIMESTAMP(0),
                        TimestampData.fromMillis(2_000L),
                        TimestampData.fromMillis(2_000L)),
                arguments(TIMESTAMP(3), TIMESTAMP(0), TimestampData.fromMillis(-1L), FAILED),
                arguments(
                        TIMESTAMP_LTZ(6),
                        TIMESTAMP_LTZ(3),
                        LocalZonedTimestampData.fromEpochMillis(5L, 1),
                        FAILED),
                arguments(
                        TIMESTAMP_LTZ(6),
                        TIMESTAMP_LTZ(3),
                        LocalZonedTimestampData.fromEpochMillis(5L, 0),
                        LocalZonedTimestampData.fromEpochMillis(5L, 0)),
                arguments(
                        TIMESTAMP_TZ(6),
                        TIMESTAMP_TZ(0),
                        ZonedTimestampData.of(3_000L, 0, "UTC"),
                        ZonedTimestampData.of(3_000L, 0, "UTC")),
                arguments(
                        TIMESTAMP_TZ(6),
                        TIMESTAMP_TZ(0),
                        ZonedTimestampData.of(3_001L, 0, "UTC"),
                        FAILED),
                arguments(
                        TIME(3),
                        TIME(0),
                        TimeData.fromMillisOfDay(2_000),
                        TimeData.fromMillisOfDay(2_000)),
                arguments(TIME(3), TIME(0), TimeData.fromMillisOfDay(1_500), FAILED),
                arguments(TIME(3), TIME(1), 1_500, 1_500),
                // no exact representation at all
                arguments(DATE(), TIMESTAMP(3), DateData.fromEpochDay(1), FAILED),
                arguments(TIMESTAMP(3), TIMESTAMP_LTZ(3), TimestampData.fromMillis(0L), FAILED),
                arguments(BOOLEAN(), INT(), true, FAILED),
                // SPEC §7: dates, times and bytes as text, as SQL prints them
                arguments(DATE(), VARCHAR(20), DateData.fromEpochDay(1), "1970-01-02"),
                arguments(DATE(), VARCHAR(9), DateData.fromEpochDay(1), FAILED),
                arguments(TIME(0), STRING(), TimeData.fromMillisOfDay(3_600_000), "01:00:00"),
                arguments(TIME(3), STRING(), TimeData.fromMillisOfDay(3_600_120), "01:00:00.120"),
                arguments(
                        TIMESTAMP(6),
                        STRING(),
                        TimestampData.fromLocalDateTime(
                                LocalDateTime.of(2024, 1, 31, 10, 15, 30, 123_456_000)),
                        "2024-01-31 10:15:30.123456"),
                arguments(
                        TIMESTAMP_LTZ(0),
                        STRING(),
                        LocalZonedTimestampData.fromEpochMillis(86_400_000L),
                        "1970-01-02 00:00:00Z"),
                arguments(
                        TIMESTAMP_TZ(0),
                        STRING(),
                        ZonedTimestampData.of(0L, 0, "+02:00"),
                        "1970-01-01 00:00:00+02:00"),
                arguments(VARBINARY(4), STRING(), new byte[] {1, 2, 3}, "AQID"));
    }

    /** SPEC §3: stored text across an applied ALTER COLUMN TYPE, as the database converts it. */
    static Stream<Arguments> literals() {
        return Stream.of(
                arguments(VARCHAR(10), INT(), "30", 30),
                arguments(VARCHAR(10), INT(), "-7", -7),
                arguments(VARCHAR(10), TINYINT(), "127", (byte) 127),
                arguments(VARCHAR(10), TINYINT(), "128", FAILED),
                arguments(VARCHAR(10), INT(), "3.0", 3),
                arguments(VARCHAR(10), INT(), "3.5", FAILED),
                arguments(VARCHAR(10), INT(), " 30", FAILED),
                arguments(VARCHAR(10), INT(), "+30", FAILED),
                arguments(VARCHAR(10), INT(), "thirty", FAILED),
                arguments(VARCHAR(10), INT(), "", FAILED),
                arguments(VARCHAR(10), BIGINT(), "9007199254740993", 9007199254740993L),
                arguments(VARCHAR(10), INT(), "1e3", FAILED),
                arguments(
                        VARCHAR(10),
                        DECIMAL(10, 2),
                        "1.50",
                        DecimalData.fromBigDecimal(new BigDecimal("1.50"), 10, 2)),
                arguments(
                        VARCHAR(10),
                        DECIMAL(10, 2),
                        "1.5",
                        DecimalData.fromBigDecimal(new BigDecimal("1.50"), 10, 2)),
                arguments(VARCHAR(10), DECIMAL(10, 2), "1.505", FAILED),
                arguments(VARCHAR(20), DECIMAL(4, 2), "123.4", FAILED),
                arguments(VARCHAR(10), DOUBLE(), "1.5", 1.5),
                arguments(VARCHAR(10), DOUBLE(), "1e3", 1000.0),
                arguments(VARCHAR(10), FLOAT(), "0.1", 0.1f),
                arguments(VARCHAR(10), BOOLEAN(), "true", true),
                arguments(VARCHAR(10), BOOLEAN(), "FALSE", false),
                arguments(VARCHAR(10), BOOLEAN(), "yes", FAILED),
                arguments(VARCHAR(10), BOOLEAN(), "1", FAILED),
                arguments(
                        VARCHAR(10),
                        DATE(),
                        "2024-01-31",
                        DateData.fromLocalDate(LocalDate.of(2024, 1, 31))),
                arguments(VARCHAR(10), DATE(), "2024-02-30", FAILED),
                arguments(VARCHAR(10), DATE(), "31.01.2024", FAILED),
                arguments(
                        VARCHAR(20),
                        TIME(0),
                        "12:30:05",
                        TimeData.fromLocalTime(LocalTime.of(12, 30, 5))),
                arguments(VARCHAR(20), TIME(0), "12:30:05.5", FAILED),
                arguments(
                        VARCHAR(20),
                        TIME(3),
                        "12:30:05.5",
                        TimeData.fromLocalTime(LocalTime.of(12, 30, 5, 500_000_000))),
                arguments(
                        VARCHAR(30),
                        TIMESTAMP(3),
                        "2024-01-31 12:30:05.123",
                        TimestampData.fromLocalDateTime(
                                LocalDateTime.of(2024, 1, 31, 12, 30, 5, 123_000_000))),
                arguments(
                        VARCHAR(30),
                        TIMESTAMP(3),
                        "2024-01-31T12:30:05",
                        TimestampData.fromLocalDateTime(LocalDateTime.of(2024, 1, 31, 12, 30, 5))),
                arguments(VARCHAR(30), TIMESTAMP(0), "2024-01-31 12:30:05.1", FAILED),
                arguments(VARCHAR(30), TIMESTAMP(3), "2024-01-31", FAILED),
                arguments(CHAR(4), INT(), "42", 42));
    }

    @ParameterizedTest(name = "{0} -> {1}: ''{2}'' becomes {3}")
    @MethodSource("literals")
    void textThatIsAnExactLiteralOfTheNewTypeBecomesItsValue(
            DataType from, DataType to, String text, Object expected) {
        Object actual = ValueConverter.acrossAppliedChange(from, to).convert(str(text));

        assertThat(actual).isEqualTo(expected);
    }

    @Test
    void textIsNotParsedOutsideAnAppliedChange() {
        assertThat(ValueConverter.of(VARCHAR(10), INT()).convert(str("30")))
                .as("the sink never stored this text in the column (e.g. under IGNORE)")
                .isSameAs(FAILED);
        assertThat(ValueConverter.acrossAppliedChange(INT(), BIGINT()).kind())
                .as("everything else as of()")
                .isEqualTo(Conversion.Kind.EXACT);
    }

    static Stream<Arguments> binaryConversions() {
        return Stream.of(
                arguments(VARBINARY(8), VARBINARY(4), new byte[] {1, 2, 3}, true),
                arguments(VARBINARY(8), VARBINARY(4), new byte[] {1, 2, 3, 4, 5}, false),
                arguments(VARBINARY(8), BINARY(4), new byte[] {1, 2, 3, 4}, true),
                arguments(VARBINARY(8), BINARY(4), new byte[] {1, 2, 3}, false),
                arguments(BINARY(4), VARBINARY(4), new byte[] {1, 2, 3, 4}, true),
                arguments(VARCHAR(4), VARBINARY(4), str("ab"), false));
    }

    static Stream<Arguments> kinds() {
        return Stream.of(
                arguments(INT(), INT(), Conversion.Kind.IDENTITY),
                arguments(INT().notNull(), INT(), Conversion.Kind.IDENTITY),
                arguments(CHAR(3), VARCHAR(5), Conversion.Kind.IDENTITY),
                arguments(BINARY(3), VARBINARY(3), Conversion.Kind.IDENTITY),
                arguments(TIMESTAMP(3), TIMESTAMP(6), Conversion.Kind.IDENTITY),
                arguments(INT(), BIGINT(), Conversion.Kind.EXACT),
                arguments(INT(), DECIMAL(12, 2), Conversion.Kind.EXACT),
                arguments(INT(), VARCHAR(11), Conversion.Kind.EXACT),
                arguments(DECIMAL(4, 2), VARCHAR(6), Conversion.Kind.EXACT),
                arguments(DECIMAL(2, 2), VARCHAR(5), Conversion.Kind.EXACT),
                arguments(BOOLEAN(), VARCHAR(5), Conversion.Kind.EXACT),
                arguments(INT(), VARCHAR(10), Conversion.Kind.CHECKED),
                arguments(DECIMAL(4, 2), VARCHAR(5), Conversion.Kind.CHECKED),
                arguments(DOUBLE(), VARCHAR(30), Conversion.Kind.CHECKED),
                arguments(DOUBLE(), STRING(), Conversion.Kind.EXACT),
                arguments(BIGINT(), INT(), Conversion.Kind.CHECKED),
                arguments(VARCHAR(10), VARCHAR(5), Conversion.Kind.CHECKED),
                arguments(TIMESTAMP(6), TIMESTAMP(3), Conversion.Kind.CHECKED),
                arguments(VARCHAR(10), INT(), Conversion.Kind.NEVER),
                arguments(VARCHAR(10), VARBINARY(10), Conversion.Kind.NEVER),
                arguments(TIMESTAMP(3), TIMESTAMP_LTZ(3), Conversion.Kind.NEVER));
    }

    @ParameterizedTest(name = "{0} -> {1}: {2} becomes {3}")
    @MethodSource("conversions")
    void convertsExactlyOrFails(DataType from, DataType to, Object input, Object expected) {
        Object actual = ValueConverter.of(from, to).convert(input);

        if (expected == FAILED) {
            assertThat(actual).isSameAs(FAILED);
            assertThat(Conversion.failed(actual)).isTrue();
        } else if (expected instanceof BigDecimal) {
            assertThat(actual).isInstanceOf(DecimalData.class);
            DecimalData decimal = (DecimalData) actual;
            assertThat(decimal.toBigDecimal()).isEqualTo(expected); // scale-sensitive
            assertThat(decimal.precision()).isEqualTo(DataTypeChecks.getPrecision(to));
            assertThat(decimal.scale()).isEqualTo(DataTypeChecks.getScale(to));
        } else if (expected instanceof String) {
            assertThat(actual).isInstanceOf(StringData.class);
            assertThat(actual.toString()).isEqualTo(expected);
        } else {
            assertThat(actual).isInstanceOf(expected.getClass()).isEqualTo(expected);
        }
    }

    @ParameterizedTest(name = "{0} -> {1}: fits = {3}")
    @MethodSource("binaryConversions")
    void bytesKeepTheirValueOrFail(DataType from, DataType to, Object input, boolean fits) {
        Object actual = ValueConverter.of(from, to).convert(input);

        assertThat(actual).isSameAs(fits ? input : FAILED);
    }

    @ParameterizedTest(name = "{0} -> {1} is {2}")
    @MethodSource("kinds")
    void planKindIsDecidedFromTheTypes(DataType from, DataType to, Conversion.Kind kind) {
        assertThat(ValueConverter.of(from, to).kind()).isEqualTo(kind);
    }

    @ParameterizedTest(name = "{0} -> {1} never fails")
    @MethodSource("dev.schemaop.types.TypeWideningTest#wideningCases")
    void everyWideningHasAPlanThatCannotFail(DataType from, DataType to) {
        assertThat(ValueConverter.of(from, to).kind())
                .isIn(Conversion.Kind.IDENTITY, Conversion.Kind.EXACT);
    }

    @ParameterizedTest(name = "{0} -> {1}: null stays null")
    @MethodSource("kinds")
    void nullConvertsToNull(DataType from, DataType to, Conversion.Kind ignored) {
        assertThat(ValueConverter.of(from, to).convert(null)).isNull();
        assertThat(ValueConverter.of(from, to.notNull()).convert(null)).isNull();
    }

    @Test
    void identityReturnsTheSameObject() {
        StringData text = str("same");
        TimestampData timestamp = TimestampData.fromMillis(1L, 1);

        assertThat(ValueConverter.of(CHAR(4), VARCHAR(10)).convert(text)).isSameAs(text);
        assertThat(ValueConverter.of(TIMESTAMP(9), TIMESTAMP(9)).convert(timestamp))
                .isSameAs(timestamp);
    }

    private static DecimalData dec(String value, int precision, int scale) {
        return DecimalData.fromBigDecimal(new BigDecimal(value), precision, scale);
    }

    private static StringData str(String value) {
        return BinaryStringData.fromString(value);
    }
}
