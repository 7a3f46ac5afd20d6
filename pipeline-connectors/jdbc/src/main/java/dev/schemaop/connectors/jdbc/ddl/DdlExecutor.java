package dev.schemaop.connectors.jdbc.ddl;

import dev.schemaop.connectors.jdbc.catalog.ExistingColumn;
import dev.schemaop.connectors.jdbc.catalog.ExistingTable;
import dev.schemaop.connectors.jdbc.catalog.TablePath;
import dev.schemaop.connectors.jdbc.dialect.ChangedValues;
import dev.schemaop.connectors.jdbc.dialect.ColumnAlteration;
import dev.schemaop.connectors.jdbc.dialect.ColumnPlacement;
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
 * for a dialect with transactional DDL). Every change is made idempotent by reading the table from
 * the catalog first: what the database already has is not done again (a replay after a failover
 * never fails on it), and each statement that runs is logged at INFO.
 *
 * <ul>
 *   <li>create.table: created (with its schema or database) unless the table exists; an existing
 *       table with other columns is left as it is (WARN).
 *   <li>add.column: a column that exists with the same type is left (INFO), with another type too
 *       (WARN). Added columns are nullable (a NOT NULL column is added nullable with a WARN:
 *       existing rows have no value for it). Positions on MariaDB; at the end on PostgreSQL (WARN
 *       for FIRST/BEFORE/AFTER).
 *   <li>alter.column.type: nothing when the column has the type already; the column becomes
 *       nullable when the new type is and the column is not part of the primary key; it never
 *       becomes NOT NULL. A new type that would change a stored value (cut, round, out of range,
 *       not convertible: {@link StoredValueCheck}) refuses the whole change before any DDL ({@link
 *       RefusedChangeException}); the columns of one change are altered in one statement.
 *   <li>rename.column: nothing when the new name exists and the old one does not.
 *   <li>drop.column: nothing when the column is gone.
 *   <li>truncate.table and drop.table: nothing when the table is gone.
 * </ul>
 *
 * <p>A change that does not fit the table as it is (a column to alter or rename is missing, both
 * names of a rename exist, the table is gone) is what a replay meets when later changes went
 * further: that part is left out with a WARN naming the reason, and the call succeeds.
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
            handleCreateTable(path, ((CreateTableEvent) event).getSchema());
        } else if (event instanceof AddColumnEvent) {
            handleAddColumn(path, (AddColumnEvent) event);
        } else if (event instanceof AlterColumnTypeEvent) {
            handleAlterColumnType(path, (AlterColumnTypeEvent) event);
        } else if (event instanceof RenameColumnEvent) {
            handleRenameColumn(path, (RenameColumnEvent) event);
        } else if (event instanceof DropColumnEvent) {
            handleDropColumn(path, (DropColumnEvent) event);
        } else if (event instanceof TruncateTableEvent) {
            handleTruncateTable(path);
        } else if (event instanceof DropTableEvent) {
            handleDropTable(path);
        } else {
            throw new IllegalArgumentException("Unknown schema change " + event);
        }
        return new ArrayList<>(executed);
    }

    private void handleCreateTable(TablePath path, Schema schema) throws SQLException {
        Optional<ExistingTable> existing = read(path);
        if (existing.isPresent()) {
            List<String> differences = differences(existing.get(), schema);
            if (differences.isEmpty()) {
                LOG.info(
                        "{} sink: table {} exists with these columns; nothing to do",
                        dialect,
                        path);
            } else {
                LOG.warn(
                        "{} sink: table {} exists with other columns than the create.table event;"
                                + " left as it is: {}",
                        dialect,
                        path,
                        String.join("; ", differences));
            }
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

    /** What differs between the existing table and the schema of a create.table event. */
    private List<String> differences(ExistingTable table, Schema schema) {
        List<String> out = new ArrayList<>();
        for (Column column : schema.getColumns()) {
            Optional<ExistingColumn> existing = table.column(column.getName());
            if (!existing.isPresent()) {
                out.add("column " + column.getName() + " is missing");
            } else if (!sameType(table, existing.get(), column.getType())) {
                out.add(
                        "column "
                                + column.getName()
                                + " is "
                                + existing.get().sqlType()
                                + ", not "
                                + sqlTypeFor(table, column.getName(), column.getType()));
            }
        }
        for (ExistingColumn existing : table.columns()) {
            if (schema.getColumnNames().stream()
                    .noneMatch(n -> table.sameName(n, existing.name()))) {
                out.add("column " + existing.name() + " is not in the event");
            }
        }
        if (!sameNames(table, table.primaryKey(), schema.primaryKeys())) {
            out.add("primary key is " + table.primaryKey() + ", not " + schema.primaryKeys());
        }
        return out;
    }

    private static boolean sameNames(ExistingTable table, List<String> a, List<String> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (!table.sameName(a.get(i), b.get(i))) {
                return false;
            }
        }
        return true;
    }

    private void handleAddColumn(TablePath path, AddColumnEvent event) throws SQLException {
        ExistingTable table = required(path, event);
        if (table == null) {
            return;
        }
        for (AddColumnEvent.ColumnWithPosition added : event.getAddedColumns()) {
            Column column = added.getAddColumn();
            Optional<ExistingColumn> existing = table.column(column.getName());
            if (existing.isPresent()) {
                if (sameType(table, existing.get(), column.getType())) {
                    LOG.info(
                            "{} sink: column {} of {} exists with that type; nothing to do",
                            dialect,
                            column.getName(),
                            path);
                } else {
                    skip(
                            event,
                            path,
                            "column "
                                    + column.getName()
                                    + " exists with type "
                                    + existing.get().sqlType()
                                    + ", not "
                                    + sqlTypeFor(table, column.getName(), column.getType()));
                }
                continue;
            }
            dialect.checkIdentifier(column.getName(), "column");
            boolean nullable = column.getType().isNullable();
            if (!nullable) {
                LOG.warn(
                        "{} sink: column {} of {} is added nullable, not NOT NULL: the rows the"
                                + " table holds have no value for it",
                        dialect,
                        column.getName(),
                        path);
            }
            for (String sql :
                    dialect.addColumn(path, column, true, placement(table, added, path))) {
                execute(sql);
            }
            table = required(path, event);
            if (table == null) {
                return;
            }
        }
    }

    /** Where the column goes; at the end, with a WARN, when the dialect cannot place columns. */
    private ColumnPlacement placement(
            ExistingTable table, AddColumnEvent.ColumnWithPosition added, TablePath path) {
        ColumnPlacement wanted = wantedPlacement(table, added, path);
        if (!wanted.isLast() && !dialect.supportsColumnPositions()) {
            LOG.warn(
                    "{} sink: {} adds columns at the end only: column {} of {} is added last, not"
                            + " {}",
                    dialect,
                    dialect,
                    added.getAddColumn().getName(),
                    path,
                    describe(added));
            return ColumnPlacement.last();
        }
        return wanted;
    }

    private ColumnPlacement wantedPlacement(
            ExistingTable table, AddColumnEvent.ColumnWithPosition added, TablePath path) {
        String anchor = added.getExistedColumnName();
        switch (added.getPosition()) {
            case FIRST:
                return ColumnPlacement.first();
            case AFTER:
            case BEFORE:
                int index = anchor == null ? -1 : table.indexOf(anchor);
                if (index < 0) {
                    LOG.warn(
                            "{} sink: column {} of {} is added last: the column it goes {} is"
                                    + " missing",
                            dialect,
                            added.getAddColumn().getName(),
                            path,
                            describe(added));
                    return ColumnPlacement.last();
                }
                if (added.getPosition() == AddColumnEvent.ColumnPosition.AFTER) {
                    return ColumnPlacement.after(table.columns().get(index).name());
                }
                return index == 0
                        ? ColumnPlacement.first()
                        : ColumnPlacement.after(table.columns().get(index - 1).name());
            case LAST:
            default:
                return ColumnPlacement.last();
        }
    }

    private static String describe(AddColumnEvent.ColumnWithPosition added) {
        return added.getPosition()
                + (added.getExistedColumnName() == null ? "" : " " + added.getExistedColumnName());
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
        ExistingTable table = required(path, event);
        if (table == null) {
            return;
        }
        List<ColumnAlteration> alterations = new ArrayList<>();
        for (Map.Entry<String, DataType> change : event.getTypeMapping().entrySet()) {
            String name = change.getKey();
            DataType newType = change.getValue();
            Optional<ExistingColumn> found = table.column(name);
            if (!found.isPresent()) {
                skip(event, path, "the table has no column " + name);
                continue;
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

    private void handleRenameColumn(TablePath path, RenameColumnEvent event) throws SQLException {
        ExistingTable table = required(path, event);
        if (table == null) {
            return;
        }
        for (Map.Entry<String, String> rename : event.getNameMapping().entrySet()) {
            String from = rename.getKey();
            String to = rename.getValue();
            Optional<ExistingColumn> old = table.column(from);
            Optional<ExistingColumn> target = table.column(to);
            boolean sameColumn = table.sameName(from, to);
            if (old.isPresent() && old.get().name().equals(to)) {
                LOG.info("{} sink: column {} of {} has its name already", dialect, to, path);
                continue;
            }
            if (old.isPresent() && (sameColumn || !target.isPresent())) {
                dialect.checkIdentifier(to, "column");
                execute(dialect.renameColumn(path, old.get().name(), to));
                table = required(path, event);
                if (table == null) {
                    return;
                }
                continue;
            }
            if (!old.isPresent() && target.isPresent()) {
                LOG.info(
                        "{} sink: column {} of {} is renamed to {} already; nothing to do",
                        dialect,
                        from,
                        path,
                        to);
                continue;
            }
            skip(
                    event,
                    path,
                    old.isPresent()
                            ? "columns " + from + " and " + to + " both exist"
                            : "neither column " + from + " nor " + to + " exists");
        }
    }

    private void handleDropColumn(TablePath path, DropColumnEvent event) throws SQLException {
        ExistingTable table = required(path, event);
        if (table == null) {
            return;
        }
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

    private void handleTruncateTable(TablePath path) throws SQLException {
        if (!read(path).isPresent()) {
            LOG.warn("{} sink: table {} does not exist; nothing to truncate", dialect, path);
            return;
        }
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

    /** The table; null (after a WARN) when it does not exist. */
    private ExistingTable required(TablePath path, SchemaChangeEvent event) throws SQLException {
        Optional<ExistingTable> table = read(path);
        if (!table.isPresent()) {
            skip(event, path, "the table does not exist");
            return null;
        }
        return table.get();
    }

    /**
     * A change (or part of one) that does not fit the table as it is: a replay of changes the
     * database has (and later ones changed further) meets such states, so it is left out with a
     * WARN naming the reason, never a failure.
     */
    private void skip(SchemaChangeEvent event, TablePath path, String reason) {
        LOG.warn(
                "{} sink: left out of {} on {}: {}",
                dialect,
                event.getType().getTag(),
                path,
                reason);
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
