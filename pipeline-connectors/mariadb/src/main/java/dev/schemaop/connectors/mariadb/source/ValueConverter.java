package dev.schemaop.connectors.mariadb.source;

import org.apache.flink.cdc.common.data.DateData;
import org.apache.flink.cdc.common.data.DecimalData;
import org.apache.flink.cdc.common.data.LocalZonedTimestampData;
import org.apache.flink.cdc.common.data.TimeData;
import org.apache.flink.cdc.common.data.TimestampData;
import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DecimalType;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.Struct;

import javax.annotation.Nullable;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.OffsetDateTime;

/**
 * A value as Debezium's MariaDB connector gives it (README "How it reads": exact decimals, bytes,
 * microsecond times) in the internal form of the column's pipeline type. Debezium's logical type
 * names tell the unit of a time value.
 */
final class ValueConverter {
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
                return ((Number) value).intValue();
            case BIGINT:
                return ((Number) value).longValue();
            case FLOAT:
                return ((Number) value).floatValue();
            case DOUBLE:
                return ((Number) value).doubleValue();
            case DECIMAL:
                DecimalType decimal = (DecimalType) type;
                BigDecimal number =
                        value instanceof BigDecimal d ? d : new BigDecimal(value.toString());
                return DecimalData.fromBigDecimal(
                        number.setScale(decimal.getScale(), RoundingMode.UNNECESSARY),
                        decimal.getPrecision(),
                        decimal.getScale());
            case CHAR:
            case VARCHAR:
                return BinaryStringData.fromString(text(value));
            case BINARY:
            case VARBINARY:
                return bytes(value);
            case DATE:
                return DateData.fromEpochDay(((Number) value).intValue());
            case TIME_WITHOUT_TIME_ZONE:
                return time(value, logical);
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                return timestamp(value, logical);
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return LocalZonedTimestampData.fromInstant(instant(value));
            default:
                throw new IllegalArgumentException("No conversion into " + type);
        }
    }

    private static String text(Object value) {
        if (value instanceof BigDecimal d) {
            return d.toPlainString();
        }
        if (value instanceof ByteBuffer || value instanceof byte[]) {
            return new String(bytes(value), StandardCharsets.UTF_8);
        }
        return value.toString();
    }

    private static byte[] bytes(Object value) {
        if (value instanceof byte[] b) {
            return b;
        }
        if (value instanceof ByteBuffer buffer) {
            ByteBuffer copy = buffer.duplicate();
            byte[] b = new byte[copy.remaining()];
            copy.get(b);
            return b;
        }
        if (value instanceof Struct geometry) {
            return bytes(geometry.get("wkb")); // io.debezium.data.geometry.*: WKB and SRID
        }
        if (value instanceof Boolean b) {
            return new byte[] {(byte) (b ? 1 : 0)};
        }
        return value.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static TimeData time(Object value, String logical) {
        long number = ((Number) value).longValue();
        if (logical.endsWith("NanoTime")) {
            return TimeData.fromNanoOfDay(number);
        }
        if (logical.endsWith("MicroTime")) {
            return TimeData.fromMicroOfDay(number);
        }
        return TimeData.fromMillisOfDay((int) number);
    }

    private static TimestampData timestamp(Object value, String logical) {
        long number = ((Number) value).longValue();
        if (logical.endsWith("NanoTimestamp")) {
            return TimestampData.fromMillis(
                    Math.floorDiv(number, 1_000_000L), (int) Math.floorMod(number, 1_000_000L));
        }
        if (logical.endsWith("MicroTimestamp")) {
            return TimestampData.fromMillis(
                    Math.floorDiv(number, 1_000L), (int) Math.floorMod(number, 1_000L) * 1_000);
        }
        return TimestampData.fromMillis(number);
    }

    private static Instant instant(Object value) {
        if (value instanceof Number millis) {
            return Instant.ofEpochMilli(millis.longValue());
        }
        return OffsetDateTime.parse(value.toString())
                .toInstant(); // io.debezium.time.ZonedTimestamp
    }
}
