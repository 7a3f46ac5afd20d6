package dev.schemaop.connectors.jdbc.types;

import org.apache.flink.cdc.common.data.ArrayData;
import org.apache.flink.cdc.common.data.DecimalData;
import org.apache.flink.cdc.common.data.MapData;
import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.types.ArrayType;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.MapType;
import org.apache.flink.cdc.common.types.RowType;

import java.util.Base64;
import java.util.Objects;

/**
 * The JSON text of an ARRAY, MAP or ROW value, as stored in a JSON column: an array is a JSON
 * array, a ROW a JSON object by field name, a MAP a JSON object whose keys are the keys' text.
 * Numbers are JSON numbers (NaN and infinities as strings), decimals keep their scale, binary
 * values are base64 strings, dates and times ISO strings.
 */
public final class JsonText {
    private final String json;

    public JsonText(String json) {
        this.json = json;
    }

    public String json() {
        return json;
    }

    /**
     * Whether a string in it holds U+0000, which the JSON text writes as a backslash and {@code
     * u0000}; a backslash of the string itself is written doubled, so an odd run of backslashes
     * before {@code u0000} tells.
     */
    public boolean holdsNulCharacter() {
        for (int at = json.indexOf("u0000"); at >= 0; at = json.indexOf("u0000", at + 1)) {
            int backslashes = 0;
            for (int i = at - 1; i >= 0 && json.charAt(i) == '\\'; i--) {
                backslashes++;
            }
            if (backslashes % 2 == 1) {
                return true;
            }
        }
        return false;
    }

    public static String write(Object value, DataType type) {
        StringBuilder out = new StringBuilder();
        append(out, value, type);
        return out.toString();
    }

    private static void append(StringBuilder out, Object value, DataType type) {
        if (value == null) {
            out.append("null");
            return;
        }
        switch (type.getTypeRoot()) {
            case ARRAY:
                appendArray(out, (ArrayData) value, ((ArrayType) type).getElementType());
                return;
            case MAP:
                appendMap(out, (MapData) value, (MapType) type);
                return;
            case ROW:
                appendRow(out, (RecordData) value, (RowType) type);
                return;
            case BOOLEAN:
            case TINYINT:
            case SMALLINT:
            case INTEGER:
            case BIGINT:
                out.append(value);
                return;
            case FLOAT:
            case DOUBLE:
                appendFloating(out, ((Number) value).doubleValue(), value);
                return;
            case DECIMAL:
                out.append(((DecimalData) value).toBigDecimal().toPlainString());
                return;
            case BINARY:
            case VARBINARY:
                appendString(out, Base64.getEncoder().encodeToString((byte[]) value));
                return;
            default:
                Object scalar = JdbcValues.toJdbc(value, type);
                appendString(out, String.valueOf(scalar));
        }
    }

    private static void appendFloating(StringBuilder out, double d, Object value) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            appendString(out, String.valueOf(value));
        } else {
            out.append(value);
        }
    }

    private static void appendArray(StringBuilder out, ArrayData array, DataType elementType) {
        ArrayData.ElementGetter getter = ArrayData.createElementGetter(elementType);
        out.append('[');
        for (int i = 0; i < array.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            append(out, getter.getElementOrNull(array, i), elementType);
        }
        out.append(']');
    }

    private static void appendMap(StringBuilder out, MapData map, MapType type) {
        ArrayData keys = map.keyArray();
        ArrayData values = map.valueArray();
        ArrayData.ElementGetter keyGetter = ArrayData.createElementGetter(type.getKeyType());
        ArrayData.ElementGetter valueGetter = ArrayData.createElementGetter(type.getValueType());
        out.append('{');
        for (int i = 0; i < map.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            Object key = keyGetter.getElementOrNull(keys, i);
            appendString(out, keyText(key, type.getKeyType()));
            out.append(':');
            append(out, valueGetter.getElementOrNull(values, i), type.getValueType());
        }
        out.append('}');
    }

    private static String keyText(Object key, DataType keyType) {
        if (key == null) {
            return "null";
        }
        switch (keyType.getTypeRoot()) {
            case ARRAY:
            case MAP:
            case ROW:
            case BINARY:
            case VARBINARY:
                return write(key, keyType);
            default:
                return String.valueOf(JdbcValues.toJdbc(key, keyType));
        }
    }

    private static void appendRow(StringBuilder out, RecordData row, RowType type) {
        out.append('{');
        for (int i = 0; i < type.getFieldCount(); i++) {
            if (i > 0) {
                out.append(',');
            }
            DataType fieldType = type.getTypeAt(i);
            appendString(out, type.getFieldNames().get(i));
            out.append(':');
            append(out, RecordData.createFieldGetter(fieldType, i).getFieldOrNull(row), fieldType);
        }
        out.append('}');
    }

    static void appendString(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"':
                    out.append("\\\"");
                    break;
                case '\\':
                    out.append("\\\\");
                    break;
                case '\n':
                    out.append("\\n");
                    break;
                case '\r':
                    out.append("\\r");
                    break;
                case '\t':
                    out.append("\\t");
                    break;
                default:
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
            }
        }
        out.append('"');
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JsonText && ((JsonText) o).json.equals(json);
    }

    @Override
    public int hashCode() {
        return Objects.hash(json);
    }

    @Override
    public String toString() {
        return json;
    }
}
