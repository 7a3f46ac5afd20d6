package dev.schemaop.connectors.jdbc.dialect;

import dev.schemaop.connectors.jdbc.catalog.CatalogReader;
import dev.schemaop.connectors.jdbc.catalog.ExistingColumn;
import dev.schemaop.connectors.jdbc.catalog.MariaDbCatalog;
import dev.schemaop.connectors.jdbc.catalog.TablePath;
import dev.schemaop.connectors.jdbc.types.JsonText;
import dev.schemaop.connectors.jdbc.types.MariaDbTypes;
import dev.schemaop.connectors.jdbc.types.TypeMapping;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypeRoot;

import javax.annotation.Nullable;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * MariaDB: identifiers in backticks, {@code INSERT .. ON DUPLICATE KEY UPDATE}, DDL committed
 * statement by statement. Databases and tables are created in {@code utf8mb4} with the binary
 * collation {@code utf8mb4_bin}, so text compares (and keys match) case- and accent-sensitively as
 * in the source. Sessions run at time zone UTC: TIMESTAMP columns (TIMESTAMP_LTZ) hold UTC.
 */
public final class MariaDbDialect extends JdbcDialect {
    private static final long serialVersionUID = 1L;

    public static final int MAX_IDENTIFIER_LENGTH = 64;

    public static final String CHARSET = "utf8mb4";
    public static final String COLLATION = "utf8mb4_bin";

    private final MariaDbTypes types = new MariaDbTypes();
    private final MariaDbCatalog catalog = new MariaDbCatalog(types);

    @Override
    public String identifier() {
        return "mariadb";
    }

    @Override
    public String urlPrefix() {
        return "jdbc:mariadb:";
    }

    @Override
    public String urlExample() {
        return "jdbc:mariadb://127.0.0.1:3306/";
    }

    @Override
    public String driverClassName() {
        return "org.mariadb.jdbc.Driver";
    }

    @Override
    public void setConnectTimeout(Properties properties, Duration timeout) {
        properties.setProperty(
                "connectTimeout", String.valueOf(Math.max(1000, timeout.toMillis())));
    }

    @Override
    public String connectionInitSql() {
        return "SET time_zone = '+00:00'";
    }

    @Override
    public TypeMapping types() {
        return types;
    }

    @Override
    public CatalogReader catalog() {
        return catalog;
    }

    @Override
    public boolean isColumnNameCaseSensitive() {
        return false;
    }

    @Override
    public boolean supportsColumnPositions() {
        return true;
    }

    @Override
    public boolean hasTransactionalDdl() {
        return false;
    }

    @Override
    public String quote(String identifier) {
        return '`' + identifier.replace("`", "``") + '`';
    }

    @Override
    protected int maxIdentifierLength() {
        return MAX_IDENTIFIER_LENGTH;
    }

    @Override
    public TablePath resolve(TableId tableId, Supplier<String> defaultSchema) {
        String database = tableId.getSchemaName();
        if (database == null) {
            throw new IllegalArgumentException(
                    "Table '"
                            + tableId
                            + "' has no database part: the mariadb sink writes table db.t into"
                            + " database db. Route it to a name with a database (route:"
                            + " sink-table: db."
                            + tableId.getTableName()
                            + ")");
        }
        return new TablePath(database, tableId.getTableName());
    }

    @Override
    public String upsert(TablePath table, List<String> columns, List<String> keys) {
        List<String> updated =
                columns.stream().filter(c -> !contains(keys, c)).collect(Collectors.toList());
        List<String> assigned = updated.isEmpty() ? keys.subList(0, 1) : updated;
        return insert(table, columns)
                + " ON DUPLICATE KEY UPDATE "
                + assigned.stream()
                        .map(c -> quote(c) + " = VALUES(" + quote(c) + ")")
                        .collect(Collectors.joining(", "));
    }

    private static boolean contains(List<String> names, String name) {
        return names.stream().anyMatch(n -> n.equalsIgnoreCase(name));
    }

    @Override
    public String deleteOneRow(TablePath table, List<String> columns) {
        return "DELETE FROM "
                + table(table)
                + " WHERE "
                + columns.stream()
                        .map(c -> quote(c) + " <=> ?")
                        .collect(Collectors.joining(" AND "))
                + " LIMIT 1";
    }

    /** MariaDB's FLOAT and DOUBLE have no NaN and no infinities. */
    @Override
    public boolean mayNotStore(DataType type) {
        return type.is(DataTypeRoot.FLOAT) || type.is(DataTypeRoot.DOUBLE);
    }

    @Override
    @Nullable
    public String unstorable(Object value) {
        if (!(value instanceof Float) && !(value instanceof Double)) {
            return null;
        }
        double d = ((Number) value).doubleValue();
        if (Double.isNaN(d)) {
            return "NaN (not a number), which MariaDB FLOAT and DOUBLE cannot store";
        }
        if (Double.isInfinite(d)) {
            return (d > 0 ? "Infinity" : "-Infinity")
                    + ", which MariaDB FLOAT and DOUBLE cannot store";
        }
        return null;
    }

    @Override
    public void bind(PreparedStatement statement, int index, Object value, DataType type)
            throws SQLException {
        if (value == null) {
            statement.setNull(index, Types.NULL);
        } else if (value instanceof JsonText) {
            statement.setString(index, ((JsonText) value).json());
        } else if (value instanceof OffsetDateTime) {
            statement.setObject(
                    index,
                    ((OffsetDateTime) value)
                            .withOffsetSameInstant(ZoneOffset.UTC)
                            .toLocalDateTime());
        } else if (value instanceof byte[]) {
            statement.setBytes(index, (byte[]) value);
        } else {
            statement.setObject(index, value);
        }
    }

    @Override
    public String createSchemaIfMissing(String schema) {
        return "CREATE DATABASE IF NOT EXISTS "
                + quote(schema)
                + " CHARACTER SET "
                + CHARSET
                + " COLLATE "
                + COLLATION;
    }

    @Override
    public List<String> createTable(TablePath table, Schema schema) {
        List<String> definitions = new ArrayList<>();
        for (Column column : schema.getColumns()) {
            boolean key = schema.primaryKeys().contains(column.getName());
            String sqlType = columnType(column.getType(), key);
            definitions.add(
                    columnDefinition(
                            column.getName(),
                            sqlType,
                            !key && column.getType().isNullable(),
                            column.getComment()));
        }
        if (!schema.primaryKeys().isEmpty()) {
            definitions.add("PRIMARY KEY (" + quotedList(schema.primaryKeys()) + ")");
        }
        String comment =
                schema.comment() == null || schema.comment().isEmpty()
                        ? ""
                        : " COMMENT=" + stringLiteral(schema.comment());
        List<String> statements = new ArrayList<>();
        statements.add(
                "CREATE TABLE IF NOT EXISTS "
                        + table(table)
                        + " ("
                        + String.join(", ", definitions)
                        + ") DEFAULT CHARSET="
                        + CHARSET
                        + " COLLATE="
                        + COLLATION
                        + comment);
        return statements;
    }

    private String columnDefinition(
            String name, String sqlType, boolean nullable, @Nullable String comment) {
        return quote(name)
                + " "
                + sqlType
                + (nullable ? " NULL" : " NOT NULL")
                + (comment == null || comment.isEmpty()
                        ? ""
                        : " COMMENT " + stringLiteral(comment));
    }

    @Override
    public List<String> addColumn(
            TablePath table, Column column, boolean nullable, ColumnPlacement placement) {
        String where =
                placement.isFirst()
                        ? " FIRST"
                        : placement.after() != null ? " AFTER " + quote(placement.after()) : "";
        List<String> statements = new ArrayList<>();
        statements.add(
                "ALTER TABLE "
                        + table(table)
                        + " ADD COLUMN "
                        + columnDefinition(
                                column.getName(),
                                types.toSqlType(column.getType()),
                                nullable,
                                column.getComment())
                        + where);
        return statements;
    }

    /** A key column is never TEXT or BLOB ({@link MariaDbTypes#toKeySqlType}). */
    @Override
    public String columnType(DataType type, boolean keyColumn) {
        return keyColumn ? types.toKeySqlType(type) : types.toSqlType(type);
    }

    @Override
    public DataType normalize(DataType type, boolean keyColumn) {
        return keyColumn ? types.normalizeKey(type) : types.normalize(type);
    }

    /**
     * One {@code ALTER TABLE} with a {@code MODIFY COLUMN} per column that restates what MODIFY
     * would otherwise drop: nullability, default, comment, {@code auto_increment} and {@code on
     * update}; each column keeps its place. MariaDB converts the stored values.
     */
    @Override
    public String alterColumns(TablePath table, List<ColumnAlteration> alterations) {
        return "ALTER TABLE "
                + table(table)
                + " "
                + alterations.stream().map(this::modifyColumn).collect(Collectors.joining(", "));
    }

    private String modifyColumn(ColumnAlteration alteration) {
        ExistingColumn current = alteration.current();
        boolean nullable = alteration.makeNullable() || current.isNullable();
        StringBuilder sql =
                new StringBuilder("MODIFY COLUMN ")
                        .append(quote(current.name()))
                        .append(' ')
                        .append(
                                alteration.changesType()
                                        ? alteration.newSqlType()
                                        : current.sqlType().text())
                        .append(nullable ? " NULL" : " NOT NULL");
        String defaultValue = current.defaultValue();
        if (defaultValue != null && !defaultValue.equalsIgnoreCase("NULL")) {
            sql.append(" DEFAULT ").append(defaultValue);
        }
        String extra = current.extra() == null ? "" : current.extra().toLowerCase(Locale.ROOT);
        if (extra.contains("auto_increment")) {
            sql.append(" AUTO_INCREMENT");
        }
        int onUpdate = extra.indexOf("on update ");
        if (onUpdate >= 0) {
            sql.append(' ').append(current.extra().substring(onUpdate));
        }
        if (current.comment() != null) {
            sql.append(" COMMENT ").append(stringLiteral(current.comment()));
        }
        return sql.toString();
    }

    /**
     * None: MariaDB commits each DDL statement, so its check and DDL share no transaction. Its
     * check runs right before the one statement of the change.
     */
    @Override
    @Nullable
    public String lockTable(TablePath table) {
        return null;
    }

    @Override
    public StoredValueCheck storedValueCheck() {
        return new MariaDbStoredValueCheck(this);
    }

    /** Quotes and backslashes escaped (the default sql_mode, without NO_BACKSLASH_ESCAPES). */
    @Override
    public String stringLiteral(String text) {
        return "'" + text.replace("\\", "\\\\").replace("'", "''").replace("\0", "\\0") + "'";
    }
}
