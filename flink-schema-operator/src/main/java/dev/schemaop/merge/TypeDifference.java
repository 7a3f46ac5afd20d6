package dev.schemaop.merge;

import org.apache.flink.cdc.common.types.DataType;

import javax.annotation.Nullable;

import java.util.Objects;

/**
 * A column whose sink type does not hold its upstream type.
 *
 * @param upstreamType null when the upstream table has no such column (a merged table without the
 *     sink's key column)
 */
public record TypeDifference(String column, DataType sinkType, @Nullable DataType upstreamType) {

    public TypeDifference {
        Objects.requireNonNull(column, "column");
        Objects.requireNonNull(sinkType, "sinkType");
    }

    /** One short line per column, "price: sink INT, upstream BIGINT", for reports and failures. */
    @Override
    public String toString() {
        return column
                + ": sink "
                + sinkType
                + ", upstream "
                + (upstreamType == null ? "none" : upstreamType);
    }
}
