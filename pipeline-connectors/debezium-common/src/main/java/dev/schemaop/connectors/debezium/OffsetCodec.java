package dev.schemaop.connectors.debezium;

import org.apache.kafka.connect.json.JsonConverter;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;

/**
 * The bytes Debezium's embedded engine reads a source offset from, made from a record's partition
 * and offset: the engine stores offsets as JSON (no schemas) under the key {@code [engine name,
 * partition]}, so the pipeline's checkpointed offset is written back in exactly that form.
 */
public final class OffsetCodec {
    private OffsetCodec() {}

    public static ByteBuffer key(String engineName, Map<String, ?> partition) {
        return ByteBuffer.wrap(
                converter(true)
                        .fromConnectData(engineName, null, Arrays.asList(engineName, partition)));
    }

    public static ByteBuffer value(String engineName, Map<String, ?> offset) {
        return ByteBuffer.wrap(converter(false).fromConnectData(engineName, null, offset));
    }

    /** A map as JSON text, for the checkpoint. */
    public static String toJson(Map<String, ?> map) {
        return new String(converter(false).fromConnectData("", null, map), StandardCharsets.UTF_8);
    }

    /** JSON text back into the map Debezium gave (numbers as Long). */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> fromJson(String json) {
        return (Map<String, Object>)
                converter(false).toConnectData("", json.getBytes(StandardCharsets.UTF_8)).value();
    }

    /** Made once: configuring a converter logs its whole configuration. */
    private static final JsonConverter KEYS = configured(true);

    private static final JsonConverter VALUES = configured(false);

    private static JsonConverter converter(boolean isKey) {
        return isKey ? KEYS : VALUES;
    }

    private static JsonConverter configured(boolean isKey) {
        JsonConverter converter = new JsonConverter();
        converter.configure(Map.of("schemas.enable", "false"), isKey);
        return converter;
    }
}
