package dev.schemaop.connectors.mariadb.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.connectors.mariadb.values.TimeValues;

import org.apache.flink.cdc.common.data.DateData;
import org.apache.flink.cdc.common.data.DecimalData;
import org.apache.flink.cdc.common.data.LocalZonedTimestampData;
import org.apache.flink.cdc.common.data.TimeData;
import org.apache.flink.cdc.common.data.TimestampData;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;

/**
 * Values as Debezium gives them on its two paths (snapshot and binlog; the raw values below are
 * what Debezium 3.5.0.Final gave for the e2e test's rows), in their pipeline form.
 */
class ValueConverterTest {
    private static final Schema MICRO_TIME =
            named(SchemaBuilder.int64(), "io.debezium.time.MicroTime");
    private static final Schema YEAR = named(SchemaBuilder.int32(), "io.debezium.time.Year");
    private static final Schema DATE = named(SchemaBuilder.int32(), "io.debezium.time.Date");
    private static final Schema TIMESTAMP =
            named(SchemaBuilder.int64(), "io.debezium.time.Timestamp");
    private static final Schema MICRO_TIMESTAMP =
            named(SchemaBuilder.int64(), "io.debezium.time.MicroTimestamp");
    private static final Schema ZONED =
            named(SchemaBuilder.string(), "io.debezium.time.ZonedTimestamp");
    private static final Schema BITS = named(SchemaBuilder.bytes(), "io.debezium.data.Bits");

    private static Schema named(SchemaBuilder builder, String name) {
        return builder.name(name).optional().build();
    }

    private static Object convert(Object value, Schema schema, DataType type) {
        return ValueConverter.convert(value, schema, type);
    }

    @Test
    void bitsArePassedOnMostSignificantByteFirst() {
        // b'1010101011' (HEX 2AB) comes as {0xAB, 0x02}; b'1000...0001' (64 bits) as 01..80.
        assertThat((byte[]) convert(new byte[] {(byte) 0xAB, 0x02}, BITS, DataTypes.BINARY(2)))
                .containsExactly(0x02, 0xAB);
        assertThat(
                        (byte[])
                                convert(
                                        new byte[] {1, 0, 0, 0, 0, 0, 0, (byte) 0x80},
                                        BITS,
                                        DataTypes.BINARY(8)))
                .containsExactly(0x80, 0, 0, 0, 0, 0, 0, 1);
        // Plain binary keeps its order.
        assertThat(
                        (byte[])
                                convert(
                                        new byte[] {1, 2},
                                        Schema.OPTIONAL_BYTES_SCHEMA,
                                        DataTypes.BYTES()))
                .containsExactly(1, 2);
    }

    @Test
    void yearZeroOfTheBinlogIsZero() {
        assertThat(convert(1900, YEAR, DataTypes.INT())).isEqualTo(0);
        assertThat(convert(1901, YEAR, DataTypes.INT())).isEqualTo(1901);
        assertThat(convert(2155, YEAR, DataTypes.INT())).isEqualTo(2155);
        // Only a YEAR column: an INT 1900 is 1900.
        assertThat(convert(1900, Schema.OPTIONAL_INT32_SCHEMA, DataTypes.INT())).isEqualTo(1900);
    }

    @Test
    void theZeroTimestampOfTheBinlogIsNullInANullableColumn() {
        assertThat(convert("1970-01-01T00:00:00Z", ZONED, DataTypes.TIMESTAMP_LTZ(0))).isNull();
        assertThat(convert("1970-01-01T00:00:00Z", ZONED, DataTypes.TIMESTAMP_LTZ(0).notNull()))
                .isEqualTo(LocalZonedTimestampData.fromInstant(Instant.EPOCH));
        assertThat(convert("1970-01-01T00:00:01.000000Z", ZONED, DataTypes.TIMESTAMP_LTZ(6)))
                .isEqualTo(LocalZonedTimestampData.fromInstant(Instant.ofEpochSecond(1)));
        assertThat(convert("2038-01-19T03:14:07.999999Z", ZONED, DataTypes.TIMESTAMP_LTZ(6)))
                .isEqualTo(
                        LocalZonedTimestampData.fromInstant(
                                Instant.parse("2038-01-19T03:14:07.999999Z")));
    }

    @Test
    void timesOutsideADayAreNull() {
        DataType time = DataTypes.TIME(6);
        assertThat(convert(3_020_399_000_000L, MICRO_TIME, time)).as("838:59:59").isNull();
        assertThat(convert(-3_020_399_999_000L, MICRO_TIME, time)).as("-838:59:59.999").isNull();
        assertThat(convert(86_400_000_000L, MICRO_TIME, time)).as("24:00:00").isNull();
        assertThat(convert(-1L, MICRO_TIME, time)).as("-00:00:00.000001").isNull();
        assertThat(convert(0L, MICRO_TIME, time)).isEqualTo(TimeData.fromMillisOfDay(0));
        assertThat(convert(86_399_999_999L, MICRO_TIME, time))
                .as("sub-millisecond digits are cut off, not rounded up to 24:00:00")
                .isEqualTo(TimeData.fromLocalTime(LocalTime.parse("23:59:59.999")));
    }

    @Test
    void mariaDbTimeText() {
        assertThat(TimeValues.mariaDbTime(3_020_399_000_000L)).isEqualTo("838:59:59");
        assertThat(TimeValues.mariaDbTime(-3_020_399_999_000L)).isEqualTo("-838:59:59.999000");
        assertThat(TimeValues.mariaDbTime(-1L)).isEqualTo("-00:00:00.000001");
    }

    @Test
    void datesOfYearZeroAreNullInANullableColumn() {
        long yearZero = LocalDate.of(0, 1, 1).toEpochDay();
        assertThat(convert(yearZero, DATE, DataTypes.DATE())).isNull();
        assertThat(convert(yearZero, DATE, DataTypes.DATE().notNull()))
                .isEqualTo(DateData.fromEpochDay((int) yearZero));
        long first = LocalDate.of(1, 1, 1).toEpochDay();
        assertThat(convert((int) first, DATE, DataTypes.DATE()))
                .isEqualTo(DateData.fromEpochDay((int) first));
        assertThat(convert(-354285, DATE, DataTypes.DATE()))
                .isEqualTo(DateData.fromLocalDate(LocalDate.of(1000, 1, 1)));

        long yearZeroMillis =
                LocalDateTime.parse("0000-06-15T10:00:00").toEpochSecond(ZoneOffset.UTC) * 1000;
        assertThat(convert(yearZeroMillis, TIMESTAMP, DataTypes.TIMESTAMP(0))).isNull();
        assertThat(convert(-62_135_596_799_999_999L, MICRO_TIMESTAMP, DataTypes.TIMESTAMP(6)))
                .isEqualTo(
                        TimestampData.fromLocalDateTime(
                                LocalDateTime.parse("0001-01-01T00:00:00.000001")));
    }

    @Test
    void widestDecimalIsItsPlainText() {
        Schema decimal65 = Decimal.builder(30).optional().build();
        assertThat(convert(new BigDecimal("0E-30"), decimal65, DataTypes.STRING()).toString())
                .isEqualTo("0.000000000000000000000000000000");
        assertThat(
                        convert(
                                        new BigDecimal("18446744073709551615"),
                                        Decimal.builder(0).optional().build(),
                                        DataTypes.DECIMAL(20, 0))
                                .toString())
                .isEqualTo(
                        DecimalData.fromBigDecimal(new BigDecimal("18446744073709551615"), 20, 0)
                                .toString());
    }

    @Test
    void tinyint1IsTrueForEveryNonZeroValue() {
        assertThat(convert((short) 2, Schema.OPTIONAL_INT16_SCHEMA, DataTypes.BOOLEAN()))
                .isEqualTo(true);
        assertThat(convert((short) -128, Schema.OPTIONAL_INT16_SCHEMA, DataTypes.BOOLEAN()))
                .isEqualTo(true);
        assertThat(convert((short) 0, Schema.OPTIONAL_INT16_SCHEMA, DataTypes.BOOLEAN()))
                .isEqualTo(false);
    }
}
