package dev.schemaop.connectors.jdbc.ddl;

import dev.schemaop.connectors.jdbc.catalog.ExistingColumn;
import dev.schemaop.connectors.jdbc.catalog.ExistingTable;
import dev.schemaop.connectors.jdbc.catalog.TablePath;
import dev.schemaop.connectors.jdbc.dialect.ChangedValues;
import dev.schemaop.connectors.jdbc.dialect.ColumnAlteration;
import dev.schemaop.connectors.jdbc.dialect.JdbcDialect;
import dev.schemaop.connectors.jdbc.dialect.StoredValueCheck;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Applies one schema change to the database as DDL, on a connection the caller owns (and commits,
 * for a dialect with transactional DDL). Every change reads the table from the catalog first: what
 * the database already has is not done again (a replay after a failover, which meets the table as
 * the change left it, runs no DDL and succeeds), and each statement that runs is logged at INFO.
 *
 * <ul>
 *   <li>create.table: created (with its schema or database) unless the table exists; an existing
 *       table that holds the created schema is left as it is ({@link CreatedSchemaFit}: columns
 *       beyond the created ones may stay).
 *   <li>add.column: a column that exists with the same type is left. Added columns are nullable (a
 *       NOT NULL column is added nullable with a WARN: existing rows have no value for it).
 *       Positions on MariaDB; at the end on PostgreSQL (WARN for FIRST/BEFORE/AFTER).
 *   <li>alter.column.type: nothing when the column has the type already; the column becomes
 *       nullable when the new type is and the column is not part of the primary key; it never
 *       becomes NOT NULL. A new type that would change a stored value (cut, round, out of range,
 *       not convertible: {@link StoredValueCheck}) refuses the whole change before any DDL; the
 *       columns of one change are altered in one statement.
 *   <li>rename.column: nothing when the new name exists and the old one does not.
 *   <li>drop.column: nothing when the column is gone.
 *   <li>drop.table: nothing when the table is gone.
 * </ul>
 *
 * <p>Anything else is drift, refused before any DDL of the change ({@link DriftRefusal}, a {@link
 * RefusedChangeException}): a column added that exists with another type, a column to alter or
 * rename that is missing, both names of a rename existing, a create that meets a table that does
 * not hold its schema, a change of a table that is gone. The runtime's applied-change log keeps the
 * replay of a change that later changes went beyond from reaching the sink.
 */
public final class DdlExecutor {
    private static final Logger LOG = LoggerFactory.getLogger(DdlExecutor.class);

    private final JdbcDialect dialect;
    private final Connection connection;
    private final Supplier<String> defaultSchema;
    private final List<String> executed = new ArrayList<>();

    public DdlExecutor(JdbcDialect dialect, Connection connection, Supplier<String> defaultSchema) {
        this.dialect = dialect;
        this.connection = connection;
        this.defaultSchema = defaultSchema;
    }

    /** Applies the change; returns the statements that ran (none: the database had it). */
    public List<String> apply(SchemaChangeEvent event) throws SQLException {
        executed.clear();
        TablePath path = dialect.resolve(event.tableId(), defaultSchema);
        if (event instanceof CreateTableEvent) {
            handleCreateTable(path, (CreateTableEvent) event);
        } else if (event instanceof AddColumnEvent) {
            handleAddColumn(path, (AddColumnEvent) event);
        } else if (event instanceof AlterColumnTypeEvent) {
            handleAlterColumnType(path, (AlterColumnTypeEvent) event);
        } else if (event instanceof RenameColumnEvent) {
            handleRenameColumn(path, (RenameColumnEvent) event);
        } else if (event instanceof DropColumnEvent) {
            handleDropColumn(path, (DropColumnEvent) event);
        } else if (event instanceof TruncateTableEvent) {
            handleTruncateTable(path, event);
        } else if (event instanceof DropTableEvent) {
            handleDropTable(path);
        } else {
            throw new IllegalArgumentException("Unknown schema change " + event);
        }
        return new ArrayList<>(executed);
    }

    private void handleCreateTable(TablePath path, CreateTableEvent event) throws SQLException {
        Schema schema = event.getSchema();
        Optional<ExistingTable> existing = read(path);
        if (existing.isPresent()) {
            List<String> misfits = CreatedSchemaFit.misfits(dialect, existing.get(), schema);
            if (!misfits.isEmpty()) {
                throw DriftRefusal.of(
                        dialect,
                        event,
                        path,
                        existing.get(),
                        "The table exists, and " + String.join("; ", misfits),
                        "no table, or one that holds the created columns "
                                + CreatedSchemaFit.describe(dialect, schema)
                                + " (other columns may stay when nullable or with a default)");
            }
            LOG.info(
                    "{} sink: table {} exists and holds the created columns; nothing to do",
                    dialect,
                    path);
            return;
        }
        dialect.checkIdentifier(path.schema(), "schema");
        dialect.checkIdentifier(path.table(), "table");
        for (Column column : schema.getColumns()) {
            dialect.checkIdentifier(column.getName(), "column");
        }
        if (!dialect.catalog().schemaExists(connection, path.schema())) {
            execute(dialect.createSchemaIfMissing(path.schema()));
        }
        for (String sql : dialect.createTable(path, schema)) {
            execute(sql);
        }
    }

    /** Every column is checked before the first is added: a drifted one refuses them all. */
    private void handleAddColumn(TablePath path, AddColumnEvent event) throws SQLException {
        ExistingTable table = required(path, event, "the table, to add the columns to");
        List<AddColumnEvent.ColumnWithPosition> missing = new ArrayList<>();
        for (AddColumnEvent.ColumnWithPosition added : event.getAddedColumns()) {
            Column column = added.getAddColumn();
            Optional<ExistingColumn> existing = table.column(column.getName());
            if (!existing.isPresent()) {
                dialect.checkIdentifier(column.getName(), "column");
                missing.add(added);
            } else if (!sameType(table, existing.get(), column.getType())
                    || !existing.get().isNullable() && !table.isKeyColumn(column.getName())) {
                String adds = sqlTypeFor(table, column.getName(), column.getType());
                throw DriftRefusal.of(
                        dialect,
                        event,
                        path,
                        table,
                        "Column "
                                + column.getName()
                                + " exists as "
                                + existing.get().sqlType()
                                + (existing.get().isNullable() ? "" : " NOT NULL")
                                + ", where the change adds it as "
                                + adds
                                + " (nullable)",
                        "no column "
                                + column.getName()
                                + ", or (the change applied) "
                                + column.getName()
                                + " "
                                + adds
                                + " nullable");
            } else {
                LOG.info(
                        "{} sink: column {} of {} exists with that type; nothing to do",
                        dialect,
                        column.getName(),
                        path);
            }
        }
        for (AddColumnEvent.ColumnWithPosition added : missing) {
            Column column = added.getAddColumn();
            if (!column.getType().isNullable()) {
                LOG.warn(
                        "{} sink: column {} of {} is added nullable, not NOT NULL: the rows the"
                                + " table holds have no value for it",
                        dialect,
                        column.getName(),
                        path);
            }
            for (String sql :
                    dialect.addColumn(
                            path,
                            column,
                            true,
                            AddedColumnPlacement.of(dialect, table, added, path))) {
                execute(sql);
            }
            table = read(path).orElseThrow();
        }
    }

    /**
     * All columns of the change are checked first: when a new type would change a stored value, the
     * change is refused before any DDL. The columns then change in one statement. On a dialect with
     * transactional DDL the table is locked before it is read, so no write comes between the check
     * and the DDL.
     */
    private void handleAlterColumnType(TablePath path, AlterColumnTypeEvent event)
            throws SQLException {
        lockIfExists(path);
        ExistingTable table = required(path, event, "the table, to change column types of");
        List<ColumnAlteration> alterations = new ArrayList<>();
        for (Map.Entry<String, DataType> change : event.getTypeMapping().entrySet()) {
            String name = change.getKey();
            DataType newType = change.getValue();
            Optional<ExistingColumn> found = table.column(name);
            if (!found.isPresent()) {
                throw DriftRefusal.of(
                        dialect,
                        event,
                        path,
                        table,
                        "The table has no column " + name,
                        "a column " + name + " to change to " + dialect.columnType(newType, false));
            }
            ExistingColumn current = found.get();
            boolean typeChanges = !sameType(table, current, newType);
            boolean makeNullable =
                    newType.isNullable() && !current.isNullable() && !table.isKeyColumn(name);
            if (typeChanges) {
                alterations.add(
                        ColumnAlteration.newType(
                                current,
                                newType,
                                normalize(table, name, newType),
                                sqlTypeFor(table, name, newType),
                                makeNullable));
            } else if (makeNullable) {
                alterations.add(ColumnAlteration.nullable(current));
            } else {
                LOG.info(
                        "{} sink: column {} of {} has type {} already; nothing to do",
                        dialect,
                        name,
                        path,
                        current.sqlType());
            }
        }
        if (alterations.isEmpty()) {
            return;
        }
        refuseChangedValues(path, alterations);
        execute(dialect.alterColumns(path, alterations));
    }

    /** Locks the table until the transaction ends, where the dialect can (and it exists). */
    private void lockIfExists(TablePath path) throws SQLException {
        String lock = dialect.lockTable(path);
        if (lock != null && read(path).isPresent()) {
            try (Statement statement = connection.createStatement()) {
                statement.execute(lock);
            }
            LOG.debug("{} sink: {}", dialect, lock);
        }
    }

    private void refuseChangedValues(TablePath path, List<ColumnAlteration> alterations)
            throws SQLException {
        StoredValueCheck check = dialect.storedValueCheck();
        Map<ColumnAlteration, ChangedValues> changed = new LinkedHashMap<>();
        for (ColumnAlteration alteration : alterations) {
            Optional<ChangedValues> values = check.find(connection, path, alteration);
            if (values.isPresent()) {
                changed.put(alteration, values.get());
            }
        }
        if (!changed.isEmpty()) {
            throw StoredValueRefusal.of(dialect, path, changed);
        }
    }

    /**
     * Every rename is checked, in order, on the table's column names before the first runs: a
     * drifted one refuses them all.
     */
    private void handleRenameColumn(TablePath path, RenameColumnEvent event) throws SQLException {
        ExistingTable table = required(path, event, "the table, to rename columns of");
        List<String> names = new ArrayList<>();
        table.columns().forEach(c -> names.add(c.name()));
        Map<String, String> renames = new LinkedHashMap<>();
        for (Map.Entry<String, String> rename : event.getNameMapping().entrySet()) {
            String from = rename.getKey();
            String to = rename.getValue();
            int old = indexOf(table, names, from);
            int target = indexOf(table, names, to);
            if (old >= 0 && names.get(old).equals(to)) {
                LOG.info("{} sink: column {} of {} has its name already", dialect, to, path);
            } else if (old >= 0 && (target < 0 || target == old)) {
                dialect.checkIdentifier(to, "column");
                renames.put(names.get(old), to);
                names.set(old, to);
            } else if (old < 0 && target >= 0) {
                LOG.info(
                        "{} sink: column {} of {} is renamed to {} already; nothing to do",
                        dialect,
                        from,
                        path,
                        to);
            } else {
                throw DriftRefusal.of(
                        dialect,
                        event,
                        path,
                        table,
                        old >= 0
                                ? "Columns " + from + " and " + to + " both exist"
                                : "Neither column " + from + " nor " + to + " exists",
                        "a column "
                                + from
                                + " and no column "
                                + to
                                + ", or (the change applied) "
                                + to
                                + " and no "
                                + from);
            }
        }
        for (Map.Entry<String, String> rename : renames.entrySet()) {
            execute(dialect.renameColumn(path, rename.getKey(), rename.getValue()));
        }
    }

    /** The index of the column in the names, compared as the database compares them, or -1. */
    private static int indexOf(ExistingTable table, List<String> names, String name) {
        for (int i = 0; i < names.size(); i++) {
            if (table.sameName(names.get(i), name)) {
                return i;
            }
        }
        return -1;
    }

    private void handleDropColumn(TablePath path, DropColumnEvent event) throws SQLException {
        ExistingTable table = required(path, event, "the table, to drop columns of");
        for (String name : event.getDroppedColumnNames()) {
            Optional<ExistingColumn> column = table.column(name);
            if (!column.isPresent()) {
                LOG.info(
                        "{} sink: column {} of {} is gone already; nothing to do",
                        dialect,
                        name,
                        path);
                continue;
            }
            execute(dialect.dropColumn(path, column.get().name()));
        }
    }

    private void handleTruncateTable(TablePath path, SchemaChangeEvent event) throws SQLException {
        required(path, event, "the table, to truncate");
        execute(dialect.truncateTable(path));
    }

    private void handleDropTable(TablePath path) throws SQLException {
        if (!read(path).isPresent()) {
            LOG.info("{} sink: table {} is gone already; nothing to do", dialect, path);
            return;
        }
        execute(dialect.dropTable(path));
    }

    // ---------------------------------------------------------------------------------------

    private Optional<ExistingTable> read(TablePath path) throws SQLException {
        return dialect.catalog().readTable(connection, path);
    }

    /**
     * The table the change is about.
     *
     * @param expected what the change expects, for its refusal when the table is gone
     */
    private ExistingTable required(TablePath path, SchemaChangeEvent event, String expected)
            throws SQLException {
        Optional<ExistingTable> table = read(path);
        if (!table.isPresent()) {
            throw DriftRefusal.of(dialect, event, path, null, "The table does not exist", expected);
        }
        return table.get();
    }

    /**
     * Whether the column has the type the sink would create for {@code type}, nullability aside.
     */
    private boolean sameType(ExistingTable table, ExistingColumn column, DataType type) {
        return column.type().nullable().equals(normalize(table, column.name(), type).nullable());
    }

    private DataType normalize(ExistingTable table, String column, DataType type) {
        return dialect.normalize(type, table.isKeyColumn(column));
    }

    private String sqlTypeFor(ExistingTable table, String column, DataType type) {
        return dialect.columnType(type, table.isKeyColumn(column));
    }

    private void execute(String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
        executed.add(sql);
        LOG.info("{} sink executed: {}", dialect, sql);
    }
}
