package dev.schemaop.benchmarks.workload;

import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;

/**
 * Column names, types and values of the generated tables. Column 0 is {@code id BIGINT}, the
 * primary key, holding the row's sequence number within its table; every other value is a function
 * of (sequence number, column index), so it can be checked at the sink.
 */
public final class TableShape {
    public static final int INITIAL_COLUMNS = 10;

    private static final DataType[] INITIAL_TYPES = {
        DataTypes.INT(), DataTypes.STRING(), DataTypes.DOUBLE(), DataTypes.BIGINT()
    };

    private TableShape() {}

    public static Schema initialSchema() {
        Schema.Builder builder =
                Schema.newBuilder().physicalColumn("id", DataTypes.BIGINT().notNull());
        for (int column = 1; column < INITIAL_COLUMNS; column++) {
            builder.physicalColumn("c" + column, initialType(column));
        }
        return builder.primaryKey("id").build();
    }

    public static DataType initialType(int column) {
        return INITIAL_TYPES[(column - 1) % INITIAL_TYPES.length];
    }

    /** The column added at change point {@code point} (1-based). */
    public static String addedColumn(int point) {
        return "a" + point;
    }

    public static int addedColumnIndex(int point) {
        return INITIAL_COLUMNS + point - 1;
    }

    /**
     * The value of column {@code column} of row {@code seq}, encoded for a field of {@code type}.
     */
    public static Object value(long seq, int column, DataType type) {
        switch (type.getTypeRoot()) {
            case BIGINT:
                return seq + column;
            case INTEGER:
                return (int) (seq + column);
            case DOUBLE:
                return seq + column * 0.5;
            case VARCHAR:
                return STRINGS[column % STRINGS.length];
            default:
                throw new IllegalArgumentException("No generated values for " + type);
        }
    }

    private static final BinaryStringData[] STRINGS = strings();

    private static BinaryStringData[] strings() {
        BinaryStringData[] strings = new BinaryStringData[INITIAL_COLUMNS];
        for (int i = 0; i < strings.length; i++) {
            strings[i] = BinaryStringData.fromString("value-of-column-" + i);
        }
        return strings;
    }
}
