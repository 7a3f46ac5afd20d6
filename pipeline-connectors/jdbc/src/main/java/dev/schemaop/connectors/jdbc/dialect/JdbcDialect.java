package dev.schemaop.connectors.jdbc.dialect;

import dev.schemaop.connectors.jdbc.catalog.CatalogReader;
import dev.schemaop.connectors.jdbc.catalog.TablePath;
import dev.schemaop.connectors.jdbc.types.TypeMapping;

import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;

import javax.annotation.Nullable;

import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.sql.Driver;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Everything that differs between the databases the sink writes: driver and connection settings,
 * identifier quoting, type mapping, catalog, the SQL text of writes and of DDL, and how values are
 * bound. Stateless and serializable; the SQL it returns is the only place SQL text is built, and
 * every identifier in it goes through {@link #quote}.
 */
public abstract class JdbcDialect implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The sink type, {@code postgres} or {@code mariadb}. */
    public abstract String identifier();

    /** What every url of this dialect starts with, e.g. {@code jdbc:postgresql:}. */
    public abstract String urlPrefix();

    /** An example url, for messages. */
    public abstract String urlExample();

    public abstract String driverClassName();

    /**
     * A new instance of the bundled driver, loaded by the class loader of this connector: the
     * factory's connection check does not go through {@code DriverManager}, which only sees drivers
     * its caller's class loader can load.
     */
    public Driver newDriver() {
        try {
            return (Driver)
                    Class.forName(driverClassName(), true, JdbcDialect.class.getClassLoader())
                            .getDeclaredConstructor()
                            .newInstance();
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new IllegalStateException(
                    "The "
                            + identifier()
                            + " sink cannot load its JDBC driver "
                            + driverClassName(),
                    e);
        }
    }

    /** Sets the driver's connect and login timeouts. */
    public abstract void setConnectTimeout(Properties driverProperties, Duration timeout);

    /** Run on every new connection (null: none). */
    @Nullable
    public abstract String connectionInitSql();

    public abstract TypeMapping types();

    public abstract CatalogReader catalog();

    /** Whether two column names that differ only in case are different columns. */
    public abstract boolean isColumnNameCaseSensitive();

    /** Whether ADD COLUMN can put a column elsewhere than at the end. */
    public abstract boolean supportsColumnPositions();

    /** Whether DDL statements can run in one transaction (all of a change or nothing). */
    public abstract boolean hasTransactionalDdl();

    /** The schema change types the applier applies as DDL. */
    public Set<SchemaChangeEventType> supportedSchemaChanges() {
        return Collections.unmodifiableSet(EnumSet.allOf(SchemaChangeEventType.class));
    }

    // ---------------------------------------------------------------------------------------
    // Names

    /** The identifier quoted, quote characters inside it doubled. */
    public abstract String quote(String identifier);

    /** Longest identifier the database keeps as it is. */
    protected abstract int maxIdentifierLength();

    /** Length of an identifier as {@link #maxIdentifierLength()} counts it. */
    protected int identifierLength(String identifier) {
        return identifier.length();
    }

    /**
     * Checks a name before it goes into DDL.
     *
     * @throws IllegalArgumentException naming the problem: empty, too long, a NUL character
     */
    public void checkIdentifier(String identifier, String what) {
        if (identifier == null || identifier.isEmpty()) {
            throw new IllegalArgumentException("The " + what + " name is empty");
        }
        if (identifier.indexOf('\0') >= 0) {
            throw new IllegalArgumentException(
                    "The " + what + " name '" + identifier + "' holds a NUL character");
        }
        if (identifierLength(identifier) > maxIdentifierLength()) {
            throw new IllegalArgumentException(
                    "The "
                            + what
                            + " name '"
                            + identifier
                            + "' is longer than the "
                            + maxIdentifierLength()
                            + " "
                            + identifierLengthUnit()
                            + " "
                            + identifier()
                            + " allows; route the table to a shorter name");
        }
    }

    /** What {@link #identifierLength} counts. */
    protected String identifierLengthUnit() {
        return "characters";
    }

    /** UTF-8 length, for databases that count identifier bytes. */
    protected static int utf8Length(String identifier) {
        return identifier.getBytes(StandardCharsets.UTF_8).length;
    }

    /** The table's qualified, quoted name. */
    public String table(TablePath path) {
        return quote(path.schema()) + "." + quote(path.table());
    }

    /**
     * Where a Flink CDC table lives: {@code s.t} (and {@code ns.s.t}: the namespace is not used) is
     * schema or database {@code s}, table {@code t}.
     *
     * @param defaultSchema asked only for a table id without a schema part
     */
    public abstract TablePath resolve(TableId tableId, Supplier<String> defaultSchema);

    protected String quotedList(List<String> names) {
        return names.stream().map(this::quote).collect(Collectors.joining(", "));
    }

    // ---------------------------------------------------------------------------------------
    // Writes

    /** Insert, or update the row with the same key: the values in column order. */
    public abstract String upsert(TablePath table, List<String> columns, List<String> keys);

    /** Plain insert, for tables without a primary key. */
    public String insert(TablePath table, List<String> columns) {
        return "INSERT INTO "
                + table(table)
                + " ("
                + quotedList(columns)
                + ") VALUES ("
                + placeholders(columns.size())
                + ")";
    }

    /** Delete by key: the key values in key order. */
    public String deleteByKey(TablePath table, List<String> keys) {
        return "DELETE FROM "
                + table(table)
                + " WHERE "
                + keys.stream().map(k -> quote(k) + " = ?").collect(Collectors.joining(" AND "));
    }

    /**
     * Delete one row whose every column equals the values (nulls equal nulls), for tables without a
     * primary key: the values in column order.
     */
    public abstract String deleteOneRow(TablePath table, List<String> columns);

    protected static String placeholders(int count) {
        return String.join(", ", Collections.nCopies(count, "?"));
    }

    /**
     * Whether a value of the type can be one the database cannot store ({@link #unstorable}): the
     * writer looks only at such columns.
     */
    public abstract boolean mayNotStore(DataType type);

    /**
     * What makes a value made by {@code JdbcValues.toJdbc} one the database cannot store, as a
     * phrase ("a string with the NUL character U+0000, which PostgreSQL text cannot store"); null
     * when it can store it.
     */
    @Nullable
    public abstract String unstorable(Object value);

    /**
     * Binds a value made by {@code JdbcValues.toJdbc} (null for SQL NULL) for a column of the given
     * type.
     */
    public abstract void bind(PreparedStatement statement, int index, Object value, DataType type)
            throws SQLException;

    // ---------------------------------------------------------------------------------------
    // DDL

    /** Creates the schema (PostgreSQL) or database (MariaDB) unless it exists. */
    public abstract String createSchemaIfMissing(String schema);

    /**
     * Creates the table unless it exists: its columns in order with their types and nullability
     * (key columns NOT NULL), the primary key, and comments.
     */
    public abstract List<String> createTable(TablePath table, Schema schema);

    /**
     * The column type for a Flink CDC type; a primary key column may need another one (MariaDB
     * cannot key TEXT or BLOB columns).
     */
    public String columnType(DataType type, boolean keyColumn) {
        return types().toSqlType(type);
    }

    /**
     * The Flink CDC type of the column {@link #columnType} creates, with the type's nullability.
     */
    public DataType normalize(DataType type, boolean keyColumn) {
        return types().normalize(type);
    }

    /**
     * Adds a column, nullable or not, at the placement when the dialect supports it (and sets its
     * comment).
     */
    public abstract List<String> addColumn(
            TablePath table, Column column, boolean nullable, ColumnPlacement placement);

    /**
     * One statement that changes the columns of one {@code alter.column.type}: new types (keeping
     * the data: the caller made sure no stored value changes) and nullability, keeping, where the
     * dialect needs them restated, the columns' other attributes. One statement, so that the
     * database applies all of it or nothing.
     */
    public abstract String alterColumns(TablePath table, List<ColumnAlteration> alterations);

    /**
     * The statement that locks the table against writes until the transaction ends, before a check
     * of its stored values and the DDL it guards; null for a dialect without transactional DDL (its
     * check and DDL cannot share a transaction).
     */
    @Nullable
    public abstract String lockTable(TablePath table);

    /** Finds the stored values a column type change would change. */
    public abstract StoredValueCheck storedValueCheck();

    public String renameColumn(TablePath table, String from, String to) {
        return "ALTER TABLE " + table(table) + " RENAME COLUMN " + quote(from) + " TO " + quote(to);
    }

    public String dropColumn(TablePath table, String column) {
        return "ALTER TABLE " + table(table) + " DROP COLUMN " + quote(column);
    }

    /** Replaces the table's primary key by one over {@code key}. */
    public String replacePrimaryKey(TablePath table, List<String> key) {
        return "ALTER TABLE "
                + table(table)
                + " DROP PRIMARY KEY, ADD PRIMARY KEY ("
                + quotedList(key)
                + ")";
    }

    public String truncateTable(TablePath table) {
        return "TRUNCATE TABLE " + table(table);
    }

    public String dropTable(TablePath table) {
        return "DROP TABLE IF EXISTS " + table(table);
    }

    /** An SQL string literal of the text (for comments). */
    public abstract String stringLiteral(String text);

    @Override
    public String toString() {
        return identifier();
    }
}
