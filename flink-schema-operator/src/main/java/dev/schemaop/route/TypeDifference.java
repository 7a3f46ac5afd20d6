package dev.schemaop.route;

import org.apache.flink.cdc.common.types.DataType;

import java.util.Objects;

/** A column whose sink type does not hold its upstream type. */
public final class TypeDifference {
    private final String column;
    private final DataType sinkType;
    private final DataType upstreamType;

    private TypeDifference(String column, DataType sinkType, DataType upstreamType) {
        this.column = Objects.requireNonNull(column, "column");
        this.sinkType = Objects.requireNonNull(sinkType, "sinkType");
        this.upstreamType = Objects.requireNonNull(upstreamType, "upstreamType");
    }

    public static TypeDifference of(String column, DataType sinkType, DataType upstreamType) {
        return new TypeDifference(column, sinkType, upstreamType);
    }

    public String column() {
        return column;
    }

    public DataType sinkType() {
        return sinkType;
    }

    public DataType upstreamType() {
        return upstreamType;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof TypeDifference)) {
            return false;
        }
        TypeDifference that = (TypeDifference) o;
        return column.equals(that.column)
                && sinkType.equals(that.sinkType)
                && upstreamType.equals(that.upstreamType);
    }

    @Override
    public int hashCode() {
        return Objects.hash(column, sinkType, upstreamType);
    }

    @Override
    public String toString() {
        return column + ": sink " + sinkType + ", upstream " + upstreamType;
    }
}
