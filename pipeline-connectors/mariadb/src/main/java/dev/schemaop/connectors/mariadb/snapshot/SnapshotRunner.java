package dev.schemaop.connectors.mariadb.snapshot;

import dev.schemaop.connectors.mariadb.SourceSettings;
import dev.schemaop.connectors.mariadb.debezium.CheckpointedSchemaHistory;
import dev.schemaop.connectors.mariadb.debezium.MariaDbSourceException;
import dev.schemaop.connectors.mariadb.handoff.HandOff;
import dev.schemaop.connectors.mariadb.schema.MariaDbTypes;
import dev.schemaop.connectors.mariadb.schema.SourceColumn;

import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
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
    private final HandOff<SnapshotItem> items = new HandOff<>(ITEMS_QUEUED);
    private final Thread thread;

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
        try (ConsistentSnapshot snapshot = ConsistentSnapshot.begin(settings)) {
            LOG.info(
                    "Snapshot of {} table(s) consistent with binlog position {}:{} (GTIDs '{}')",
                    snapshot.tables().size(),
                    snapshot.position().file(),
                    snapshot.position().position(),
                    snapshot.position().gtids());
            List<String> history = new ArrayList<>();
            for (SnapshotTable table : snapshot.tables()) {
                history.add(
                        CheckpointedSchemaHistory.createRecord(
                                snapshot.position().partition(),
                                snapshot.position().offset(),
                                table.id().getSchemaName(),
                                table.createStatement()));
                if (table.readRows() && !read(snapshot, table)) {
                    return;
                }
            }
            items.put(new SnapshotItem.Done(snapshot.position(), history));
            items.signal();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (SQLException e) {
            items.fail(
                    new MariaDbSourceException(
                            "The snapshot of the MariaDB tables failed: " + e.getMessage(), e));
        } catch (RuntimeException e) {
            items.fail(e);
        }
    }

    /** Returns false when the reader closed meanwhile. */
    private boolean read(ConsistentSnapshot snapshot, SnapshotTable table)
            throws SQLException, InterruptedException {
        Schema schema = MariaDbTypes.schemaOf(table.table());
        if (!items.put(new SnapshotItem.TableStart(table.id(), table.table(), schema))) {
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
        try (ResultSet rows = snapshot.rows(table, settings.fetchSize())) {
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
                    batch = new ArrayList<>(ROWS_PER_ITEM);
                }
            }
            if (!batch.isEmpty() && !items.put(new SnapshotItem.Rows(table.id(), batch))) {
                return false;
            }
        }
        items.signal();
        LOG.info("Snapshot of {}: {} row(s)", table.id(), count);
        return true;
    }

    @Override
    public void close() throws InterruptedException {
        items.close();
        thread.interrupt();
        thread.join(30_000);
    }
}
