package dev.schemaop.connectors.mariadb.debezium;

import dev.schemaop.connectors.mariadb.schema.DebeziumTableIds;

import io.debezium.document.Array;
import io.debezium.document.Document;
import io.debezium.document.DocumentReader;
import io.debezium.document.DocumentWriter;
import io.debezium.relational.history.AbstractSchemaHistory;
import io.debezium.relational.history.HistoryRecord;
import io.debezium.relational.history.SchemaHistoryException;
import io.debezium.relational.history.TableChanges;

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
            io.debezium.relational.history.HistoryRecordComparator comparator,
            io.debezium.relational.history.SchemaHistoryListener listener,
            boolean useCatalogBeforeSchema) {
        super.configure(config, comparator, listener, useCatalogBeforeSchema);
        records = EngineHooks.of(config).history();
    }

    @Override
    protected void storeRecord(HistoryRecord record) throws SchemaHistoryException {
        records.add(json(record));
    }

    private static String json(HistoryRecord record) {
        try {
            return DocumentWriter.defaultWriter().write(record.document());
        } catch (IOException e) {
            throw new SchemaHistoryException("Cannot write a schema history record", e);
        }
    }

    @Override
    protected void recoverRecords(Consumer<HistoryRecord> consumer) {
        for (String json : records.snapshot()) {
            try {
                Document record = DocumentReader.defaultReader().read(json);
                quoteTableIds(record);
                consumer.accept(new HistoryRecord(record));
            } catch (IOException e) {
                throw new SchemaHistoryException(
                        "Cannot read a checkpointed schema history record", e);
            }
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

    /** The records of one reader, written by Debezium's thread, read by the checkpoint. */
    static final class Records {
        private final List<String> records;

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
    }
}
