package dev.schemaop.connectors.postgres.snapshot;

import static dev.schemaop.connectors.postgres.catalog.Identifiers.quote;

import dev.schemaop.connectors.postgres.PostgresSourceSettings;
import dev.schemaop.connectors.postgres.catalog.Layouts;
import dev.schemaop.connectors.postgres.catalog.TableLayout;
import dev.schemaop.connectors.postgres.slot.ReplicationSlots.ExportedSnapshot;
import dev.schemaop.connectors.postgres.values.JdbcValues;

import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Reads the captured tables under a replication slot's exported snapshot: the tables' layouts and
 * then their rows, a batch per call, on the reader's thread. What it reads is exactly the database
 * at the slot's consistent point, so the slot's stream continues it without a gap or a double.
 */
public final class SnapshotReader implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SnapshotReader.class);
    private static final long PROGRESS_EVERY = 100_000;

    private final Connection connection;
    private final int fetchSize;
    private final List<TableLayout> described;
    private final Deque<TableLayout> tables;
    private final int tableCount;
    @Nullable private TableLayout current;
    @Nullable private Statement statement;
    @Nullable private ResultSet rows;
    @Nullable private BinaryRecordDataGenerator generator;
    private List<DataType> types = List.of();
    private long rowsOfTable;
    private long rowsInAll;

    /** What one call gives: a table to be described, its rows, or the end. */
    public sealed interface Step permits TableStart, Rows, Done {}

    public record TableStart(TableLayout table) implements Step {}

    public record Rows(TableLayout table, List<RecordData> rows) implements Step {}

    public record Done(long rows) implements Step {}

    /**
     * Opens a transaction on the exported snapshot and reads the captured tables' layouts in it.
     * The slot's connection may close once this returns.
     */
    public static SnapshotReader open(
            Connection connection,
            ExportedSnapshot snapshot,
            PostgresSourceSettings settings,
            Predicate<TableLayout> captured)
            throws SQLException {
        connection.setAutoCommit(false);
        connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
        try (Statement statement = connection.createStatement()) {
            statement.execute("SET TRANSACTION SNAPSHOT '" + snapshot.name() + "'");
        }
        return new SnapshotReader(
                connection, settings.fetchSize(), Layouts.read(connection, captured));
    }

    private SnapshotReader(Connection connection, int fetchSize, List<TableLayout> tables) {
        this.connection = connection;
        this.fetchSize = fetchSize;
        this.described = List.copyOf(tables);
        this.tables = new ArrayDeque<>(tables);
        this.tableCount = tables.size();
        LOG.info(
                "Snapshot of {} table(s): {}",
                tableCount,
                tables.stream().map(t -> t.id().toString()).collect(Collectors.joining(", ")));
    }

    /** The captured tables' layouts at the snapshot. */
    public List<TableLayout> tables() {
        return described;
    }

    /** The next step: at most {@code maxRows} rows. */
    public Step next(int maxRows) throws SQLException {
        if (rows == null) {
            current = tables.poll();
            if (current == null) {
                connection.commit();
                LOG.info("Snapshot done: {} table(s), {} row(s)", tableCount, rowsInAll);
                return new Done(rowsInAll);
            }
            startTable(current);
            return new TableStart(current);
        }
        List<RecordData> batch = new ArrayList<>(Math.min(maxRows, fetchSize));
        while (batch.size() < maxRows && rows.next()) {
            Object[] values = new Object[types.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] =
                        JdbcValues.read(rows, i + 1, types.get(i), current.columns().get(i).name());
            }
            batch.add(generator.generate(values));
            rowsOfTable++;
            rowsInAll++;
            if (rowsOfTable % PROGRESS_EVERY == 0) {
                LOG.info("Snapshot of {}: {} rows so far", current.id(), rowsOfTable);
            }
        }
        if (batch.size() < maxRows) {
            LOG.info(
                    "Snapshot of {} done: {} rows ({} of {} tables)",
                    current.id(),
                    rowsOfTable,
                    tableCount - tables.size(),
                    tableCount);
            closeTable();
        }
        return new Rows(current, batch);
    }

    private void startTable(TableLayout table) throws SQLException {
        Schema schema = table.pipelineSchema();
        types = schema.getColumnDataTypes();
        generator = new BinaryRecordDataGenerator(types.toArray(new DataType[0]));
        String columns =
                table.columns().stream()
                        .map(c -> quote(c.name()))
                        .collect(Collectors.joining(", "));
        statement = connection.createStatement();
        statement.setFetchSize(fetchSize);
        rows =
                statement.executeQuery(
                        "SELECT "
                                + (columns.isEmpty() ? "1" : columns)
                                + " FROM "
                                + quote(table.schema())
                                + "."
                                + quote(table.table()));
        rowsOfTable = 0;
    }

    private void closeTable() throws SQLException {
        rows.close();
        statement.close();
        rows = null;
        statement = null;
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
