package dev.schemaop.connectors.postgres.values;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What Debezium puts in an update's after image for a large (TOASTed) value the update left
 * unchanged: PostgreSQL does not log such a value, and Debezium fills the column with its {@code
 * unavailable.value.placeholder}, in a form that depends on the column's type (the text, its bytes,
 * a text array of it, an integer array of its bytes). The source sets a placeholder no real value
 * is likely to equal and recognises every form, so that no placeholder reaches a sink.
 */
public final class ToastPlaceholder {
    /** Debezium's {@code unavailable.value.placeholder}, which the source sets. */
    public static final String TEXT = "__schemaop_unlogged_toast_value_5f2c9e__";

    private static final byte[] BYTES = TEXT.getBytes(StandardCharsets.UTF_8);
    private static final List<String> TEXT_ARRAY = List.of(TEXT);
    private static final List<Integer> INT_ARRAY = new ArrayList<>();
    private static final List<Long> LONG_ARRAY = new ArrayList<>();

    static {
        for (byte b : BYTES) {
            INT_ARRAY.add((int) b);
            LONG_ARRAY.add((long) b);
        }
    }

    private ToastPlaceholder() {}

    public static boolean is(Object value) {
        if (value instanceof String text) {
            return TEXT.equals(text);
        }
        if (value instanceof byte[] bytes) {
            return Arrays.equals(BYTES, bytes);
        }
        if (value instanceof ByteBuffer buffer) {
            return ByteBuffer.wrap(BYTES).equals(buffer);
        }
        if (value instanceof List<?> list) {
            return list.size() == 1
                    ? TEXT_ARRAY.equals(list)
                    : list.size() == BYTES.length
                            && (INT_ARRAY.equals(list) || LONG_ARRAY.equals(list));
        }
        return false;
    }
}
