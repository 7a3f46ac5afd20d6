package dev.schemaop.faults.script;

import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypeRoot;
import org.apache.flink.cdc.common.types.VarCharType;

/**
 * The value rules of the scripts' three column kinds (INT, BIGINT, VARCHAR(n)), as a database
 * applies them when ALTER COLUMN TYPE converts stored values, and as SPEC §3 reshapes rows: a value
 * that has an exact equivalent in the new type becomes it (5 as BIGINT, 5 as '5', a short text in a
 * shorter VARCHAR), anything else becomes null. Text is never parsed into numbers.
 */
public final class Values {
    private Values() {}

    public static Object convert(Object value, DataType to) {
        if (value == null) {
            return null;
        }
        DataTypeRoot root = to.getTypeRoot();
        if (value instanceof String) {
            String text = (String) value;
            return root == DataTypeRoot.VARCHAR && text.length() <= length(to) ? text : null;
        }
        long number = ((Number) value).longValue();
        switch (root) {
            case INTEGER:
                return number >= Integer.MIN_VALUE && number <= Integer.MAX_VALUE
                        ? (int) number
                        : null;
            case BIGINT:
                return number;
            case VARCHAR:
                String text = Long.toString(number);
                return text.length() <= length(to) ? text : null;
            default:
                throw new IllegalArgumentException("Not a script type: " + to);
        }
    }

    public static int length(DataType varchar) {
        return ((VarCharType) varchar).getLength();
    }

    /** The YAML scalar of a value in a values script. */
    public static String yaml(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof String) {
            return '"' + (String) value + '"';
        }
        return value.toString();
    }
}
