package dev.schemaop.connectors.jdbc.types;

import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;

/**
 * MariaDB's type mapping. Column types are read from {@code information_schema.COLUMNS.COLUMN_TYPE}
 * ({@code int(11)}, {@code bigint(20) unsigned}, {@code tinyint(1)}). The README has the table.
 */
public final class MariaDbTypes implements TypeMapping {
    private static final long serialVersionUID = 1L;

    /** Longest CHAR. */
    public static final int MAX_CHAR_LENGTH = 255;

    /**
     * Longest VARCHAR / VARBINARY the sink creates: 16383 utf8mb4 characters fill MariaDB's row
     * limit of 65535 bytes; longer types become LONGTEXT / LONGBLOB.
     */
    public static final int MAX_VARCHAR_LENGTH = 16_383;

    /**
     * A primary key column cannot be TEXT or BLOB: a key column that would be one is created as
     * VARCHAR(768) / VARBINARY(3072), the longest that fit InnoDB's 3072-byte key.
     */
    public static final int MAX_KEY_VARCHAR_LENGTH = 768;

    public static final int MAX_KEY_VARBINARY_LENGTH = 3072;

    public static final int MAX_TIME_PRECISION = 6;

    @Override
    public String toSqlType(DataType type) {
        switch (type.getTypeRoot()) {
            case BOOLEAN:
                return "BOOLEAN";
            case TINYINT:
                return "TINYINT";
            case SMALLINT:
                return "SMALLINT";
            case INTEGER:
                return "INT";
            case BIGINT:
                return "BIGINT";
            case FLOAT:
                return "FLOAT";
            case DOUBLE:
                return "DOUBLE";
            case DECIMAL:
                return "DECIMAL("
                        + TypeParameters.precision(type)
                        + ","
                        + TypeParameters.scale(type)
                        + ")";
            case CHAR:
                {
                    int length = TypeParameters.length(type);
                    return length >= 1 && length <= MAX_CHAR_LENGTH
                            ? "CHAR(" + length + ")"
                            : varchar(length);
                }
            case VARCHAR:
                return varchar(TypeParameters.length(type));
            case BINARY:
                {
                    int length = TypeParameters.length(type);
                    return length >= 1 && length <= MAX_CHAR_LENGTH
                            ? "BINARY(" + length + ")"
                            : varbinary(length);
                }
            case VARBINARY:
                return varbinary(TypeParameters.length(type));
            case DATE:
                return "DATE";
            case TIME_WITHOUT_TIME_ZONE:
                return "TIME(" + TypeParameters.timePrecision(type, 0, MAX_TIME_PRECISION) + ")";
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                return "DATETIME("
                        + TypeParameters.timePrecision(type, 0, MAX_TIME_PRECISION)
                        + ")";
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
            case TIMESTAMP_WITH_TIME_ZONE:
                return "TIMESTAMP("
                        + TypeParameters.timePrecision(type, 0, MAX_TIME_PRECISION)
                        + ")";
            case ARRAY:
            case MAP:
            case ROW:
                return "JSON";
            default:
                throw new UnsupportedTypeException(
                        "The mariadb sink has no column type for " + type.asSummaryString());
        }
    }

    /** The column type of a primary key column: never TEXT or BLOB. */
    public String toKeySqlType(DataType type) {
        String sql = toSqlType(type);
        if (sql.equals("LONGTEXT") || sql.equals("JSON")) {
            return "VARCHAR(" + MAX_KEY_VARCHAR_LENGTH + ")";
        }
        if (sql.equals("LONGBLOB")) {
            return "VARBINARY(" + MAX_KEY_VARBINARY_LENGTH + ")";
        }
        return sql;
    }

    /** The Flink CDC type of the key column the sink would create for {@code type}. */
    public DataType normalizeKey(DataType type) {
        return toCdcType(SqlType.parse(toKeySqlType(type))).copy(type.isNullable());
    }

    private static String varchar(int length) {
        return length >= 1 && length <= MAX_VARCHAR_LENGTH ? "VARCHAR(" + length + ")" : "LONGTEXT";
    }

    private static String varbinary(int length) {
        return length >= 1 && length <= MAX_VARCHAR_LENGTH
                ? "VARBINARY(" + length + ")"
                : "LONGBLOB";
    }

    @Override
    public DataType toCdcType(SqlType sql) {
        String base = sql.base().replace(" zerofill", "");
        switch (base) {
            case "boolean":
            case "bool":
                return DataTypes.BOOLEAN();
            case "bit":
                return sql.argument(0, 1) == 1
                        ? DataTypes.BOOLEAN()
                        : DataTypes.BINARY((sql.argument(0, 1) + 7) / 8);
            case "tinyint":
                return sql.argumentCount() == 1 && sql.argument(0, 0) == 1
                        ? DataTypes.BOOLEAN()
                        : DataTypes.TINYINT();
            case "tinyint unsigned":
            case "smallint":
                return DataTypes.SMALLINT();
            case "smallint unsigned":
            case "mediumint":
            case "mediumint unsigned":
            case "int":
            case "integer":
            case "year":
                return DataTypes.INT();
            case "int unsigned":
            case "integer unsigned":
            case "bigint":
                return DataTypes.BIGINT();
            case "bigint unsigned":
                return DataTypes.DECIMAL(20, 0);
            case "float":
            case "float unsigned":
                return DataTypes.FLOAT();
            case "double":
            case "double unsigned":
            case "double precision":
            case "real":
                return DataTypes.DOUBLE();
            case "decimal":
            case "decimal unsigned":
            case "numeric":
            case "dec":
            case "fixed":
                return decimal(sql);
            case "char":
                return sql.argument(0, 1) >= 1
                        ? DataTypes.CHAR(sql.argument(0, 1))
                        : DataTypes.STRING();
            case "varchar":
                return sql.argument(0, 0) >= 1
                        ? DataTypes.VARCHAR(sql.argument(0, 0))
                        : DataTypes.STRING();
            case "binary":
                return sql.argument(0, 1) >= 1
                        ? DataTypes.BINARY(sql.argument(0, 1))
                        : DataTypes.BYTES();
            case "varbinary":
                return sql.argument(0, 0) >= 1
                        ? DataTypes.VARBINARY(sql.argument(0, 0))
                        : DataTypes.BYTES();
            case "tinyblob":
            case "blob":
            case "mediumblob":
            case "longblob":
                return DataTypes.BYTES();
            case "date":
                return DataTypes.DATE();
            case "time":
                return DataTypes.TIME(sql.argument(0, 0));
            case "datetime":
                return DataTypes.TIMESTAMP(sql.argument(0, 0));
            case "timestamp":
                return DataTypes.TIMESTAMP_LTZ(sql.argument(0, 0));
            default:
                // text types, json, enum, set, uuid, inet: their text form
                return DataTypes.STRING();
        }
    }

    /** decimal(p,s) with p <= 38 is DECIMAL; wider decimals are text. */
    private static DataType decimal(SqlType sql) {
        int precision = sql.argument(0, 10);
        if (precision > 38) {
            return DataTypes.STRING();
        }
        return DataTypes.DECIMAL(precision, sql.argument(1, 0));
    }
}
