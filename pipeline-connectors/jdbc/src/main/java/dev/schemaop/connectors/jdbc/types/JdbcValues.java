package dev.schemaop.connectors.jdbc.types;

import org.apache.flink.cdc.common.data.DateData;
import org.apache.flink.cdc.common.data.DecimalData;
import org.apache.flink.cdc.common.data.LocalZonedTimestampData;
import org.apache.flink.cdc.common.data.StringData;
import org.apache.flink.cdc.common.data.TimeData;
import org.apache.flink.cdc.common.data.TimestampData;
import org.apache.flink.cdc.common.data.ZonedTimestampData;
import org.apache.flink.cdc.common.types.DataType;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * Turns a Flink CDC internal value (what {@code RecordData.FieldGetter} returns) into the Java
 * value a JDBC driver binds: {@code String}, {@code Boolean}, the boxed numbers, {@code
 * BigDecimal}, {@code byte[]}, {@code LocalDate}, {@code LocalTime}, {@code LocalDateTime}, and
 * {@code OffsetDateTime} for both zoned timestamp types (TIMESTAMP_LTZ at UTC, TIMESTAMP_TZ at its
 * own offset). ARRAY, MAP and ROW become their JSON text ({@link JsonText}). The dialect decides
 * how a value is bound.
 */
public final class JdbcValues {
    private JdbcValues() {}

    public static Object toJdbc(Object value, DataType type) {
        if (value == null) {
            return null;
        }
        switch (type.getTypeRoot()) {
            case CHAR:
            case VARCHAR:
                return ((StringData) value).toString();
            case BOOLEAN:
            case TINYINT:
            case SMALLINT:
            case INTEGER:
            case BIGINT:
            case FLOAT:
            case DOUBLE:
                return value;
            case DECIMAL:
                return ((DecimalData) value).toBigDecimal();
            case BINARY:
            case VARBINARY:
                return value;
            case DATE:
                return ((DateData) value).toLocalDate();
            case TIME_WITHOUT_TIME_ZONE:
                return ((TimeData) value).toLocalTime();
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                return ((TimestampData) value).toLocalDateTime();
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return OffsetDateTime.ofInstant(
                        ((LocalZonedTimestampData) value).toInstant(), ZoneOffset.UTC);
            case TIMESTAMP_WITH_TIME_ZONE:
                return ((ZonedTimestampData) value).getZonedDateTime().toOffsetDateTime();
            case ARRAY:
            case MAP:
            case ROW:
                return new JsonText(JsonText.write(value, type));
            default:
                throw new UnsupportedTypeException(
                        "Cannot write a value of type " + type.asSummaryString());
        }
    }
}
