package dev.schemaop.connectors.postgres.values;

import dev.schemaop.connectors.debezium.DebeziumValues;

import org.apache.flink.cdc.common.data.DateData;
import org.apache.flink.cdc.common.data.GenericArrayData;
import org.apache.flink.cdc.common.data.LocalZonedTimestampData;
import org.apache.flink.cdc.common.data.TimeData;
import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.types.ArrayType;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DecimalType;
import org.apache.kafka.connect.data.Schema;

import javax.annotation.Nullable;

import java.time.OffsetDateTime;
import java.util.List;

/**
 * A value as Debezium's PostgreSQL connector gives it (numerics as text, bytes as bytes, adaptive
 * times: the logical type's name tells the unit) in the internal form of the column's pipeline
 * type: the same values {@link JdbcValues} reads in the snapshot.
 */
public final class StreamValues {
    private static final long LAST_MILLI_OF_DAY = 86_399_999L;

    private StreamValues() {}

    @Nullable
    public static Object convert(
            @Nullable Object value, Schema schema, DataType type, String column) {
        if (value == null) {
            return null;
        }
        String logical = schema.name() == null ? "" : schema.name();
        switch (type.getTypeRoot()) {
            case BOOLEAN:
                return value;
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
                return Decimals.parse(value.toString(), (DecimalType) type, column);
            case CHAR:
            case VARCHAR:
                return BinaryStringData.fromString(value.toString());
            case BINARY:
            case VARBINARY:
                return DebeziumValues.bytes(value);
            case DATE:
                return DateData.fromEpochDay(((Number) value).intValue());
            case TIME_WITHOUT_TIME_ZONE:
                long time = ((Number) value).longValue();
                long millis =
                        logical.endsWith("MicroTime")
                                ? time / 1_000L
                                : logical.endsWith("NanoTime") ? time / 1_000_000L : time;
                // PostgreSQL's 24:00:00 is the end of the day: the JDBC driver reads it as the
                // last instant of the day (LocalTime.MAX), so the stream gives the same
                return TimeData.fromMillisOfDay((int) Math.min(millis, LAST_MILLI_OF_DAY));
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                return DebeziumValues.timestamp(((Number) value).longValue(), logical);
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return LocalZonedTimestampData.fromInstant(
                        OffsetDateTime.parse(value.toString()).toInstant());
            case ARRAY:
                DataType element = ((ArrayType) type).getElementType();
                List<?> list = (List<?>) value;
                Object[] elements = new Object[list.size()];
                for (int i = 0; i < elements.length; i++) {
                    elements[i] = convert(list.get(i), schema.valueSchema(), element, column);
                }
                return new GenericArrayData(elements);
            default:
                throw new IllegalArgumentException("No conversion into " + type);
        }
    }
}
