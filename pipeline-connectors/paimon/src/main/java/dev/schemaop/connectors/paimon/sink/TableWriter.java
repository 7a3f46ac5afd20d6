package dev.schemaop.connectors.paimon.sink;

import dev.schemaop.connectors.paimon.types.RowConverter;

import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.memory.MemoryPoolFactory;
import org.apache.paimon.table.BucketMode;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.CommitMessageImpl;
import org.apache.paimon.table.sink.TableWriteImpl;
import org.apache.paimon.types.RowKind;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Paimon's own writer ({@code TableWriteImpl}) for one table at one schema: a schema change
 * replaces it by one on the new schema that carries its state on ({@link #checkpoint}). Primary-key
 * tables take upserts and deletes (Paimon's merge engine keeps the last row per key); a table
 * without a key is an append table: an update adds its new row, a delete cannot be written and is
 * counted.
 */
final class TableWriter implements AutoCloseable {
    private final FileStoreTable table;
    private final String uuid;

    @SuppressWarnings("rawtypes")
    private final TableWriteImpl write;

    private final RowConverter rows;
    private final int[] keyPositions;
    private long deletesNotWritten;

    TableWriter(
            FileStoreTable table,
            Schema pipeline,
            String commitUser,
            IOManager ioManager,
            MemoryPoolFactory memory,
            boolean caseSensitive,
            List<?> carriedState) {
        BucketMode mode = table.bucketMode();
        if (mode != BucketMode.HASH_FIXED && mode != BucketMode.BUCKET_UNAWARE) {
            throw new IllegalStateException(
                    "Paimon table "
                            + table.fullName()
                            + " has bucket = "
                            + table.coreOptions().bucket()
                            + " ("
                            + mode
                            + "); the Paimon sink writes primary-key tables with a fixed number"
                            + " of buckets. Give the table a bucket count (Paimon's rescale"
                            + " procedure), or let the sink create it (table.properties.bucket)");
        }
        this.table = table;
        this.uuid = table.uuid();
        this.rows = new RowConverter(pipeline, table.schema().fields(), caseSensitive);
        this.keyPositions = table.schema().projection(table.schema().primaryKeys());
        this.write =
                (TableWriteImpl)
                        table.newStreamWriteBuilder().withCommitUser(commitUser).newWrite();
        try {
            write.withIOManager(ioManager);
            write.withMemoryPoolFactory(memory);
            if (!carriedState.isEmpty()) {
                write.restore(carriedState);
            }
        } catch (RuntimeException e) {
            closeQuietly(e);
            throw e;
        }
    }

    private void closeQuietly(Exception cause) {
        try {
            write.close();
        } catch (Exception e) {
            cause.addSuppressed(e);
        }
    }

    boolean hasPrimaryKey() {
        return keyPositions.length > 0;
    }

    void write(DataChangeEvent event) throws Exception {
        switch (event.op()) {
            case INSERT:
            case REPLACE:
                write.write(rows.convert(event.after(), RowKind.INSERT));
                break;
            case UPDATE:
                GenericRow after = rows.convert(event.after(), RowKind.UPDATE_AFTER);
                if (hasPrimaryKey()) {
                    GenericRow before = rows.convert(event.before(), RowKind.DELETE);
                    if (!sameKey(before, after)) {
                        write.write(before); // the row moved to another key
                    }
                } else {
                    after.setRowKind(RowKind.INSERT);
                }
                write.write(after);
                break;
            case DELETE:
                if (hasPrimaryKey()) {
                    write.write(rows.convert(event.before(), RowKind.DELETE));
                } else {
                    deletesNotWritten++;
                }
                break;
            default:
                throw new IllegalArgumentException("Unknown operation " + event.op());
        }
    }

    private boolean sameKey(GenericRow before, GenericRow after) {
        for (int position : keyPositions) {
            if (!Objects.equals(before.getField(position), after.getField(position))) {
                return false;
            }
        }
        return true;
    }

    /** The deletes of an append table since the last call. */
    long takeDeletesNotWritten() {
        long count = deletesNotWritten;
        deletesNotWritten = 0;
        return count;
    }

    /**
     * Writes what is buffered into data files and returns the writer's state: its files not yet
     * committed, and each bucket's next sequence number. A writer on the table's next schema
     * carries on from it, as Paimon's own CDC sink does when a schema changes: its rows must come
     * after these in each key's order, and these files go into its next commit.
     */
    List<?> checkpoint() throws Exception {
        return write.checkpoint();
    }

    /**
     * Writes what is buffered into data files; the commit messages of the buckets with new files or
     * a compaction, or null when there are none (the table then gets no commit). {@code identifier}
     * numbers them for Paimon's bookkeeping of committed buckets.
     */
    @SuppressWarnings("unchecked")
    WrittenFiles prepareCommit(Identifier id, long identifier) throws Exception {
        // Read before the files are handed over: a truncate the committer finds after this
        // snapshot was applied after these rows were written.
        long writtenAfter = Truncations.latestSnapshot(table);
        List<CommitMessage> messages = new ArrayList<>(write.prepareCommit(false, identifier));
        messages.removeIf(message -> ((CommitMessageImpl) message).isEmpty());
        if (messages.isEmpty()) {
            return null;
        }
        return new WrittenFiles(id, uuid, writtenAfter, messages);
    }

    String name() {
        return table.fullName();
    }

    @Override
    public void close() throws Exception {
        write.close();
    }
}
