package dev.schemaop.connectors.jdbc.types;

import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;

/** Length, precision and scale of a Flink CDC type, with the defaults the mappings use. */
final class TypeParameters {
    private TypeParameters() {}

    static int precision(DataType type) {
        return DataTypes.getPrecision(type).orElse(10);
    }

    static int scale(DataType type) {
        return DataTypes.getScale(type).orElse(0);
    }

    /** Length of a character or binary type; STRING and BYTES have Integer.MAX_VALUE. */
    static int length(DataType type) {
        return DataTypes.getLength(type).orElse(Integer.MAX_VALUE);
    }

    /** Fractional seconds of a time type, at most {@code max}. */
    static int timePrecision(DataType type, int fallback, int max) {
        return Math.min(DataTypes.getPrecision(type).orElse(fallback), max);
    }
}
