package dev.schemaop.connectors.postgres.values;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.UUID;

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
    private static final List<Integer> INT_ARRAY = new ArrayList<>();
    private static final List<Long> LONG_ARRAY = new ArrayList<>();

    /** A uuid array's form: one UUID made of the placeholder's bytes. */
    private static final String UUID_FORM = UUID.nameUUIDFromBytes(BYTES).toString();

    /** Element types (format_type, without modifiers) whose arrays Debezium has a form for. */
    private static final Set<String> ARRAY_FORMS =
            Set.of(
                    "text",
                    "character varying",
                    "json",
                    "jsonb",
                    "integer",
                    "date",
                    "bigint",
                    "bytea",
                    "uuid");

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
            if (list.size() == 1) {
                Object only = list.get(0);
                return TEXT.equals(only)
                        || UUID_FORM.equals(only)
                        || (only instanceof byte[] || only instanceof ByteBuffer) && is(only);
            }
            return list.size() == BYTES.length
                    && (INT_ARRAY.equals(list) || LONG_ARRAY.equals(list));
        }
        return false;
    }

    /**
     * Whether Debezium puts a placeholder into an unlogged array of this element type; for others
     * it cannot convert its placeholder and leaves the column null.
     *
     * @param element format_type of the element type, e.g. {@code character varying(20)}
     */
    public static boolean hasArrayForm(String element) {
        if (element == null) {
            return false;
        }
        int modifiers = element.indexOf('(');
        return ARRAY_FORMS.contains(modifiers < 0 ? element : element.substring(0, modifiers));
    }
}
