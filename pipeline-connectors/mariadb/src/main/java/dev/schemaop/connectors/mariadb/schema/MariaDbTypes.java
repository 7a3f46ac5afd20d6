package dev.schemaop.connectors.mariadb.schema;

import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;

import java.util.Locale;

/**
 * The Flink CDC type of a MariaDB column (README "Type mapping"). The names and choices follow
 * Flink CDC's MySQL pipeline source, so a pipeline moved from it sees the same types: unsigned
 * integers widen to the next signed type (BIGINT UNSIGNED to DECIMAL(20, 0)), TINYINT(1) and BIT(1)
 * are BOOLEAN, DECIMAL wider than 38 digits is STRING, TIMESTAMP is TIMESTAMP_LTZ, YEAR is INT,
 * ENUM, SET and JSON are STRING, spatial types are their WKB bytes.
 */
public final class MariaDbTypes {
    /** Flink CDC's widest DECIMAL. */
    static final int MAX_DECIMAL_PRECISION = 38;

    private MariaDbTypes() {}

    /** The pipeline schema of a captured table. */
    public static Schema schemaOf(SourceTable table) {
        Schema.Builder builder = Schema.newBuilder();
        for (SourceColumn column : table.columns()) {
            builder.column(Column.physicalColumn(column.name(), typeOf(column)));
        }
        return builder.primaryKey(table.primaryKey()).build();
    }

    /** The column's type, NOT NULL when the column is. */
    public static DataType typeOf(SourceColumn column) {
        DataType type = baseType(column);
        return column.optional() ? type.nullable() : type.notNull();
    }

    private static DataType baseType(SourceColumn column) {
        String name = column.typeName().toUpperCase(Locale.ROOT).trim();
        boolean unsigned = name.contains("UNSIGNED");
        String root = name.replace("ZEROFILL", "").replace("UNSIGNED", "").trim();
        int length = column.length();
        int scale = column.scale();
        switch (root) {
            case "BOOL":
            case "BOOLEAN":
                return DataTypes.BOOLEAN();
            case "TINYINT":
                if (length == 1 && !unsigned) {
                    return DataTypes.BOOLEAN();
                }
                return unsigned ? DataTypes.SMALLINT() : DataTypes.TINYINT();
            case "SMALLINT":
                return unsigned ? DataTypes.INT() : DataTypes.SMALLINT();
            case "MEDIUMINT":
                return DataTypes.INT();
            case "INT":
            case "INTEGER":
                return unsigned ? DataTypes.BIGINT() : DataTypes.INT();
            case "BIGINT":
                return unsigned ? DataTypes.DECIMAL(20, 0) : DataTypes.BIGINT();
            case "SERIAL":
                return DataTypes.DECIMAL(20, 0);
            case "DECIMAL":
            case "DEC":
            case "NUMERIC":
            case "FIXED":
                int precision = length > 0 ? length : 10;
                int digits = scale >= 0 ? scale : 0;
                return precision > MAX_DECIMAL_PRECISION
                        ? DataTypes.STRING()
                        : DataTypes.DECIMAL(precision, digits);
            case "FLOAT":
                return DataTypes.FLOAT();
            case "DOUBLE":
            case "DOUBLE PRECISION":
            case "REAL":
                return DataTypes.DOUBLE();
            case "BIT":
                return length <= 1 ? DataTypes.BOOLEAN() : DataTypes.BINARY((length + 7) / 8);
            case "DATE":
                return DataTypes.DATE();
            case "TIME":
                return DataTypes.TIME(fraction(length));
            case "DATETIME":
                return DataTypes.TIMESTAMP(fraction(length));
            case "TIMESTAMP":
                return DataTypes.TIMESTAMP_LTZ(fraction(length));
            case "YEAR":
                return DataTypes.INT();
            case "CHAR":
            case "NCHAR":
            case "NATIONAL CHAR":
                return DataTypes.CHAR(length > 0 ? length : 1);
            case "VARCHAR":
            case "NVARCHAR":
            case "NATIONAL VARCHAR":
            case "CHARACTER VARYING":
                return length > 0 ? DataTypes.VARCHAR(length) : DataTypes.STRING();
            case "TINYTEXT":
            case "TEXT":
            case "MEDIUMTEXT":
            case "LONGTEXT":
            case "JSON":
            case "ENUM":
            case "SET":
            case "INET4":
            case "INET6":
            case "UUID":
                return DataTypes.STRING();
            case "BINARY":
                return DataTypes.BINARY(length > 0 ? length : 1);
            case "VARBINARY":
                return length > 0 ? DataTypes.VARBINARY(length) : DataTypes.BYTES();
            case "TINYBLOB":
            case "BLOB":
            case "MEDIUMBLOB":
            case "LONGBLOB":
            case "GEOMETRY":
            case "POINT":
            case "LINESTRING":
            case "POLYGON":
            case "MULTIPOINT":
            case "MULTILINESTRING":
            case "MULTIPOLYGON":
            case "GEOMETRYCOLLECTION":
                return DataTypes.BYTES();
            default:
                throw new IllegalArgumentException(
                        "MariaDB type "
                                + column.typeName()
                                + " of column "
                                + column.name()
                                + " has no mapping (README \"Type mapping\" lists those that do)");
        }
    }

    /** Fractional-second digits: Debezium gives them as the length, absent for 0. */
    private static int fraction(int length) {
        return length > 0 ? Math.min(length, 6) : 0;
    }
}
