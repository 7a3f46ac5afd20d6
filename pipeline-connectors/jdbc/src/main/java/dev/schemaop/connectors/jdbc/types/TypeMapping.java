package dev.schemaop.connectors.jdbc.types;

import org.apache.flink.cdc.common.types.DataType;

import java.io.Serializable;

/**
 * The two-way type mapping of a dialect: the column type the sink creates for a Flink CDC type
 * (DDL), and the Flink CDC type of a column the database describes (reading a table back). The type
 * the sink would create for a pipeline type is the round trip {@link #normalize}.
 */
public interface TypeMapping extends Serializable {

    /**
     * The column type (DDL text, without nullability) for a Flink CDC type.
     *
     * @throws UnsupportedTypeException when the dialect has no column type for it
     */
    String toSqlType(DataType type);

    /** The Flink CDC type (nullable) of a column type as the catalog describes it. */
    DataType toCdcType(SqlType sqlType);

    /**
     * The Flink CDC type of the column the sink would create for {@code type}, same nullability.
     */
    default DataType normalize(DataType type) {
        return toCdcType(SqlType.parse(toSqlType(type))).copy(type.isNullable());
    }
}
