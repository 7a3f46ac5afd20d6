package dev.schemaop.connectors.debezium;

import org.apache.flink.cdc.common.data.TimestampData;
import org.apache.kafka.connect.data.Struct;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** Debezium's value forms that every source reads the same way. */
public final class DebeziumValues {
    private DebeziumValues() {}

    /**
     * A timestamp without time zone: Debezium's logical type name ({@code io.debezium.time.*})
     * tells the unit of the number: NanoTimestamp, MicroTimestamp, else milliseconds.
     */
    public static TimestampData timestamp(long number, String logical) {
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

    /** Bytes as Debezium gives them (binary.handling.mode bytes), a geometry's WKB, a bit. */
    public static byte[] bytes(Object value) {
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
}
