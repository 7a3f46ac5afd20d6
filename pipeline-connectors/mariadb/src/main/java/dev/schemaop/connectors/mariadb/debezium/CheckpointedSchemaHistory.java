package dev.schemaop.connectors.mariadb.debezium;

import dev.schemaop.connectors.mariadb.schema.DebeziumTableIds;

import io.debezium.document.Array;
import io.debezium.document.Document;
import io.debezium.document.DocumentReader;
import io.debezium.document.DocumentWriter;
import io.debezium.relational.history.AbstractSchemaHistory;
import io.debezium.relational.history.HistoryRecord;
import io.debezium.relational.history.HistoryRecordComparator;
import io.debezium.relational.history.SchemaHistoryException;
import io.debezium.relational.history.TableChanges;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Debezium's schema history ({@code schema.history.internal}) kept by the source reader, which puts
 * it into each checkpoint: Debezium creates this class itself, so the reader and the instance meet
 * through {@link EngineHooks}. A restored reader hands the engine the checkpoint's records;
 * Debezium replays those up to the restored offset.
 */
public class CheckpointedSchemaHistory extends AbstractSchemaHistory {
    private static final Logger LOG = LoggerFactory.getLogger(CheckpointedSchemaHistory.class);

    /** The fields of a history record's table changes (Debezium's JSON). */
    private static final String TABLE_CHANGES = "tableChanges";

    /** A table change's table, and the table's name before a rename. */
    private static final List<String> TABLE_ID_FIELDS = List.of("id", "previousId");

    private Records records;

    /**
     * A record of the history as Debezium's own snapshot writes one for a table it found: the
     * table's {@code CREATE TABLE} statement at the position the stream starts from, which Debezium
     * parses when it recovers the history (a record without table changes).
     */
    public static String createRecord(
            Map<String, ?> partition, Map<String, ?> offset, String database, String ddl) {
        HistoryRecord record =
                new HistoryRecord(
                        partition, offset, database, null, ddl, new TableChanges(), Instant.now());
        return json(record);
    }

    @Override
    public void configure(
            io.debezium.config.Configuration config,
            HistoryRecordComparator comparator,
            io.debezium.relational.history.SchemaHistoryListener listener,
            boolean useCatalogBeforeSchema) {
        super.configure(config, comparator, listener, useCatalogBeforeSchema);
        records = EngineHooks.of(config).history();
        records.readAs(comparator, useCatalogBeforeSchema);
    }

    @Override
    protected void storeRecord(HistoryRecord record) throws SchemaHistoryException {
        records.add(json(record));
    }

    private static String json(HistoryRecord record) {
        return json(record.document());
    }

    @Override
    protected void recoverRecords(Consumer<HistoryRecord> consumer) {
        for (String json : records.snapshot()) {
            consumer.accept(new HistoryRecord(read(json)));
        }
    }

    /** A record as Debezium can read it back. */
    private static Document read(String json) {
        try {
            Document record = DocumentReader.defaultReader().read(json);
            quoteTableIds(record);
            return record;
        } catch (IOException e) {
            throw new SchemaHistoryException("Cannot read a checkpointed schema history record", e);
        }
    }

    private static String json(Document record) {
        try {
            return DocumentWriter.defaultWriter().write(record);
        } catch (IOException e) {
            throw new SchemaHistoryException("Cannot write a schema history record", e);
        }
    }

    /**
     * Debezium writes the id of a table whose name begins or ends with a double quote unquoted, and
     * then fails to read it back ("Invalid identifier"): every id is rewritten quoted before
     * Debezium reads it ({@link DebeziumTableIds}).
     */
    private static void quoteTableIds(Document record) {
        Array changes = record.getArray(TABLE_CHANGES);
        if (changes == null) {
            return;
        }
        for (Array.Entry entry : changes) {
            Document change = entry.getValue().asDocument();
            for (String field : TABLE_ID_FIELDS) {
                String id = change.getString(field);
                if (id != null) {
                    change.setString(field, DebeziumTableIds.quoted(DebeziumTableIds.parse(id)));
                }
            }
        }
    }

    @Override
    public boolean exists() {
        return !records.isEmpty();
    }

    @Override
    public boolean storageExists() {
        return true;
    }

    /**
     * The records of one reader, written by Debezium's thread, read by the checkpoint. A checkpoint
     * compacts the records up to its position ({@link HistoryCompaction}): the history then holds
     * the captured tables as they stand there and the records after it, not every statement ever
     * read. Records after the checkpoint's position (read by Debezium, not yet emitted by the
     * reader) stay as they are: Debezium reads them again from the binlog after a restore.
     */
    static final class Records {
        private final List<String> records;

        /** How many leading records are already compacted: those the model holds. */
        private int compacted;

        /** How Debezium compares a record's position with another's; null until it configured. */
        @Nullable private HistoryRecordComparator comparator;

        private boolean useCatalogBeforeSchema;

        /** The leading {@link #compacted} records, replayed; null until the first compaction. */
        @Nullable private HistoryCompaction model;

        Records(List<String> restored) {
            this.records = new ArrayList<>(restored);
        }

        synchronized void add(String record) {
            records.add(record);
        }

        synchronized boolean isEmpty() {
            return records.isEmpty();
        }

        synchronized List<String> snapshot() {
            return List.copyOf(records);
        }

        synchronized void readAs(
                HistoryRecordComparator comparator, boolean useCatalogBeforeSchema) {
            this.comparator = comparator;
            this.useCatalogBeforeSchema = useCatalogBeforeSchema;
        }

        /**
         * The history for a checkpoint whose offset is {@code offset}: compacted up to there. The
         * records are folded off Debezium's thread, which goes on adding records meanwhile.
         */
        List<String> checkpoint(Map<String, ?> partition, Map<String, ?> offset) {
            List<String> now;
            int done;
            HistoryRecordComparator positions;
            synchronized (this) {
                now = List.copyOf(records);
                done = compacted;
                positions = comparator;
            }
            if (positions == null) {
                return now;
            }
            HistoryRecord stop = new HistoryRecord(partition, offset, null, null, null, null, null);
            int folded = done;
            while (folded < now.size()
                    && positions.isAtOrBefore(new HistoryRecord(read(now.get(folded))), stop)) {
                folded++;
            }
            if (folded == done || folded < 2) {
                return now;
            }
            List<String> compact = new ArrayList<>();
            try {
                if (model == null) {
                    model = new HistoryCompaction(useCatalogBeforeSchema);
                    done = 0;
                }
                List<Document> added = new ArrayList<>();
                for (String json : now.subList(done, folded)) {
                    added.add(read(json));
                }
                model.fold(added);
                for (Document record : model.records()) {
                    compact.add(json(record));
                }
            } catch (RuntimeException e) {
                model = null; // replayed in part: the next checkpoint replays the records anew
                LOG.warn(
                        "Could not compact the MariaDB source's schema history ({} records): it is"
                                + " checkpointed whole",
                        folded,
                        e);
                return now;
            }
            LOG.debug(
                    "Compacted the schema history at {}: {} records into {}",
                    offset,
                    folded,
                    compact.size());
            synchronized (this) {
                records.subList(0, folded).clear();
                records.addAll(0, compact);
                compacted = compact.size();
                return List.copyOf(records);
            }
        }
    }
}
