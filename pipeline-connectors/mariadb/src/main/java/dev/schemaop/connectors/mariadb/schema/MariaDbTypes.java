package dev.schemaop.connectors.mariadb.schema;

import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;

import java.util.Locale;
import java.util.Map;

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

    /**
     * MariaDB's synonyms of a type, as Debezium names a column of a DDL statement from the binlog
     * (the snapshot's {@code SHOW CREATE TABLE} always has the canonical names): {@code ALTER TABLE
     * t ADD c INT8} is a BIGINT column named {@code INT8}.
     */
    private static final Map<String, String> SYNONYMS =
            Map.ofEntries(
                    Map.entry("BOOL", "BOOLEAN"),
                    Map.entry("INT1", "TINYINT"),
                    Map.entry("INT2", "SMALLINT"),
                    Map.entry("INT3", "MEDIUMINT"),
                    Map.entry("MIDDLEINT", "MEDIUMINT"),
                    Map.entry("INT4", "INT"),
                    Map.entry("INTEGER", "INT"),
                    Map.entry("INT8", "BIGINT"),
                    Map.entry("DEC", "DECIMAL"),
                    Map.entry("NUMERIC", "DECIMAL"),
                    Map.entry("FIXED", "DECIMAL"),
                    Map.entry("FLOAT4", "FLOAT"),
                    Map.entry("FLOAT8", "DOUBLE"),
                    Map.entry("DOUBLE PRECISION", "DOUBLE"),
                    Map.entry("REAL", "DOUBLE"),
                    Map.entry("CHARACTER", "CHAR"),
                    Map.entry("NCHAR", "CHAR"),
                    Map.entry("NATIONAL CHAR", "CHAR"),
                    Map.entry("NATIONAL CHARACTER", "CHAR"),
                    Map.entry("CHARACTER VARYING", "VARCHAR"),
                    Map.entry("CHAR VARYING", "VARCHAR"),
                    Map.entry("NVARCHAR", "VARCHAR"),
                    Map.entry("NATIONAL VARCHAR", "VARCHAR"),
                    Map.entry("NATIONAL CHARACTER VARYING", "VARCHAR"),
                    Map.entry("NATIONAL CHAR VARYING", "VARCHAR"),
                    Map.entry("NCHAR VARCHAR", "VARCHAR"),
                    Map.entry("NCHAR VARYING", "VARCHAR"),
                    Map.entry("LONG", "MEDIUMTEXT"),
                    Map.entry("LONG VARCHAR", "MEDIUMTEXT"),
                    Map.entry("LONG VARBINARY", "MEDIUMBLOB"),
                    Map.entry("GEOMCOLLECTION", "GEOMETRYCOLLECTION"));

    /** MariaDB keeps FLOAT(p) with p above 24 as DOUBLE. */
    private static final int MAX_FLOAT_PRECISION = 24;

    /**
     * The canonical type name without its attributes: {@code INT4 UNSIGNED ZEROFILL} is {@code
     * INT}, {@code CHAR BINARY} (a binary collation, not a binary type) is {@code CHAR}.
     */
    static String canonical(String typeName) {
        String name = typeName.toUpperCase(Locale.ROOT).trim().replaceAll("\\s+", " ");
        for (String attribute : new String[] {" ZEROFILL", " UNSIGNED", " SIGNED", " BINARY"}) {
            name = name.replace(attribute, "");
        }
        return SYNONYMS.getOrDefault(name.trim(), name.trim());
    }

    private static DataType baseType(SourceColumn column) {
        String name = column.typeName().toUpperCase(Locale.ROOT);
        boolean unsigned = name.contains("UNSIGNED") || name.contains("ZEROFILL");
        String root = canonical(column.typeName());
        int length = column.length();
        int scale = column.scale();
        switch (root) {
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
                return unsigned ? DataTypes.BIGINT() : DataTypes.INT();
            case "BIGINT":
                return unsigned ? DataTypes.DECIMAL(20, 0) : DataTypes.BIGINT();
            case "SERIAL":
                return DataTypes.DECIMAL(20, 0);
            case "DECIMAL":
                int precision = length > 0 ? length : 10;
                int digits = scale >= 0 ? scale : 0;
                return precision > MAX_DECIMAL_PRECISION
                        ? DataTypes.STRING()
                        : DataTypes.DECIMAL(precision, digits);
            case "FLOAT":
                return length > MAX_FLOAT_PRECISION && scale < 0
                        ? DataTypes.DOUBLE()
                        : DataTypes.FLOAT();
            case "DOUBLE":
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
                return DataTypes.CHAR(length > 0 ? length : 1);
            case "VARCHAR":
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
