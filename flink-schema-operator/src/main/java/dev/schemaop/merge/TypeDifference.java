package dev.schemaop.merge;

import org.apache.flink.cdc.common.types.DataType;

import java.util.Objects;

/** A column whose sink type does not hold its upstream type. */
public record TypeDifference(String column, DataType sinkType, DataType upstreamType) {

    public TypeDifference {
        Objects.requireNonNull(column, "column");
        Objects.requireNonNull(sinkType, "sinkType");
        Objects.requireNonNull(upstreamType, "upstreamType");
    }

    /** One short line per column, "price: sink INT, upstream BIGINT", for reports and failures. */
    @Override
    public String toString() {
        return column + ": sink " + sinkType + ", upstream " + upstreamType;
    }
}
