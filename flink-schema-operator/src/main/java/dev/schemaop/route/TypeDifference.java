package dev.schemaop.route;

import org.apache.flink.cdc.common.types.DataType;

import java.util.Objects;

/** A column whose sink type does not hold its upstream type. */
public record TypeDifference(String column, DataType sinkType, DataType upstreamType) {

    public TypeDifference {
        Objects.requireNonNull(column, "column");
        Objects.requireNonNull(sinkType, "sinkType");
        Objects.requireNonNull(upstreamType, "upstreamType");
    }

    public static TypeDifference of(String column, DataType sinkType, DataType upstreamType) {
        return new TypeDifference(column, sinkType, upstreamType);
    }

    /** One short line per column, "price: sink INT, upstream BIGINT", for reports and failures. */
    @Override
    public String toString() {
        return column + ": sink " + sinkType + ", upstream " + upstreamType;
    }
}
