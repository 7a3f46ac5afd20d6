package dev.schemaop.connectors.mariadb.source;

import dev.schemaop.connectors.debezium.DebeziumValues;
import dev.schemaop.connectors.mariadb.values.TimeValues;

import org.apache.flink.cdc.common.data.DateData;
import org.apache.flink.cdc.common.data.DecimalData;
import org.apache.flink.cdc.common.data.LocalZonedTimestampData;
import org.apache.flink.cdc.common.data.TimeData;
import org.apache.flink.cdc.common.data.TimestampData;
import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DecimalType;
import org.apache.kafka.connect.data.Schema;

import javax.annotation.Nullable;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;

/**
 * A value as Debezium's MariaDB connector gives it (README "How it reads": exact decimals, bytes,
 * microsecond times) in the internal form of the column's pipeline type. Debezium's logical type
 * names tell the unit of a time value.
 *
 * <p>Where Debezium's binlog value differs from what the source's own snapshot reads ({@code
 * snapshot.ColumnReaders}), or is a value the pipeline type cannot hold, it is made the same for
 * both (README "Type mapping", "Values that do not round-trip"):
 *
 * <ul>
 *   <li>BIT(n) comes little-endian ({@code io.debezium.data.Bits}); it is passed on in MariaDB's
 *       own order, most significant byte first, as {@code HEX(col)} shows it.
 *   <li>YEAR 0000 comes from the binlog as 1900, a value no YEAR column can hold: it is 0.
 *   <li>A zero TIMESTAMP ('0000-00-00 00:00:00') comes from the snapshot as null and from the
 *       binlog as 1970-01-01T00:00:00Z, an instant no TIMESTAMP column can hold (they start at
 *       00:00:01 UTC): a nullable column gets null from both.
 *   <li>DATE and DATETIME values in year 0 (other than the zero date, which Debezium gives as null)
 *       come from the binlog as null: a nullable column gets null from the snapshot too.
 *   <li>TIME values outside 00:00:00 to 23:59:59.999999 (MariaDB's TIME reaches -838:59:59 to
 *       838:59:59) have no pipeline TIME value: null, with a WARN.
 * </ul>
 */
final class ValueConverter {
    static final String BITS = "io.debezium.data.Bits";
    static final String YEAR = "io.debezium.time.Year";

    /** The binlog's YEAR 0000: 1900 plus the stored 0. */
    static final int BINLOG_ZERO_YEAR = 1900;

    /** 0001-01-01: days before it are in year 0. */
    static final long FIRST_DAY_OF_YEAR_ONE = LocalDate.of(1, 1, 1).toEpochDay();

    private ValueConverter() {}

    @Nullable
    static Object convert(@Nullable Object value, Schema schema, DataType type) {
        if (value == null) {
            return null;
        }
        String logical = schema.name() == null ? "" : schema.name();
        switch (type.getTypeRoot()) {
            case BOOLEAN:
                return value instanceof Boolean b ? b : ((Number) value).longValue() != 0;
            case TINYINT:
                return ((Number) value).byteValue();
            case SMALLINT:
                return ((Number) value).shortValue();
            case INTEGER:
                int number = ((Number) value).intValue();
                return YEAR.equals(logical) && number == BINLOG_ZERO_YEAR ? 0 : number;
            case BIGINT:
                return ((Number) value).longValue();
            case FLOAT:
                return ((Number) value).floatValue();
            case DOUBLE:
                return ((Number) value).doubleValue();
            case DECIMAL:
                DecimalType decimal = (DecimalType) type;
                BigDecimal exact =
                        value instanceof BigDecimal d ? d : new BigDecimal(value.toString());
                return DecimalData.fromBigDecimal(
                        exact.setScale(decimal.getScale(), RoundingMode.UNNECESSARY),
                        decimal.getPrecision(),
                        decimal.getScale());
            case CHAR:
            case VARCHAR:
                return BinaryStringData.fromString(text(value));
            case BINARY:
            case VARBINARY:
                byte[] bytes = DebeziumValues.bytes(value);
                return BITS.equals(logical) ? reversed(bytes) : bytes;
            case DATE:
                long day = ((Number) value).longValue();
                return day < FIRST_DAY_OF_YEAR_ONE && type.isNullable()
                        ? null
                        : DateData.fromEpochDay((int) day);
            case TIME_WITHOUT_TIME_ZONE:
                return time(value, logical);
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                TimestampData timestamp = timestamp(value, logical);
                return timestamp.toLocalDateTime().getYear() < 1 && type.isNullable()
                        ? null
                        : timestamp;
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                Instant instant = instant(value);
                return Instant.EPOCH.equals(instant) && type.isNullable()
                        ? null
                        : LocalZonedTimestampData.fromInstant(instant);
            default:
                throw new IllegalArgumentException("No conversion into " + type);
        }
    }

    private static String text(Object value) {
        if (value instanceof BigDecimal d) {
            return d.toPlainString();
        }
        if (value instanceof ByteBuffer || value instanceof byte[]) {
            return new String(DebeziumValues.bytes(value), StandardCharsets.UTF_8);
        }
        return value.toString();
    }

    private static byte[] reversed(byte[] littleEndian) {
        byte[] out = new byte[littleEndian.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = littleEndian[littleEndian.length - 1 - i];
        }
        return out;
    }

    @Nullable
    private static TimeData time(Object value, String logical) {
        long number = ((Number) value).longValue();
        if (logical.endsWith("NanoTime")) {
            return TimeValues.ofMicros(Math.floorDiv(number, 1_000L));
        }
        return TimeValues.ofMicros(logical.endsWith("MicroTime") ? number : number * 1_000L);
    }

    private static TimestampData timestamp(Object value, String logical) {
        return DebeziumValues.timestamp(((Number) value).longValue(), logical);
    }

    private static Instant instant(Object value) {
        if (value instanceof Number millis) {
            return Instant.ofEpochMilli(millis.longValue());
        }
        return OffsetDateTime.parse(value.toString())
                .toInstant(); // io.debezium.time.ZonedTimestamp
    }
}
