package dev.schemaop.connectors.mariadb.snapshot;

import dev.schemaop.api.NonRecoverableException;
import dev.schemaop.api.Secrets;
import dev.schemaop.connectors.debezium.HandOff;
import dev.schemaop.connectors.mariadb.SourceSettings;
import dev.schemaop.connectors.mariadb.check.RefusedAccess;
import dev.schemaop.connectors.mariadb.debezium.CheckpointedSchemaHistory;
import dev.schemaop.connectors.mariadb.debezium.MariaDbSourceException;
import dev.schemaop.connectors.mariadb.schema.MariaDbTypes;
import dev.schemaop.connectors.mariadb.schema.SourceColumn;

import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Reads the initial snapshot over JDBC on a thread of its own ({@link ConsistentSnapshot}): for
 * each captured table its description, then its rows as inserts, built into the pipeline's row
 * format on this thread, so reading the server and running the pipeline use two cores. Ends with
 * the binlog position the change stream starts from and the schema history Debezium starts with.
 *
 * <p>The snapshot is not resumable: a restore before it completes takes it again (as Debezium's).
 */
public final class SnapshotRunner implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SnapshotRunner.class);
    private static final int ROWS_PER_ITEM = 1024;
    private static final int ITEMS_QUEUED = 16;

    private final SourceSettings settings;
    private final HandOff<SnapshotItem> items =
            new HandOff<>(ITEMS_QUEUED, MariaDbSourceException::of);
    private final Thread thread;

    /** The snapshot being read, for close() to abort from the task thread. */
    @Nullable private volatile ConsistentSnapshot current;

    public SnapshotRunner(SourceSettings settings) {
        this.settings = settings;
        this.thread = new Thread(this::run, "mariadb-snapshot");
        this.thread.setDaemon(true);
    }

    public void start() {
        thread.start();
    }

    public List<SnapshotItem> poll(int max) {
        return items.poll(max);
    }

    public CompletableFuture<Void> available() {
        return items.available();
    }

    private void run() {
        ConsistentSnapshot snapshot = null;
        boolean done = false;
        try {
            snapshot = ConsistentSnapshot.open(settings);
            current = snapshot;
            if (items.isClosed()) {
                return;
            }
            snapshot.begin();
            BinlogPosition position = snapshot.position();
            LOG.info(
                    "Snapshot of {} table(s) consistent with binlog position {}:{} (GTIDs '{}')",
                    snapshot.tables().size(),
                    position.file(),
                    position.position(),
                    position.gtids());
            SnapshotProgress progress = new SnapshotProgress(System::nanoTime, LOG::info);
            List<String> history = new ArrayList<>();
            for (String statement : snapshot.schemaStatements()) {
                history.add(historyRecord(position, "", statement));
            }
            for (SnapshotTable table : snapshot.tables()) {
                history.add(
                        historyRecord(
                                position, table.id().getSchemaName(), table.createStatement()));
                if (table.readRows() && !read(snapshot, table, progress)) {
                    return;
                }
            }
            progress.snapshotDone();
            done = items.put(new SnapshotItem.Done(position, history));
            items.signal();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (SQLException e) {
            Optional<NonRecoverableException> refused = RefusedAccess.in(e, settings);
            items.fail(
                    refused.isPresent()
                            ? refused.get()
                            : new MariaDbSourceException(
                                    "The snapshot of the MariaDB tables failed: "
                                            + Secrets.mask(e.getMessage(), settings.secrets()),
                                    Secrets.scrub(e, settings.secrets())));
        } catch (Throwable e) {
            // a conversion, the DDL parser, or an Error: the reader reports it
            items.fail(Secrets.scrub(e, settings.secrets()));
        } finally {
            if (snapshot != null) {
                finish(snapshot, done);
            }
        }
    }

    private static String historyRecord(BinlogPosition position, String database, String ddl) {
        return CheckpointedSchemaHistory.createRecord(
                position.partition(), position.offset(), database, ddl);
    }

    /** Ends the transaction; a snapshot cut short drops its connection rather than read on. */
    private void finish(ConsistentSnapshot snapshot, boolean done) {
        current = null;
        if (!done) {
            snapshot.abort();
        }
        try {
            snapshot.close();
        } catch (SQLException e) {
            LOG.debug("Closing the snapshot's connection", e);
        }
    }

    /** Returns false when the reader closed meanwhile. */
    private boolean read(
            ConsistentSnapshot snapshot, SnapshotTable table, SnapshotProgress progress)
            throws SQLException, InterruptedException {
        Schema schema = MariaDbTypes.schemaOf(table.table());
        if (!items.put(new SnapshotItem.TableStart(table.id(), schema))) {
            return false;
        }
        List<DataType> types = schema.getColumnDataTypes();
        List<SourceColumn> columns = table.table().columns();
        ColumnReader[] readers = new ColumnReader[columns.size()];
        for (int i = 0; i < readers.length; i++) {
            readers[i] = ColumnReaders.of(columns.get(i), types.get(i));
        }
        BinaryRecordDataGenerator generator =
                new BinaryRecordDataGenerator(types.toArray(new DataType[0]));
        long count = 0;
        progress.tableStarted(table.id(), snapshot.estimatedRows(table));
        ResultSet rows = snapshot.rows(table, settings.fetchSize());
        boolean complete = false;
        try {
            List<DataChangeEvent> batch = new ArrayList<>(ROWS_PER_ITEM);
            while (rows.next()) {
                Object[] values = new Object[readers.length];
                for (int i = 0; i < readers.length; i++) {
                    values[i] = readers[i].read(rows, i + 1);
                }
                batch.add(DataChangeEvent.insertEvent(table.id(), generator.generate(values)));
                count++;
                if (batch.size() == ROWS_PER_ITEM) {
                    if (!items.put(new SnapshotItem.Rows(table.id(), batch))) {
                        return false;
                    }
                    progress.rowsRead(count);
                    batch = new ArrayList<>(ROWS_PER_ITEM);
                }
            }
            if (!batch.isEmpty() && !items.put(new SnapshotItem.Rows(table.id(), batch))) {
                return false;
            }
            complete = true;
        } finally {
            if (!complete) {
                snapshot.abort(); // closing a streamed result part-read would read it all first
            }
            try {
                rows.close();
            } catch (SQLException afterAbort) {
                if (complete) {
                    throw afterAbort;
                }
            }
        }
        items.signal();
        progress.tableDone(count);
        return true;
    }

    @Override
    public void close() throws InterruptedException {
        items.close();
        ConsistentSnapshot snapshot = current;
        if (snapshot != null) {
            snapshot.abort(); // a wait for the lock or a streamed result ends at once
        }
        thread.interrupt();
        thread.join(30_000);
    }
}
