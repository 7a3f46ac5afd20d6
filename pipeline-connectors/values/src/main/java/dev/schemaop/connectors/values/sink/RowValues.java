package dev.schemaop.connectors.values.sink;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.apache.flink.cdc.common.data.DateData;
import org.apache.flink.cdc.common.data.DecimalData;
import org.apache.flink.cdc.common.data.LocalZonedTimestampData;
import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.data.StringData;
import org.apache.flink.cdc.common.data.TimeData;
import org.apache.flink.cdc.common.data.TimestampData;
import org.apache.flink.cdc.common.data.ZonedTimestampData;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Row values in the sink's store: plain JDK objects ({@code Long}, {@code BigDecimal}, {@code
 * String}, {@code LocalDateTime}, ...) decoded from {@link RecordData}, converted on a column type
 * change and rendered as JSON.
 */
final class RowValues {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private RowValues() {}

    // ------------------------------------------------------------------------ decoding

    /** Decodes a record in the shape of {@code schema} into column name to JDK value. */
    static Map<String, Object> decode(RecordData record, Schema schema) {
        List<Column> columns = schema.getColumns();
        Map<String, Object> row = new LinkedHashMap<>();
        for (int i = 0; i < columns.size(); i++) {
            DataType type = columns.get(i).getType();
            // Read as nullable: a NOT NULL column that receives null (the pipeline could not
            // fill it) must show null, not whatever bytes the null slot holds.
            Object internal =
                    RecordData.createFieldGetter(type.nullable(), i).getFieldOrNull(record);
            row.put(columns.get(i).getName(), toJava(internal));
        }
        return row;
    }

    static Object toJava(Object internal) {
        if (internal == null) {
            return null;
        }
        if (internal instanceof StringData) {
            return internal.toString();
        }
        if (internal instanceof DecimalData) {
            return ((DecimalData) internal).toBigDecimal();
        }
        if (internal instanceof TimestampData) {
            return ((TimestampData) internal).toLocalDateTime();
        }
        if (internal instanceof LocalZonedTimestampData) {
            return ((LocalZonedTimestampData) internal).toInstant();
        }
        if (internal instanceof ZonedTimestampData) {
            return ((ZonedTimestampData) internal).getZonedDateTime();
        }
        if (internal instanceof DateData) {
            return ((DateData) internal).toLocalDate();
        }
        if (internal instanceof TimeData) {
            return ((TimeData) internal).toLocalTime();
        }
        if (internal instanceof byte[]) {
            return ((byte[]) internal).clone();
        }
        if (internal instanceof Boolean || internal instanceof Number) {
            return internal;
        }
        return internal.toString();
    }

    // ------------------------------------------------------------------------ keys

    /** The key of a row: its primary key values, or all values when there is no key. */
    static List<Object> key(Schema schema, Map<String, Object> row) {
        List<String> names =
                schema.primaryKeys().isEmpty() ? schema.getColumnNames() : schema.primaryKeys();
        List<Object> key = new ArrayList<>(names.size());
        for (String name : names) {
            key.add(keyPart(row.get(name)));
        }
        return key;
    }

    /**
     * The stored row after an upsert of {@code written}: a database's upsert sets the columns the
     * writer names and leaves the table's other columns (those the pipeline does not write) as they
     * were.
     */
    static Map<String, Object> keepingUnwritten(
            Map<String, Object> stored, Map<String, Object> written) {
        Map<String, Object> row = new LinkedHashMap<>(stored);
        row.putAll(written);
        return row;
    }

    /** Normalizes a key value so that equal values of different widths are equal keys. */
    private static Object keyPart(Object v) {
        if (v instanceof Byte || v instanceof Short || v instanceof Integer) {
            return ((Number) v).longValue();
        }
        if (v instanceof Float) {
            return Double.parseDouble(v.toString());
        }
        if (v instanceof BigDecimal) {
            BigDecimal d = ((BigDecimal) v).stripTrailingZeros();
            return d.scale() < 0 ? d.setScale(0) : d;
        }
        if (v instanceof byte[]) {
            return Base64.getEncoder().encodeToString((byte[]) v);
        }
        return v;
    }

    /** Orders keys element by element: nulls first, numbers by value, else natural order. */
    static final Comparator<List<Object>> KEY_ORDER =
            (a, b) -> {
                for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
                    int c = comparePart(a.get(i), b.get(i));
                    if (c != 0) {
                        return c;
                    }
                }
                return Integer.compare(a.size(), b.size());
            };

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int comparePart(Object a, Object b) {
        if (a == null || b == null) {
            return a == null ? (b == null ? 0 : -1) : 1;
        }
        if (a instanceof Number && b instanceof Number) {
            try {
                return new BigDecimal(a.toString()).compareTo(new BigDecimal(b.toString()));
            } catch (NumberFormatException e) {
                return Double.compare(((Number) a).doubleValue(), ((Number) b).doubleValue());
            }
        }
        if (a.getClass() == b.getClass() && a instanceof Comparable) {
            return ((Comparable) a).compareTo(b);
        }
        return text(a).compareTo(text(b));
    }

    // ------------------------------------------------------------------------ conversion

    /**
     * A stored row after a column change the applier made: values of an altered column converted,
     * renamed columns moved, dropped ones removed; an added column is simply missing (read as
     * null).
     */
    static Map<String, Object> reshape(Map<String, Object> row, SchemaChangeEvent change) {
        Map<String, Object> copy = new LinkedHashMap<>(row);
        if (change instanceof AlterColumnTypeEvent) {
            ((AlterColumnTypeEvent) change)
                    .getTypeMapping()
                    .forEach((name, type) -> copy.put(name, convert(copy.get(name), type)));
        } else if (change instanceof RenameColumnEvent) {
            Map<String, String> renames = ((RenameColumnEvent) change).getNameMapping();
            renames.keySet().forEach(copy::remove);
            renames.forEach((from, to) -> copy.put(to, row.get(from)));
        } else if (change instanceof DropColumnEvent) {
            ((DropColumnEvent) change).getDroppedColumnNames().forEach(copy::remove);
        }
        return copy;
    }

    /** Converts a stored value to the JDK form of {@code type} after a column type change. */
    static Object convert(Object v, DataType type) {
        if (v == null) {
            return null;
        }
        try {
            switch (type.getTypeRoot()) {
                case TINYINT:
                case SMALLINT:
                case INTEGER:
                case BIGINT:
                    return convertIntegral(v, type);
                case FLOAT:
                    return v instanceof Number ? ((Number) v).floatValue() : v;
                case DOUBLE:
                    if (v instanceof Float) {
                        return Double.parseDouble(v.toString());
                    }
                    return v instanceof Number ? ((Number) v).doubleValue() : v;
                case DECIMAL:
                    if (v instanceof Number) {
                        int scale = DataTypes.getScale(type).orElse(0);
                        return new BigDecimal(v.toString()).setScale(scale, RoundingMode.HALF_UP);
                    }
                    return v;
                case CHAR:
                case VARCHAR:
                    return text(v);
                case BOOLEAN:
                    return v instanceof String ? Boolean.valueOf((String) v) : v;
                case DATE:
                    return v instanceof LocalDateTime ? ((LocalDateTime) v).toLocalDate() : v;
                case TIMESTAMP_WITHOUT_TIME_ZONE:
                    return v instanceof LocalDate ? ((LocalDate) v).atStartOfDay() : v;
                case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                    return v instanceof LocalDateTime
                            ? ((LocalDateTime) v).toInstant(ZoneOffset.UTC)
                            : v;
                default:
                    return v;
            }
        } catch (RuntimeException e) {
            return v;
        }
    }

    private static Object convertIntegral(Object v, DataType type) {
        long value;
        if (v instanceof Byte || v instanceof Short || v instanceof Integer || v instanceof Long) {
            value = ((Number) v).longValue();
        } else if (v instanceof BigDecimal) {
            value = ((BigDecimal) v).longValueExact();
        } else {
            return v;
        }
        switch (type.getTypeRoot()) {
            case TINYINT:
                return value == (byte) value ? (Object) (byte) value : v;
            case SMALLINT:
                return value == (short) value ? (Object) (short) value : v;
            case INTEGER:
                return value == (int) value ? (Object) (int) value : v;
            default:
                return value;
        }
    }

    // ------------------------------------------------------------------------ rendering

    /** Renders a value of a column of {@code type} as JSON (format in the README). */
    static JsonNode render(Object v, DataType type) {
        if (v == null) {
            return JSON.nullNode();
        }
        switch (type.getTypeRoot()) {
            case TINYINT:
            case SMALLINT:
            case INTEGER:
            case BIGINT:
                if (v instanceof Byte
                        || v instanceof Short
                        || v instanceof Integer
                        || v instanceof Long) {
                    return JSON.numberNode(((Number) v).longValue());
                }
                break;
            case FLOAT:
            case DOUBLE:
                if (v instanceof Float || v instanceof Double) {
                    double d = ((Number) v).doubleValue();
                    if (Double.isNaN(d) || Double.isInfinite(d)) {
                        return JSON.textNode(v.toString());
                    }
                    return JSON.numberNode(new BigDecimal(v.toString()));
                }
                break;
            case DECIMAL:
                if (v instanceof BigDecimal) {
                    int scale = DataTypes.getScale(type).orElse(0);
                    return JSON.textNode(
                            ((BigDecimal) v).setScale(scale, RoundingMode.HALF_UP).toPlainString());
                }
                break;
            case BOOLEAN:
                if (v instanceof Boolean) {
                    return JSON.booleanNode((Boolean) v);
                }
                break;
            case TIME_WITHOUT_TIME_ZONE:
                if (v instanceof LocalTime) {
                    return JSON.textNode(time((LocalTime) v, precision(type)));
                }
                break;
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                if (v instanceof LocalDateTime) {
                    return JSON.textNode(dateTime((LocalDateTime) v, precision(type)));
                }
                break;
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                if (v instanceof Instant) {
                    LocalDateTime utc = LocalDateTime.ofInstant((Instant) v, ZoneOffset.UTC);
                    return JSON.textNode(dateTime(utc, precision(type)) + "Z");
                }
                break;
            case TIMESTAMP_WITH_TIME_ZONE:
                if (v instanceof ZonedDateTime) {
                    OffsetDateTime odt = ((ZonedDateTime) v).toOffsetDateTime();
                    return JSON.textNode(
                            dateTime(odt.toLocalDateTime(), precision(type)) + odt.getOffset());
                }
                break;
            default:
                break;
        }
        return genericJson(v);
    }

    private static JsonNode genericJson(Object v) {
        if (v instanceof Boolean) {
            return JSON.booleanNode((Boolean) v);
        }
        if (v instanceof Byte || v instanceof Short || v instanceof Integer || v instanceof Long) {
            return JSON.numberNode(((Number) v).longValue());
        }
        if (v instanceof Float || v instanceof Double) {
            double d = ((Number) v).doubleValue();
            return Double.isNaN(d) || Double.isInfinite(d)
                    ? JSON.textNode(v.toString())
                    : JSON.numberNode(new BigDecimal(v.toString()));
        }
        return JSON.textNode(text(v));
    }

    /** Canonical text of a value (strings as is, decimals plain, temporals ISO, bytes base64). */
    static String text(Object v) {
        if (v == null) {
            return null;
        }
        if (v instanceof BigDecimal) {
            return ((BigDecimal) v).toPlainString();
        }
        if (v instanceof byte[]) {
            return Base64.getEncoder().encodeToString((byte[]) v);
        }
        if (v instanceof LocalDateTime) {
            return dateTime((LocalDateTime) v, 9).replaceFirst("\\.?0+$", "");
        }
        return v.toString();
    }

    private static int precision(DataType type) {
        return DataTypes.getPrecision(type).orElse(0);
    }

    private static String dateTime(LocalDateTime v, int precision) {
        return v.toLocalDate() + "T" + time(v.toLocalTime(), precision);
    }

    private static String time(LocalTime t, int precision) {
        StringBuilder sb = new StringBuilder();
        sb.append(two(t.getHour())).append(':').append(two(t.getMinute())).append(':');
        sb.append(two(t.getSecond()));
        if (precision > 0) {
            String nanos = String.format("%09d", t.getNano());
            sb.append('.').append(nanos, 0, Math.min(9, precision));
        }
        return sb.toString();
    }

    private static String two(int v) {
        return v < 10 ? "0" + v : Integer.toString(v);
    }
}
