package dev.schemaop.connectors.paimon.types;

import org.apache.flink.cdc.common.data.DateData;
import org.apache.flink.cdc.common.data.DecimalData;
import org.apache.flink.cdc.common.data.LocalZonedTimestampData;
import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.data.TimeData;
import org.apache.flink.cdc.common.data.TimestampData;
import org.apache.flink.cdc.common.data.ZonedTimestampData;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.paimon.casting.CastExecutor;
import org.apache.paimon.casting.CastExecutors;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypeChecks;
import org.apache.paimon.types.RowKind;

import java.util.List;
import java.util.function.Function;

/**
 * Turns a pipeline row into a Paimon row of one table schema: the Paimon table's fields in its
 * order, each read by name from the pipeline row (a field the pipeline schema lacks is null), each
 * value in Paimon's internal form. Built once per pair of schemas, used for every row.
 */
public final class RowConverter {
    private final RecordData.FieldGetter[] getters;
    private final Function<Object, Object>[] converters;

    @SuppressWarnings("unchecked")
    public RowConverter(Schema pipeline, List<DataField> paimonFields, boolean caseSensitive) {
        int n = paimonFields.size();
        getters = new RecordData.FieldGetter[n];
        converters = new Function[n];
        List<Column> columns = pipeline.getColumns();
        for (int i = 0; i < n; i++) {
            DataField field = paimonFields.get(i);
            int position = positionOf(columns, field.name(), caseSensitive);
            if (position >= 0) {
                org.apache.flink.cdc.common.types.DataType type = columns.get(position).getType();
                getters[i] = RecordData.createFieldGetter(type, position);
                converters[i] = converter(field, type);
            }
        }
    }

    public GenericRow convert(RecordData record, RowKind kind) {
        GenericRow row = new GenericRow(kind, getters.length);
        for (int i = 0; i < getters.length; i++) {
            if (getters[i] != null) {
                Object value = getters[i].getFieldOrNull(record);
                row.setField(i, value == null ? null : converters[i].apply(value));
            }
        }
        return row;
    }

    /**
     * The value's own type in Paimon's form, then cast to the field's type when they differ, the
     * way Paimon casts an older file's values when it reads them: a row shaped for an older schema
     * version (a lagging source split) can reach a writer whose table already has the newer one,
     * and so can a narrower column of the pipeline into a wider one of an existing table.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Function<Object, Object> converter(
            DataField field, org.apache.flink.cdc.common.types.DataType pipelineType) {
        DataType valueType = PaimonTypes.toPaimon(pipelineType);
        Function<Object, Object> internal = converterTo(valueType);
        if (valueType.copy(true).equals(field.type().copy(true))) {
            return internal;
        }
        CastExecutor cast = CastExecutors.resolve(valueType, field.type());
        if (cast == null) {
            throw new IllegalArgumentException(
                    "A value of type "
                            + pipelineType.asSummaryString()
                            + " cannot be written into column '"
                            + field.name()
                            + "' of type "
                            + field.type().asSQLString()
                            + ": Paimon has no cast between them");
        }
        return value -> cast.cast(internal.apply(value));
    }

    private static int positionOf(List<Column> columns, String name, boolean caseSensitive) {
        for (int i = 0; i < columns.size(); i++) {
            String column = columns.get(i).getName();
            if (caseSensitive ? column.equals(name) : column.equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }

    private static Function<Object, Object> converterTo(DataType type) {
        switch (type.getTypeRoot()) {
            case CHAR:
            case VARCHAR:
                return value -> BinaryString.fromString(value.toString());
            case DECIMAL:
                int precision = DataTypeChecks.getPrecision(type);
                int scale = DataTypeChecks.getScale(type);
                return value -> decimal((DecimalData) value, precision, scale);
            case TIMESTAMP_WITHOUT_TIME_ZONE:
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return RowConverter::timestamp;
            case DATE:
                return value -> value instanceof DateData ? ((DateData) value).toEpochDay() : value;
            case TIME_WITHOUT_TIME_ZONE:
                return value ->
                        value instanceof TimeData ? ((TimeData) value).toMillisOfDay() : value;
            default:
                // booleans, and bytes as byte[]: the same internal form in both
                return Function.identity();
        }
    }

    /** The runtime sends only values that fit (SPEC §3); one that does not is a bug, not a null. */
    private static Decimal decimal(DecimalData value, int precision, int scale) {
        Decimal decimal = Decimal.fromBigDecimal(value.toBigDecimal(), precision, scale);
        if (decimal == null) {
            throw new IllegalArgumentException(
                    "The value "
                            + value
                            + " does not fit DECIMAL("
                            + precision
                            + ", "
                            + scale
                            + ") of the Paimon table");
        }
        return decimal;
    }

    private static Timestamp timestamp(Object value) {
        if (value instanceof TimestampData) {
            TimestampData t = (TimestampData) value;
            return Timestamp.fromEpochMillis(t.getMillisecond(), t.getNanoOfMillisecond());
        }
        if (value instanceof LocalZonedTimestampData) {
            LocalZonedTimestampData t = (LocalZonedTimestampData) value;
            return Timestamp.fromEpochMillis(
                    t.getEpochMillisecond(), t.getEpochNanoOfMillisecond());
        }
        return Timestamp.fromInstant(((ZonedTimestampData) value).toInstant());
    }
}
