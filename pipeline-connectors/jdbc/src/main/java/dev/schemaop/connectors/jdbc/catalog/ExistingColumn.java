package dev.schemaop.connectors.jdbc.catalog;

import dev.schemaop.connectors.jdbc.types.SqlType;

import org.apache.flink.cdc.common.types.DataType;

import javax.annotation.Nullable;

import java.util.Locale;

/**
 * A column as the database catalog describes it: its type as the database writes it, the Flink CDC
 * type that maps to (with the column's nullability), and what a MariaDB {@code MODIFY COLUMN} must
 * restate to keep it (default, comment, extra attributes).
 */
public final class ExistingColumn {
    private final String name;
    private final SqlType sqlType;
    private final DataType type;
    @Nullable private final String defaultValue;
    @Nullable private final String comment;
    @Nullable private final String extra;

    public ExistingColumn(
            String name,
            SqlType sqlType,
            DataType type,
            @Nullable String defaultValue,
            @Nullable String comment,
            @Nullable String extra) {
        this.name = name;
        this.sqlType = sqlType;
        this.type = type;
        this.defaultValue = defaultValue;
        this.comment = comment == null || comment.isEmpty() ? null : comment;
        this.extra = extra == null || extra.isEmpty() ? null : extra;
    }

    public String name() {
        return name;
    }

    public SqlType sqlType() {
        return sqlType;
    }

    /** The Flink CDC type, NOT NULL when the column is. */
    public DataType type() {
        return type;
    }

    public boolean isNullable() {
        return type.isNullable();
    }

    /**
     * The default as the catalog gives it, an SQL expression (PostgreSQL: also {@code GENERATED AS
     * IDENTITY} or {@code GENERATED ALWAYS AS (..)}); null when none. MariaDB writes {@code NULL}
     * for a nullable column without one.
     */
    @Nullable
    public String defaultValue() {
        return defaultValue;
    }

    /**
     * What a row inserted without this column gets, for the pipeline's description of the table;
     * null when that is NULL: a column the pipeline does not write then needs to be nullable.
     */
    @Nullable
    public String valueWhenUnwritten() {
        if (extra != null && extra.toLowerCase(Locale.ROOT).contains("auto_increment")) {
            return "AUTO_INCREMENT";
        }
        return defaultValue == null || defaultValue.equalsIgnoreCase("NULL") ? null : defaultValue;
    }

    @Nullable
    public String comment() {
        return comment;
    }

    /** MariaDB's EXTRA column ({@code auto_increment}, {@code on update ...}). */
    @Nullable
    public String extra() {
        return extra;
    }

    @Override
    public String toString() {
        return name + " " + sqlType + (isNullable() ? "" : " NOT NULL");
    }
}
