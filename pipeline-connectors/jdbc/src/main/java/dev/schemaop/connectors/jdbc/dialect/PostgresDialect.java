package dev.schemaop.connectors.jdbc.dialect;

import dev.schemaop.connectors.jdbc.catalog.CatalogReader;
import dev.schemaop.connectors.jdbc.catalog.PostgresCatalog;
import dev.schemaop.connectors.jdbc.catalog.TablePath;
import dev.schemaop.connectors.jdbc.types.JsonText;
import dev.schemaop.connectors.jdbc.types.PostgresTypes;
import dev.schemaop.connectors.jdbc.types.TypeMapping;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;

import javax.annotation.Nullable;

import java.sql.Driver;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * PostgreSQL: identifiers in double quotes (so names keep their case), {@code INSERT .. ON CONFLICT
 * .. DO UPDATE}, transactional DDL. ADD COLUMN always adds at the end. Strings are bound untyped
 * (as the driver's {@code stringtype=unspecified} does), so text reaches {@code jsonb}, {@code
 * uuid} or {@code numeric} columns of existing tables as PostgreSQL parses it.
 */
public final class PostgresDialect extends JdbcDialect {
    private static final long serialVersionUID = 1L;

    /** PostgreSQL keeps 63 bytes of a name (NAMEDATALEN - 1) and silently cuts the rest. */
    public static final int MAX_IDENTIFIER_BYTES = 63;

    private final PostgresTypes types = new PostgresTypes();
    private final PostgresCatalog catalog = new PostgresCatalog(types);

    @Override
    public String identifier() {
        return "postgres";
    }

    @Override
    public String urlPrefix() {
        return "jdbc:postgresql:";
    }

    @Override
    public String urlExample() {
        return "jdbc:postgresql://127.0.0.1:5432/postgres";
    }

    @Override
    public String driverClassName() {
        return "org.postgresql.Driver";
    }

    @Override
    public void setConnectTimeout(Properties properties, Duration timeout) {
        String seconds = String.valueOf(Math.max(1, timeout.getSeconds()));
        properties.setProperty("connectTimeout", seconds);
        properties.setProperty("loginTimeout", seconds);
    }

    @Override
    @Nullable
    public String connectionInitSql() {
        return null;
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
        return true;
    }

    @Override
    public boolean supportsColumnPositions() {
        return false;
    }

    @Override
    public boolean hasTransactionalDdl() {
        return true;
    }

    @Override
    public String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }

    @Override
    protected int maxIdentifierLength() {
        return MAX_IDENTIFIER_BYTES;
    }

    @Override
    protected int identifierLength(String identifier) {
        return utf8Length(identifier);
    }

    @Override
    protected String identifierLengthUnit() {
        return "bytes";
    }

    @Override
    public TablePath resolve(TableId tableId, Supplier<String> defaultSchema) {
        String schema = tableId.getSchemaName();
        return new TablePath(schema == null ? defaultSchema.get() : schema, tableId.getTableName());
    }

    @Override
    public String upsert(TablePath table, List<String> columns, List<String> keys) {
        List<String> updated =
                columns.stream().filter(c -> !keys.contains(c)).collect(Collectors.toList());
        String onConflict =
                updated.isEmpty()
                        ? "DO NOTHING"
                        : "DO UPDATE SET "
                                + updated.stream()
                                        .map(c -> quote(c) + " = EXCLUDED." + quote(c))
                                        .collect(Collectors.joining(", "));
        return insert(table, columns) + " ON CONFLICT (" + quotedList(keys) + ") " + onConflict;
    }

    @Override
    public String deleteOneRow(TablePath table, List<String> columns) {
        return "DELETE FROM "
                + table(table)
                + " WHERE ctid = (SELECT ctid FROM "
                + table(table)
                + " WHERE "
                + columns.stream()
                        .map(c -> quote(c) + " IS NOT DISTINCT FROM ?")
                        .collect(Collectors.joining(" AND "))
                + " LIMIT 1)";
    }

    /** Text (and JSON, which holds text) cannot hold U+0000 in PostgreSQL. */
    @Override
    public boolean mayNotStore(DataType type) {
        switch (type.getTypeRoot()) {
            case CHAR:
            case VARCHAR:
            case ARRAY:
            case MAP:
            case ROW:
                return true;
            default:
                return false;
        }
    }

    @Override
    @Nullable
    public String unstorable(Object value) {
        if (value instanceof String && ((String) value).indexOf('\0') >= 0) {
            return "a string with the NUL character U+0000, which PostgreSQL text cannot store";
        }
        if (value instanceof JsonText && ((JsonText) value).holdsNulCharacter()) {
            return "a string with the NUL character U+0000 inside its JSON, which PostgreSQL jsonb"
                    + " cannot store";
        }
        return null;
    }

    @Override
    public void bind(PreparedStatement statement, int index, Object value, DataType type)
            throws SQLException {
        if (value == null) {
            statement.setNull(index, Types.NULL);
        } else if (value instanceof String) {
            statement.setObject(index, value, Types.OTHER);
        } else if (value instanceof JsonText) {
            statement.setObject(index, ((JsonText) value).json(), Types.OTHER);
        } else if (value instanceof Byte) {
            statement.setShort(index, (Byte) value);
        } else if (value instanceof byte[]) {
            statement.setBytes(index, (byte[]) value);
        } else {
            statement.setObject(index, value);
        }
    }

    @Override
    public String createSchemaIfMissing(String schema) {
        return "CREATE SCHEMA IF NOT EXISTS " + quote(schema);
    }

    @Override
    public List<String> createTable(TablePath table, Schema schema) {
        List<String> definitions = new ArrayList<>();
        for (Column column : schema.getColumns()) {
            boolean key = schema.primaryKeys().contains(column.getName());
            definitions.add(
                    quote(column.getName())
                            + " "
                            + types.toSqlType(column.getType())
                            + (key || !column.getType().isNullable() ? " NOT NULL" : ""));
        }
        if (!schema.primaryKeys().isEmpty()) {
            definitions.add("PRIMARY KEY (" + quotedList(schema.primaryKeys()) + ")");
        }
        List<String> statements = new ArrayList<>();
        statements.add(
                "CREATE TABLE IF NOT EXISTS "
                        + table(table)
                        + " ("
                        + String.join(", ", definitions)
                        + ")");
        if (schema.comment() != null && !schema.comment().isEmpty()) {
            statements.add(
                    "COMMENT ON TABLE " + table(table) + " IS " + stringLiteral(schema.comment()));
        }
        for (Column column : schema.getColumns()) {
            if (column.getComment() != null && !column.getComment().isEmpty()) {
                statements.add(commentOnColumn(table, column.getName(), column.getComment()));
            }
        }
        return statements;
    }

    private String commentOnColumn(TablePath table, String column, String comment) {
        return "COMMENT ON COLUMN "
                + table(table)
                + "."
                + quote(column)
                + " IS "
                + stringLiteral(comment);
    }

    /** Always at the end: PostgreSQL cannot place a column. A comment is a statement of its own. */
    @Override
    public List<String> addColumn(
            TablePath table, Column column, boolean nullable, ColumnPlacement placement) {
        List<String> statements = new ArrayList<>();
        statements.add(
                "ALTER TABLE "
                        + table(table)
                        + " ADD COLUMN "
                        + quote(column.getName())
                        + " "
                        + types.toSqlType(column.getType())
                        + (nullable ? "" : " NOT NULL"));
        if (column.getComment() != null && !column.getComment().isEmpty()) {
            statements.add(commentOnColumn(table, column.getName(), column.getComment()));
        }
        return statements;
    }

    /**
     * {@code ALTER COLUMN .. TYPE .. USING col::type} converts the stored values; {@code DROP NOT
     * NULL} makes a column nullable; all clauses in one {@code ALTER TABLE} (one table rewrite).
     * Default and comment stay.
     */
    @Override
    public String alterColumns(TablePath table, List<ColumnAlteration> alterations) {
        List<String> clauses = new ArrayList<>();
        for (ColumnAlteration alteration : alterations) {
            String column = quote(alteration.current().name());
            if (alteration.changesType()) {
                String type = alteration.newSqlType();
                clauses.add(
                        "ALTER COLUMN "
                                + column
                                + " TYPE "
                                + type
                                + " USING "
                                + column
                                + "::"
                                + type);
            }
            if (alteration.makeNullable()) {
                clauses.add("ALTER COLUMN " + column + " DROP NOT NULL");
            }
        }
        return "ALTER TABLE " + table(table) + " " + String.join(", ", clauses);
    }

    /** Blocks writes and reads: ALTER COLUMN .. TYPE takes this lock anyway. */
    @Override
    public String lockTable(TablePath table) {
        return "LOCK TABLE " + table(table) + " IN ACCESS EXCLUSIVE MODE";
    }

    @Override
    public StoredValueCheck storedValueCheck() {
        return new PostgresStoredValueCheck(this);
    }

    @Override
    public String stringLiteral(String text) {
        return "'" + text.replace("'", "''") + "'";
    }

    /** The key's constraint as PostgreSQL names it by default ({@code <table>_pkey}). */
    @Override
    public String replacePrimaryKey(TablePath table, List<String> key) {
        return "ALTER TABLE "
                + table(table)
                + " DROP CONSTRAINT IF EXISTS "
                + quote(table.table() + "_pkey")
                + ", ADD PRIMARY KEY ("
                + quotedList(key)
                + ")";
    }

    /**
     * The bundled driver, with the classes its cleaner thread loads late loaded now: that thread
     * outlives the job, and once Flink released the connector's class loader it would fail to load
     * them ("Exception in thread ForkJoinPool..." on stderr at the end of a run).
     */
    @Override
    public Driver newDriver() {
        Driver driver = super.newDriver();
        ClassLoader loader = PostgresDialect.class.getClassLoader();
        for (String name : LATE_DRIVER_CLASSES) {
            try {
                Class.forName(name, true, loader);
            } catch (ClassNotFoundException e) {
                // another driver version: nothing to load early
            }
        }
        return driver;
    }

    private static final List<String> LATE_DRIVER_CLASSES =
            List.of(
                    "org.postgresql.util.LazyCleanerImpl",
                    "org.postgresql.util.LazyCleanerImpl$RefQueueBlocker",
                    "org.postgresql.util.LazyCleanerImpl$Node",
                    "org.postgresql.util.LazyCleanerImpl$CleanableWrapper");
}
