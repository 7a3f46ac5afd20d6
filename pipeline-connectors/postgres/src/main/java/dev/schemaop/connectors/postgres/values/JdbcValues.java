package dev.schemaop.connectors.postgres.values;

import org.apache.flink.cdc.common.data.DateData;
import org.apache.flink.cdc.common.data.GenericArrayData;
import org.apache.flink.cdc.common.data.LocalZonedTimestampData;
import org.apache.flink.cdc.common.data.TimeData;
import org.apache.flink.cdc.common.data.TimestampData;
import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.types.ArrayType;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DecimalType;

import javax.annotation.Nullable;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

/** A snapshot's column value, read through JDBC, in the internal form of its pipeline type. */
public final class JdbcValues {
    private JdbcValues() {}

    @Nullable
    public static Object read(ResultSet row, int index, DataType type, String column)
            throws SQLException {
        switch (type.getTypeRoot()) {
            case BOOLEAN:
                boolean b = row.getBoolean(index);
                return row.wasNull() ? null : b;
            case SMALLINT:
                short s = row.getShort(index);
                return row.wasNull() ? null : s;
            case INTEGER:
                int i = row.getInt(index);
                return row.wasNull() ? null : i;
            case BIGINT:
                long l = row.getLong(index);
                return row.wasNull() ? null : l;
            case FLOAT:
                float f = row.getFloat(index);
                return row.wasNull() ? null : f;
            case DOUBLE:
                double d = row.getDouble(index);
                return row.wasNull() ? null : d;
            case DECIMAL:
                String decimal = row.getString(index);
                return decimal == null ? null : Decimals.parse(decimal, (DecimalType) type, column);
            case CHAR:
            case VARCHAR:
                String text = row.getString(index);
                return text == null ? null : BinaryStringData.fromString(text);
            case BINARY:
            case VARBINARY:
                return row.getBytes(index);
            case DATE:
                LocalDate date = row.getObject(index, LocalDate.class);
                return date == null ? null : DateData.fromLocalDate(date);
            case TIME_WITHOUT_TIME_ZONE:
                LocalTime time = row.getObject(index, LocalTime.class);
                return time == null
                        ? null
                        : TimeData.fromMillisOfDay((int) (time.toNanoOfDay() / 1_000_000L));
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                LocalDateTime timestamp = row.getObject(index, LocalDateTime.class);
                return timestamp == null ? null : TimestampData.fromLocalDateTime(timestamp);
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                OffsetDateTime instant = row.getObject(index, OffsetDateTime.class);
                return instant == null
                        ? null
                        : LocalZonedTimestampData.fromInstant(instant.toInstant());
            case ARRAY:
                Array array = row.getArray(index);
                return array == null ? null : array(array, (ArrayType) type, column);
            default:
                throw new IllegalArgumentException("No conversion into " + type);
        }
    }

    private static GenericArrayData array(Array array, ArrayType type, String column)
            throws SQLException {
        List<Object> elements = new ArrayList<>();
        try (ResultSet items = array.getResultSet()) {
            while (items.next()) {
                // column 1 is the index, 2 the element
                elements.add(read(items, 2, type.getElementType(), column));
            }
        } finally {
            array.free();
        }
        return new GenericArrayData(elements.toArray());
    }
}
