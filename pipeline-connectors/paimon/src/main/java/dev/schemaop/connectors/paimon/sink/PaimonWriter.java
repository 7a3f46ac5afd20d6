package dev.schemaop.connectors.paimon.sink;

import dev.schemaop.connectors.paimon.catalog.CatalogSettings;
import dev.schemaop.connectors.paimon.catalog.TableNames;

import org.apache.flink.api.connector.sink2.CommittingSinkWriter;
import org.apache.flink.api.connector.sink2.StatefulSinkWriter;
import org.apache.flink.cdc.common.event.ChangeEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.utils.SchemaUtils;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MetricGroup;
import org.apache.paimon.CoreOptions;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.memory.HeapMemorySegmentPool;
import org.apache.paimon.memory.MemoryPoolFactory;
import org.apache.paimon.table.FileStoreTable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One sink subtask's writer. It keeps each table's schema from the events it receives, writes rows
 * through a {@link TableWriter} per table, and at each checkpoint hands over what it wrote as one
 * {@link WrittenFiles} per table; the job's one committer commits them once the checkpoint
 * completed.
 *
 * <p>A schema change of a table replaces its writer by one on the new schema that carries on with
 * the old one's files and sequence numbers: there is no commit in between, and a failover before
 * the next checkpoint loses nothing (the rows come again from the source). The runtime flushes
 * before every schema change; a Paimon writer has nothing to flush before its checkpoint, as
 * nothing it wrote is visible before the commit.
 *
 * <p>Paimon's writers are opened under the job's commit user and number the files they hand over by
 * the checkpoint after the last one this writer took ({@link #snapshotState}, the restored one at
 * first): with the committer's ids (checkpoint ids, {@link CommitGatherer}) Paimon then tells which
 * buckets have everything committed and closes the writers of those that went idle.
 */
final class PaimonWriter
        implements CommittingSinkWriter<Event, WrittenFiles>, StatefulSinkWriter<Event, Void> {
    private static final Logger LOG = LoggerFactory.getLogger(PaimonWriter.class);

    private final CatalogSettings settings;
    private final String commitUser;
    private final MetricGroup metrics;
    private final Map<TableId, Schema> schemas = new HashMap<>();
    private final Map<TableId, TableWriter> writers = new HashMap<>();
    private final Map<TableId, Counter> deletesNotWritten = new HashMap<>();

    private Catalog catalog;
    private IOManager ioManager;
    private MemoryPoolFactory memory;
    private long lastCheckpoint;

    PaimonWriter(
            CatalogSettings settings,
            String commitUser,
            long restoredCheckpoint,
            MetricGroup metrics) {
        this.settings = settings;
        this.commitUser = commitUser;
        this.lastCheckpoint = restoredCheckpoint;
        this.metrics = metrics;
    }

    @Override
    public void write(Event event, Context context) throws IOException, InterruptedException {
        try {
            if (event instanceof DataChangeEvent) {
                DataChangeEvent change = (DataChangeEvent) event;
                writerOf(change.tableId()).write(change);
            } else if (event instanceof SchemaChangeEvent) {
                apply((SchemaChangeEvent) event);
            }
        } catch (IOException | InterruptedException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(
                    "The Paimon sink could not write table "
                            + (event instanceof ChangeEvent
                                    ? ((ChangeEvent) event).tableId()
                                    : event)
                            + " ("
                            + settings
                            + "): "
                            + settings.mask(e.getMessage()),
                    settings.scrub(e));
        }
    }

    private void apply(SchemaChangeEvent event) throws Exception {
        TableId table = event.tableId();
        if (event instanceof TruncateTableEvent || event instanceof DropTableEvent) {
            // What was written before is not committed yet: the table's new state has none of it.
            closeWriter(table);
            if (event instanceof DropTableEvent) {
                schemas.remove(table);
            }
            return;
        }
        if (event instanceof CreateTableEvent) {
            // Not only a new table: the runtime also restates a table's schema this way (a
            // writer that missed versions), and the rows written so far must stay.
            schemas.put(table, ((CreateTableEvent) event).getSchema());
        } else {
            Schema schema = schemas.get(table);
            if (schema == null) {
                throw new IllegalStateException(
                        "The Paimon sink received " + event + " before the table's schema");
            }
            schemas.put(table, SchemaUtils.applySchemaChangeEvent(schema, event));
        }
        if (writers.containsKey(table)) {
            replaceWriter(table);
        }
    }

    /**
     * The applier changed the table before the event reached this writer: the writer on the new
     * schema carries on with the old one's files and sequence numbers.
     */
    private void replaceWriter(TableId table) throws Exception {
        TableWriter old = writers.get(table);
        List<?> state;
        try {
            state = old.checkpoint();
            countDeletesNotWritten(table, old);
        } finally {
            writers.remove(table);
            old.close();
        }
        writers.put(table, open(table, state));
    }

    private TableWriter writerOf(TableId table) throws Exception {
        TableWriter writer = writers.get(table);
        if (writer == null) {
            writer = open(table, List.of());
            writers.put(table, writer);
        }
        return writer;
    }

    private TableWriter open(TableId table, List<?> carriedState) throws Exception {
        Schema schema = schemas.get(table);
        if (schema == null) {
            throw new IllegalStateException(
                    "The Paimon sink received a row of " + table + " before its schema");
        }
        FileStoreTable paimon = (FileStoreTable) catalog().getTable(TableNames.identifier(table));
        return new TableWriter(
                paimon,
                schema,
                commitUser,
                ioManager(),
                memory(paimon),
                catalog().caseSensitive(),
                carriedState);
    }

    private void closeWriter(TableId table) throws Exception {
        TableWriter writer = writers.remove(table);
        if (writer != null) {
            countDeletesNotWritten(table, writer);
            writer.close();
        }
    }

    @Override
    public void flush(boolean endOfInput) {
        // Nothing is visible before the commit: files are written at prepareCommit.
    }

    @Override
    public Collection<WrittenFiles> prepareCommit() throws IOException {
        long identifier = lastCheckpoint + 1;
        List<WrittenFiles> written = new ArrayList<>();
        try {
            for (Map.Entry<TableId, TableWriter> entry : writers.entrySet()) {
                WrittenFiles files =
                        entry.getValue()
                                .prepareCommit(TableNames.identifier(entry.getKey()), identifier);
                countDeletesNotWritten(entry.getKey(), entry.getValue());
                if (files != null) {
                    written.add(files);
                }
            }
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(
                    "The Paimon sink could not write its files to " + settings, settings.scrub(e));
        }
        return written;
    }

    /** Nothing to keep: the checkpoint's id is what the writer needs ({@link PaimonSink}). */
    @Override
    public List<Void> snapshotState(long checkpointId) {
        lastCheckpoint = checkpointId;
        return List.of();
    }

    private void countDeletesNotWritten(TableId table, TableWriter writer) {
        long deletes = writer.takeDeletesNotWritten();
        if (deletes > 0) {
            Counter counter = deletesNotWritten.get(table);
            if (counter == null) {
                LOG.warn(
                        "Paimon table {} has no primary key (an append table): deletes of its"
                                + " rows cannot be written and are counted in the metric"
                                + " table.{}.deletesNotWritten. Give the table a primary key to"
                                + " keep deletes.",
                        writer.name(),
                        table);
                counter = metrics.addGroup("table", table.toString()).counter("deletesNotWritten");
                deletesNotWritten.put(table, counter);
            }
            counter.inc(deletes);
        }
    }

    private Catalog catalog() {
        if (catalog == null) {
            catalog = settings.open();
        }
        return catalog;
    }

    /**
     * One write buffer for all the tables of this subtask, as Paimon's own multi-table sink has it:
     * a buffer per table ({@code write-buffer-size}, 256 MB by default) would grow with the number
     * of tables. Sized by the first table's options; a full buffer is flushed by its largest user.
     */
    private MemoryPoolFactory memory(FileStoreTable table) {
        if (memory == null) {
            CoreOptions options = table.coreOptions();
            memory =
                    new MemoryPoolFactory(
                            new HeapMemorySegmentPool(
                                    options.writeBufferSize(), options.pageSize()));
        }
        return memory;
    }

    private IOManager ioManager() {
        if (ioManager == null) {
            ioManager = IOManager.create(System.getProperty("java.io.tmpdir"));
        }
        return ioManager;
    }

    @Override
    public void close() throws Exception {
        Exception failure = null;
        for (TableWriter writer : writers.values()) {
            try {
                writer.close();
            } catch (Exception e) {
                failure = e;
            }
        }
        writers.clear();
        try {
            if (ioManager != null) {
                ioManager.close();
            }
        } finally {
            if (catalog != null) {
                catalog.close();
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
