package dev.schemaop.connectors.postgres.catalog;

import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * PostgreSQL's types as pipeline types, from {@code format_type}'s text (README of the postgres
 * source, "Type mapping"). A type without a mapping is refused with the table and column, never
 * read as something it is not.
 */
public final class PostgresTypes {
    private static final Pattern PARAMETERS =
            Pattern.compile(
                    "^([a-z ]+?)(?:\\((\\d+)(?:,(\\d+))?\\))?( with(?:out)? time zone)?(\\[\\])?$");

    /** Unconstrained numeric: as many digits as a pipeline decimal holds, 18 after the point. */
    public static final int UNCONSTRAINED_NUMERIC_SCALE = 18;

    private PostgresTypes() {}

    public static DataType of(ColumnLayout column, TableLayout table) {
        DataType type;
        if ("A".equals(column.category())) {
            // Debezium decodes no xml[] (its values would be null in the stream only)
            if (column.element() == null || column.element().startsWith("xml")) {
                throw unsupported(column, table);
            }
            type = DataTypes.ARRAY(base(column.element(), "?", column, table));
        } else if ("E".equals(column.category())) {
            type = DataTypes.STRING(); // an enum's label
        } else {
            type = base(column.type(), column.category(), column, table);
        }
        return column.notNull() ? type.notNull() : type.nullable();
    }

    private static DataType base(
            String text, String category, ColumnLayout column, TableLayout table) {
        Matcher m = PARAMETERS.matcher(text);
        if (!m.matches()) {
            if ("E".equals(category)) {
                return DataTypes.STRING();
            }
            throw unsupported(column, table);
        }
        String name = m.group(1) + (m.group(4) == null ? "" : m.group(4));
        Integer p = m.group(2) == null ? null : Integer.valueOf(m.group(2));
        Integer s = m.group(3) == null ? null : Integer.valueOf(m.group(3));
        switch (name) {
            case "smallint":
                return DataTypes.SMALLINT();
            case "integer":
                return DataTypes.INT();
            case "bigint":
                return DataTypes.BIGINT();
            case "numeric":
                if (p == null) {
                    return DataTypes.DECIMAL(38, UNCONSTRAINED_NUMERIC_SCALE);
                }
                if (p > 38) {
                    throw new IllegalArgumentException(
                            "Column "
                                    + column.name()
                                    + " of "
                                    + table.id()
                                    + " is "
                                    + text
                                    + ": a pipeline decimal holds at most 38 digits. Narrow the"
                                    + " column or leave the table out of 'tables'.");
                }
                return DataTypes.DECIMAL(p, s == null ? 0 : s);
            case "real":
                return DataTypes.FLOAT();
            case "double precision":
                return DataTypes.DOUBLE();
            case "boolean":
                return DataTypes.BOOLEAN();
            case "text":
            case "uuid":
            case "json":
            case "jsonb":
            case "xml":
                return DataTypes.STRING();
            case "character varying":
                return p == null ? DataTypes.STRING() : DataTypes.VARCHAR(p);
            case "character":
                return DataTypes.CHAR(p == null ? 1 : p);
            case "bytea":
                return DataTypes.BYTES();
            case "date":
                return DataTypes.DATE();
            case "time without time zone":
                return DataTypes.TIME(p == null ? 6 : p);
            case "timestamp without time zone":
                return DataTypes.TIMESTAMP(p == null ? 6 : p);
            case "timestamp with time zone":
                return DataTypes.TIMESTAMP_LTZ(p == null ? 6 : p);
            default:
                if ("E".equals(category)) {
                    return DataTypes.STRING();
                }
                throw unsupported(column, table);
        }
    }

    private static IllegalArgumentException unsupported(ColumnLayout column, TableLayout table) {
        return new IllegalArgumentException(
                "Column "
                        + column.name()
                        + " of "
                        + table.id()
                        + " has the type "
                        + column.type()
                        + ", which the postgres source does not map (README of the postgres"
                        + " source, 'Type mapping'). Change the column's type or leave the table"
                        + " out of 'tables'.");
    }
}
