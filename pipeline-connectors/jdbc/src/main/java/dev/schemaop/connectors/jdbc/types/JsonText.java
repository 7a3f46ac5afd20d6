package dev.schemaop.connectors.jdbc.types;

import org.apache.flink.cdc.common.data.ArrayData;
import org.apache.flink.cdc.common.data.DecimalData;
import org.apache.flink.cdc.common.data.MapData;
import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.types.ArrayType;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.MapType;
import org.apache.flink.cdc.common.types.RowType;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.core.JsonGenerator;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.core.JsonProcessingException;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.node.ArrayNode;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Objects;

/**
 * The JSON text of an ARRAY, MAP or ROW value, as stored in a JSON column, written by Jackson
 * (Flink's shaded copy, which every Flink provides): an array is a JSON array, a ROW a JSON object
 * by field name, a MAP a JSON object whose keys are the keys' text. Numbers are JSON numbers (NaN
 * and infinities as strings), decimals keep their scale, binary values are base64 strings, dates
 * and times ISO strings.
 */
public final class JsonText {
    /** Decimals keep their scale; NaN and the infinities are strings (Jackson's default). */
    private static final ObjectMapper MAPPER =
            new ObjectMapper().enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);

    private static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);

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
        try {
            return MAPPER.writeValueAsString(node(value, type));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Cannot write " + type + " as JSON", e);
        }
    }

    private static JsonNode node(Object value, DataType type) {
        if (value == null) {
            return NODES.nullNode();
        }
        switch (type.getTypeRoot()) {
            case ARRAY:
                return array((ArrayData) value, ((ArrayType) type).getElementType());
            case MAP:
                return map((MapData) value, (MapType) type);
            case ROW:
                return row((RecordData) value, (RowType) type);
            case BOOLEAN:
                return NODES.booleanNode((Boolean) value);
            case TINYINT:
            case SMALLINT:
            case INTEGER:
            case BIGINT:
                return NODES.numberNode(((Number) value).longValue());
            case FLOAT:
                return NODES.numberNode((Float) value);
            case DOUBLE:
                return NODES.numberNode((Double) value);
            case DECIMAL:
                return NODES.numberNode(((DecimalData) value).toBigDecimal());
            case BINARY:
            case VARBINARY:
                return NODES.binaryNode((byte[]) value);
            default:
                return NODES.textNode(String.valueOf(JdbcValues.toJdbc(value, type)));
        }
    }

    private static ArrayNode array(ArrayData array, DataType elementType) {
        ArrayData.ElementGetter getter = ArrayData.createElementGetter(elementType);
        ArrayNode node = NODES.arrayNode();
        for (int i = 0; i < array.size(); i++) {
            node.add(node(getter.getElementOrNull(array, i), elementType));
        }
        return node;
    }

    private static ObjectNode map(MapData map, MapType type) {
        ArrayData keys = map.keyArray();
        ArrayData values = map.valueArray();
        ArrayData.ElementGetter keyGetter = ArrayData.createElementGetter(type.getKeyType());
        ArrayData.ElementGetter valueGetter = ArrayData.createElementGetter(type.getValueType());
        ObjectNode node = NODES.objectNode();
        for (int i = 0; i < map.size(); i++) {
            node.set(
                    keyText(keyGetter.getElementOrNull(keys, i), type.getKeyType()),
                    node(valueGetter.getElementOrNull(values, i), type.getValueType()));
        }
        return node;
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

    private static ObjectNode row(RecordData row, RowType type) {
        ObjectNode node = NODES.objectNode();
        for (int i = 0; i < type.getFieldCount(); i++) {
            DataType fieldType = type.getTypeAt(i);
            node.set(
                    type.getFieldNames().get(i),
                    node(
                            RecordData.createFieldGetter(fieldType, i).getFieldOrNull(row),
                            fieldType));
        }
        return node;
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
