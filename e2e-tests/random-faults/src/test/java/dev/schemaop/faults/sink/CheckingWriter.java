package dev.schemaop.faults.sink;

import dev.schemaop.faults.sink.CheckingStore.RowWrite;

import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.data.StringData;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.OperationType;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.utils.SchemaUtils;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A writer as a database client is one: it only writes rows. It knows each table's schema only from
 * the events it receives (never from the table), buffers rows and writes them on flush, as a
 * batching JDBC writer does. It flags a row whose width is not that of the schema it holds, and a
 * row written while the table's actual columns differ from that schema: a real database would
 * reject such a row or store it wrong.
 */
class CheckingWriter implements SinkWriter<Event> {
    private final CheckingStore store;
    private final SinkFaults faults;
    private final int subtask;
    private final boolean checkTables;
    private final Map<TableId, Schema> schemas = new HashMap<>();
    private final Map<TableId, List<RecordData.FieldGetter>> getters = new HashMap<>();
    private final List<Buffered> buffer = new ArrayList<>();

    /** A row waiting for the next flush, and the columns the writer wrote it for. */
    private record Buffered(RowWrite write, List<Column> columns) {}

    /**
     * @param checkTables whether rows are also checked against the table's actual columns (a
     *     database's view); without, only against the schema this writer received
     */
    CheckingWriter(String storeName, SinkFaults faults, int subtask, boolean checkTables) {
        this.store = CheckingStore.named(storeName);
        this.faults = faults;
        this.subtask = subtask;
        this.checkTables = checkTables;
    }

    @Override
    public void write(Event event, Context context) {
        if (event instanceof DataChangeEvent row) {
            List<Column> columns = checkedColumns(row);
            RowWrite write = decode(row);
            faults.stopIf(write.key(), store);
            buffer.add(new Buffered(write, columns));
        } else if (event instanceof SchemaChangeEvent change) {
            learn(change);
        } else {
            fail("an event that is neither a row nor a schema change: " + event);
        }
    }

    private void learn(SchemaChangeEvent change) {
        TableId table = change.tableId();
        getters.remove(table);
        if (change instanceof CreateTableEvent create) {
            schemas.put(table, create.getSchema());
        } else if (change instanceof DropTableEvent) {
            schemas.remove(table);
        } else if (!(change instanceof TruncateTableEvent)) {
            Schema known = schemas.get(table);
            if (known == null) {
                fail(
                        "a schema change of "
                                + table
                                + " before any CreateTableEvent for it: "
                                + change);
            }
            schemas.put(table, SchemaUtils.applySchemaChangeEvent(known, change));
        }
    }

    /** The writer's columns of the row's table, checked against the row and the table. */
    private List<Column> checkedColumns(DataChangeEvent row) {
        TableId table = row.tableId();
        Schema schema = schemas.get(table);
        if (schema == null) {
            fail("a row of " + table + " before any schema of it: " + row);
        }
        int width = schema.getColumnCount();
        for (RecordData record : new RecordData[] {row.before(), row.after()}) {
            if (record != null && record.getArity() != width) {
                fail(
                        "a row of width "
                                + record.getArity()
                                + " for "
                                + table
                                + " whose schema has "
                                + width
                                + " columns: "
                                + schema);
            }
        }
        List<Column> actual = store.columnsOf(table);
        if (checkTables && !schema.getColumns().equals(actual)) {
            fail(
                    "its schema of "
                            + table
                            + " "
                            + names(schema.getColumns())
                            + " differs from the table's "
                            + names(actual));
        }
        return schema.getColumns();
    }

    private RowWrite decode(DataChangeEvent row) {
        TableId table = row.tableId();
        List<RecordData.FieldGetter> fields =
                getters.computeIfAbsent(table, t -> SchemaUtils.createFieldGetters(schemas.get(t)));
        boolean delete = row.op() == OperationType.DELETE;
        RecordData record = delete ? row.before() : row.after();
        List<Column> columns = schemas.get(table).getColumns();
        Map<String, Object> values = new LinkedHashMap<>();
        for (int i = 0; i < columns.size(); i++) {
            Object value = fields.get(i).getFieldOrNull(record);
            values.put(
                    columns.get(i).getName(),
                    value instanceof StringData ? value.toString() : value);
        }
        RowWrite.Kind kind =
                delete
                        ? RowWrite.Kind.DELETE
                        : row.op() == OperationType.INSERT
                                ? RowWrite.Kind.INSERT
                                : RowWrite.Kind.UPDATE;
        return new RowWrite(table, kind, values);
    }

    @Override
    public void flush(boolean endOfInput) {
        long flush = store.count("flushes");
        SinkFaults.failIf(
                faults.flushBefore(), flush, "writer " + subtask + " flush before writing", store);
        List<RowWrite> writes = new ArrayList<>();
        for (Buffered row : buffer) {
            List<Column> actual = store.columnsOf(row.write().table());
            if (checkTables && !row.columns().equals(actual)) {
                fail(
                        "a row buffered for "
                                + row.write().table()
                                + " "
                                + names(row.columns())
                                + " is flushed after the table changed to "
                                + names(actual)
                                + " (G2)");
            }
            writes.add(row.write());
        }
        buffer.clear();
        hand(writes);
        SinkFaults.failIf(
                faults.flushAfter(), flush, "writer " + subtask + " flush after writing", store);
    }

    /** At-least-once: written at once, by key. */
    void hand(List<RowWrite> writes) {
        store.write(writes);
    }

    CheckingStore store() {
        return store;
    }

    private void fail(String what) {
        String message = "writer " + subtask + ": " + what;
        store.violation(message);
        throw new IllegalStateException(message);
    }

    private static List<String> names(List<Column> columns) {
        if (columns == null) {
            return null;
        }
        List<String> names = new ArrayList<>();
        columns.forEach(c -> names.add(c.getName() + " " + c.getType()));
        return names;
    }

    @Override
    public void close() {}
}
