package dev.schemaop.connectors.jdbc.types;

import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;

/**
 * PostgreSQL's type mapping. Column types are written as {@code format_type} prints them, so a
 * created column reads back as the text that created it. The README has the table.
 */
public final class PostgresTypes implements TypeMapping {
    private static final long serialVersionUID = 1L;

    /** The longest {@code character varying(n)} / {@code character(n)} PostgreSQL accepts. */
    public static final int MAX_CHAR_LENGTH = 10_485_760;

    /** Fractional seconds PostgreSQL keeps. */
    public static final int MAX_TIME_PRECISION = 6;

    public static final String JSON = "jsonb";

    @Override
    public String toSqlType(DataType type) {
        switch (type.getTypeRoot()) {
            case BOOLEAN:
                return "boolean";
            case TINYINT:
            case SMALLINT:
                return "smallint";
            case INTEGER:
                return "integer";
            case BIGINT:
                return "bigint";
            case FLOAT:
                return "real";
            case DOUBLE:
                return "double precision";
            case DECIMAL:
                return "numeric("
                        + TypeParameters.precision(type)
                        + ","
                        + TypeParameters.scale(type)
                        + ")";
            case CHAR:
                return characters("character", TypeParameters.length(type));
            case VARCHAR:
                return characters("character varying", TypeParameters.length(type));
            case BINARY:
            case VARBINARY:
                return "bytea";
            case DATE:
                return "date";
            case TIME_WITHOUT_TIME_ZONE:
                return "time("
                        + TypeParameters.timePrecision(type, MAX_TIME_PRECISION, MAX_TIME_PRECISION)
                        + ") without time zone";
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                return "timestamp("
                        + TypeParameters.timePrecision(type, MAX_TIME_PRECISION, MAX_TIME_PRECISION)
                        + ") without time zone";
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
            case TIMESTAMP_WITH_TIME_ZONE:
                return "timestamp("
                        + TypeParameters.timePrecision(type, MAX_TIME_PRECISION, MAX_TIME_PRECISION)
                        + ") with time zone";
            case ARRAY:
            case MAP:
            case ROW:
                return JSON;
            default:
                throw new UnsupportedTypeException(
                        "The postgres sink has no column type for " + type.asSummaryString());
        }
    }

    private static String characters(String name, int length) {
        return length >= 1 && length <= MAX_CHAR_LENGTH ? name + "(" + length + ")" : "text";
    }

    @Override
    public DataType toCdcType(SqlType sql) {
        switch (sql.base()) {
            case "boolean":
                return DataTypes.BOOLEAN();
            case "smallint":
                return DataTypes.SMALLINT();
            case "integer":
                return DataTypes.INT();
            case "bigint":
                return DataTypes.BIGINT();
            case "real":
                return DataTypes.FLOAT();
            case "double precision":
                return DataTypes.DOUBLE();
            case "numeric":
                return decimal(sql);
            case "character":
                return DataTypes.CHAR(sql.argument(0, 1));
            case "character varying":
                return sql.argumentCount() == 0
                        ? DataTypes.STRING()
                        : DataTypes.VARCHAR(sql.argument(0, 1));
            case "bytea":
                return DataTypes.BYTES();
            case "date":
                return DataTypes.DATE();
            case "time without time zone":
                return DataTypes.TIME(sql.argument(0, MAX_TIME_PRECISION));
            case "timestamp without time zone":
                return DataTypes.TIMESTAMP(sql.argument(0, MAX_TIME_PRECISION));
            case "timestamp with time zone":
                return DataTypes.TIMESTAMP_LTZ(sql.argument(0, MAX_TIME_PRECISION));
            default:
                // text, json, jsonb, uuid, time with time zone, interval, enums, arrays, ...:
                // their text form (written back as text, which PostgreSQL parses)
                return DataTypes.STRING();
        }
    }

    /** numeric(p,s) with p <= 38 is DECIMAL; unconstrained or wider numerics are text. */
    private static DataType decimal(SqlType sql) {
        if (sql.argumentCount() == 0 || sql.argument(0, 0) > 38) {
            return DataTypes.STRING();
        }
        return DataTypes.DECIMAL(sql.argument(0, 0), sql.argument(1, 0));
    }
}
