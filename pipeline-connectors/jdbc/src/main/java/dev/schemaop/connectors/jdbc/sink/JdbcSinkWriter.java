package dev.schemaop.connectors.jdbc.sink;

import dev.schemaop.api.NonRecoverableException;
import dev.schemaop.connectors.jdbc.catalog.TablePath;
import dev.schemaop.connectors.jdbc.connection.ConnectionCheck;
import dev.schemaop.connectors.jdbc.connection.JdbcConnectionOptions;
import dev.schemaop.connectors.jdbc.connection.RetryingConnection;
import dev.schemaop.connectors.jdbc.dialect.JdbcDialect;
import dev.schemaop.connectors.jdbc.dialect.SqlErrors;

import org.apache.flink.api.common.operators.ProcessingTimeService;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.utils.SchemaUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the rows of one sink subtask. It keeps every table's current schema from the {@code
 * CreateTableEvent} and the applied schema changes it receives, buffers row changes ({@link
 * RowBuffer}) and flushes them as JDBC batches of prepared statements (cached per table version) in
 * one transaction: when {@code sink.buffer-flush.max-rows} changes are buffered, when {@code
 * sink.buffer-flush.interval} passed since the first of them (a processing-time timer, which runs
 * in the task's thread), on every {@link #flush} (the runtime's flush before a schema change, and
 * Flink's before every checkpoint), and before it applies a schema change to its own view.
 *
 * <p>Writes are idempotent for tables with a primary key (upserts and deletes by key), so a replay
 * after a failover leaves the same rows (at least once). A flush that fails with a transient error
 * or a lost connection is rolled back and run again on a fresh connection ({@code
 * sink.max-retries}); then the writer fails, and the task with it.
 */
public class JdbcSinkWriter implements SinkWriter<Event> {
    private static final Logger LOG = LoggerFactory.getLogger(JdbcSinkWriter.class);

    private final JdbcDialect dialect;
    private final JdbcConnectionOptions connectionOptions;
    private final WriteOptions options;
    private final int subtask;
    @Nullable private final ProcessingTimeService timeService;
    private final RetryingConnection connection;
    private final StatementCache statements = new StatementCache();
    private final Map<TableId, TableWriteState> tables = new HashMap<>();
    private final RowBuffer buffer = new RowBuffer();

    private int versions;
    @Nullable private String defaultSchema;
    private boolean timerPending;
    private long firstBufferedAt = -1;
    private boolean closed;

    public JdbcSinkWriter(
            JdbcDialect dialect,
            JdbcConnectionOptions connectionOptions,
            WriteOptions options,
            int subtask,
            @Nullable ProcessingTimeService timeService) {
        this.dialect = dialect;
        this.connectionOptions = connectionOptions;
        this.options = options;
        this.subtask = subtask;
        this.timeService = timeService;
        this.connection =
                new RetryingConnection(
                        dialect,
                        connectionOptions,
                        dialect.identifier() + "-sink-writer-" + subtask,
                        options.maxRetries(),
                        false);
    }

    @Override
    public void write(Event event, Context context) throws IOException {
        if (event instanceof DataChangeEvent) {
            bufferRowChange((DataChangeEvent) event);
            if (buffer.rowChanges() >= options.maxBufferedRows()) {
                flushBuffer();
            } else {
                flushLater();
            }
        } else if (event instanceof SchemaChangeEvent) {
            flushBuffer();
            applySchemaChange((SchemaChangeEvent) event);
        }
    }

    // ---------------------------------------------------------------------------------------
    // Schemas

    private void applySchemaChange(SchemaChangeEvent event) {
        TableId tableId = event.tableId();
        statements.forget(tableId);
        if (event instanceof CreateTableEvent) {
            putSchema(tableId, ((CreateTableEvent) event).getSchema());
        } else if (event instanceof DropTableEvent) {
            tables.remove(tableId);
        } else if (!(event instanceof TruncateTableEvent)) {
            TableWriteState current = tables.get(tableId);
            if (current == null) {
                throw new IllegalStateException(
                        dialect
                                + " sink writer "
                                + subtask
                                + " received "
                                + event
                                + " for table "
                                + tableId
                                + " before its CreateTableEvent");
            }
            putSchema(tableId, SchemaUtils.applySchemaChangeEvent(current.schema(), event));
        }
    }

    private void putSchema(TableId tableId, Schema schema) {
        TablePath path = dialect.resolve(tableId, this::defaultSchema);
        tables.put(tableId, new TableWriteState(dialect, tableId, path, schema, ++versions));
    }

    /** The schema of table ids without one (PostgreSQL: the connection's current schema). */
    private String defaultSchema() {
        if (defaultSchema == null) {
            try {
                defaultSchema =
                        connection.run(
                                "reading the default schema",
                                c -> dialect.catalog().defaultSchema(c));
            } catch (SQLException e) {
                throw new IllegalStateException(failure("read the default schema", e), scrub(e));
            }
        }
        return defaultSchema;
    }

    // ---------------------------------------------------------------------------------------
    // Rows

    private void bufferRowChange(DataChangeEvent event) {
        TableWriteState table = tables.get(event.tableId());
        if (table == null) {
            throw new IllegalStateException(
                    dialect
                            + " sink writer "
                            + subtask
                            + " received a row for table "
                            + event.tableId()
                            + " without a schema for it (no CreateTableEvent, or the table was"
                            + " dropped)");
        }
        switch (event.op()) {
            case INSERT:
            case REPLACE:
                bufferWrite(table, table.values(event.after()));
                break;
            case UPDATE:
                {
                    Object[] after = table.values(event.after());
                    if (event.before() != null) {
                        Object[] before = table.values(event.before());
                        if (!table.hasPrimaryKey() || !table.sameKey(before, after)) {
                            bufferDelete(table, before);
                        }
                    }
                    bufferWrite(table, after);
                    break;
                }
            case DELETE:
                bufferDelete(table, table.values(event.before()));
                break;
            default:
                throw new IllegalStateException("Unknown operation " + event.op());
        }
    }

    private void bufferWrite(TableWriteState table, Object[] values) {
        requireStorable(table, values, false);
        if (table.hasPrimaryKey()) {
            buffer.add(table, RowOperation.UPSERT, values, table.keyValues(values));
        } else {
            buffer.add(table, RowOperation.INSERT, values, null);
        }
    }

    private void bufferDelete(TableWriteState table, Object[] values) {
        requireStorable(table, values, table.hasPrimaryKey());
        if (table.hasPrimaryKey()) {
            Object[] key = table.keyValues(values);
            buffer.add(table, RowOperation.DELETE_BY_KEY, key, key);
        } else {
            buffer.add(table, RowOperation.DELETE_ONE_ROW, values, null);
        }
    }

    /**
     * Fails the writer (and the job: a restart would meet the same row) before the row reaches a
     * batch when the database cannot store one of the values it binds: nothing is changed or
     * dropped silently.
     */
    private void requireStorable(TableWriteState table, Object[] values, boolean keyOnly) {
        String why = table.unstorable(values, keyOnly);
        if (why == null) {
            return;
        }
        throw new NonRecoverableException(
                dialect
                        + " sink writer "
                        + subtask
                        + " cannot write a row of table "
                        + table.path()
                        + (table.hasPrimaryKey()
                                ? " (primary key " + table.describeKey(values) + ")"
                                : " (a table without primary key)")
                        + ": "
                        + why
                        + ". The sink changes and drops no value by itself: correct the value at"
                        + " the source, or give the column a type that holds it, then restart the"
                        + " pipeline from its last checkpoint");
    }

    // ---------------------------------------------------------------------------------------
    // Flushing

    /** Makes sure buffered rows are flushed within the interval. */
    private void flushLater() throws IOException {
        long interval = options.flushIntervalMillis();
        if (interval <= 0 || buffer.isEmpty()) {
            return;
        }
        if (timeService != null) {
            if (!timerPending) {
                timerPending = true;
                timeService.registerTimer(
                        timeService.getCurrentProcessingTime() + interval, time -> onTimer());
            }
            return;
        }
        long now = System.currentTimeMillis();
        if (firstBufferedAt < 0) {
            firstBufferedAt = now;
        } else if (now - firstBufferedAt >= interval) {
            flushBuffer();
        }
    }

    private void onTimer() throws IOException {
        timerPending = false;
        if (!closed) {
            flushBuffer();
        }
    }

    @Override
    public void flush(boolean endOfInput) throws IOException {
        flushBuffer();
    }

    private void flushBuffer() throws IOException {
        firstBufferedAt = -1;
        if (buffer.isEmpty()) {
            return;
        }
        List<RowBatch> batches = buffer.batches();
        RowBatch[] failing = new RowBatch[1];
        try {
            connection.run(
                    "writing " + buffer.rowChanges() + " row change(s)",
                    c -> {
                        failing[0] = null;
                        for (RowBatch batch : batches) {
                            failing[0] = batch;
                            execute(c, batch);
                        }
                        failing[0] = null;
                        return null;
                    });
        } catch (SQLException e) {
            statements.close();
            String message =
                    failure(
                            failing[0] == null
                                    ? "write " + buffer.rowChanges() + " row change(s)"
                                    : "write the " + failing[0],
                            e);
            if (SqlErrors.isAuthentication(e) || SqlErrors.isPrivilege(e)) {
                // a restart would meet the same refusal: the job ends
                throw new NonRecoverableException(message, scrub(e));
            }
            throw new IOException(message, scrub(e));
        }
        LOG.debug(
                "{} sink writer {} flushed {} row change(s) in {} batch(es)",
                dialect,
                subtask,
                buffer.rowChanges(),
                batches.size());
        buffer.clear();
    }

    private void execute(Connection c, RowBatch batch) throws SQLException {
        TableWriteState table = batch.table();
        PreparedStatement statement = statements.get(c, table, batch.operation());
        List<DataType> types = table.parameterTypes(batch.operation());
        for (Object[] parameters : batch.parameters()) {
            for (int i = 0; i < parameters.length; i++) {
                dialect.bind(statement, i + 1, parameters[i], types.get(i));
            }
            statement.addBatch();
        }
        statement.executeBatch();
    }

    private String failure(String what, SQLException e) {
        String prefix = dialect + " sink writer " + subtask + " could not " + what + ". ";
        if (SqlErrors.isAuthentication(e)
                || SqlErrors.isConnectionFailure(e)
                || SqlErrors.isPrivilege(e)) {
            return prefix + ConnectionCheck.describe(dialect, connectionOptions, e);
        }
        return prefix
                + "The database ("
                + connectionOptions.describe()
                + ") answered: "
                + connectionOptions.scrub(SqlErrors.message(e))
                + (SqlErrors.isTransient(e)
                        ? " (failed " + (options.maxRetries() + 1) + " times; sink.max-retries)"
                        : "");
    }

    private Throwable scrub(Throwable e) {
        return connectionOptions.scrub(e);
    }

    @Override
    public void close() {
        closed = true;
        statements.close();
        connection.close();
    }

    @Override
    public String toString() {
        return "JdbcSinkWriter{" + dialect + ", subtask " + subtask + "}";
    }
}
