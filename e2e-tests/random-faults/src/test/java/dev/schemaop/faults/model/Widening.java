package dev.schemaop.faults.model;

import dev.schemaop.faults.script.Values;

import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypeRoot;
import org.apache.flink.cdc.common.types.DataTypes;

import java.util.Optional;

/** SPEC §5 for the scripts' column kinds, written out for the reference model. */
final class Widening {
    private Widening() {}

    /** Whether a column of type {@code wide} holds every value of {@code narrow}. */
    static boolean holds(DataType wide, DataType narrow) {
        if (!wide.isNullable() && narrow.isNullable()) {
            return false;
        }
        DataTypeRoot w = wide.getTypeRoot();
        DataTypeRoot n = narrow.getTypeRoot();
        if (w == DataTypeRoot.VARCHAR || n == DataTypeRoot.VARCHAR) {
            return w == n && Values.length(wide) >= Values.length(narrow);
        }
        return w == n || (w == DataTypeRoot.BIGINT && n == DataTypeRoot.INTEGER);
    }

    /** The least type both widen to, nullable if either is; empty when there is none. */
    static Optional<DataType> commonWider(DataType a, DataType b) {
        boolean nullable = a.isNullable() || b.isNullable();
        DataType wide;
        if (a.is(DataTypeRoot.VARCHAR) && b.is(DataTypeRoot.VARCHAR)) {
            wide = DataTypes.VARCHAR(Math.max(Values.length(a), Values.length(b)));
        } else if (a.is(DataTypeRoot.VARCHAR) || b.is(DataTypeRoot.VARCHAR)) {
            return Optional.empty();
        } else {
            wide =
                    a.is(DataTypeRoot.BIGINT) || b.is(DataTypeRoot.BIGINT)
                            ? DataTypes.BIGINT()
                            : DataTypes.INT();
        }
        return Optional.of(nullable ? wide : wide.notNull());
    }
}
