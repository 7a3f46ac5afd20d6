package dev.schemaop.connectors.jdbc.testutil;

import org.apache.flink.cdc.common.data.DateData;
import org.apache.flink.cdc.common.data.DecimalData;
import org.apache.flink.cdc.common.data.LocalZonedTimestampData;
import org.apache.flink.cdc.common.data.TimeData;
import org.apache.flink.cdc.common.data.TimestampData;
import org.apache.flink.cdc.common.data.ZonedTimestampData;
import org.apache.flink.cdc.common.data.binary.BinaryRecordData;
import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DecimalType;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZonedDateTime;

/** Builds rows and row events of a schema from plain Java values. */
public final class Rows {
    private final TableId table;
    private final Schema schema;
    private final BinaryRecordDataGenerator generator;

    public Rows(TableId table, Schema schema) {
        this.table = table;
        this.schema = schema;
        this.generator =
                new BinaryRecordDataGenerator(schema.getColumnDataTypes().toArray(new DataType[0]));
    }

    /** A row from Java values: String, numbers, BigDecimal, byte[], java.time values. */
    public BinaryRecordData row(Object... values) {
        Object[] internal = new Object[values.length];
        for (int i = 0; i < values.length; i++) {
            internal[i] = internal(values[i], schema.getColumnDataTypes().get(i));
        }
        return generator.generate(internal);
    }

    public DataChangeEvent insert(Object... values) {
        return DataChangeEvent.insertEvent(table, row(values));
    }

    public DataChangeEvent delete(Object... values) {
        return DataChangeEvent.deleteEvent(table, row(values));
    }

    public DataChangeEvent update(Object[] before, Object[] after) {
        return DataChangeEvent.updateEvent(table, row(before), row(after));
    }

    static Object internal(Object value, DataType type) {
        if (value == null) {
            return null;
        }
        switch (type.getTypeRoot()) {
            case CHAR:
            case VARCHAR:
                return BinaryStringData.fromString((String) value);
            case DECIMAL:
                DecimalType decimal = (DecimalType) type;
                return DecimalData.fromBigDecimal(
                        (BigDecimal) value, decimal.getPrecision(), decimal.getScale());
            case DATE:
                return DateData.fromLocalDate((LocalDate) value);
            case TIME_WITHOUT_TIME_ZONE:
                return TimeData.fromLocalTime((LocalTime) value);
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                return TimestampData.fromLocalDateTime((LocalDateTime) value);
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return LocalZonedTimestampData.fromInstant((Instant) value);
            case TIMESTAMP_WITH_TIME_ZONE:
                return ZonedTimestampData.fromZonedDateTime((ZonedDateTime) value);
            default:
                return value;
        }
    }
}
