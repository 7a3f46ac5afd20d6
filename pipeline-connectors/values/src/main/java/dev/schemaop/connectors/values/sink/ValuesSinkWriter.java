package dev.schemaop.connectors.values.sink;

import dev.schemaop.connectors.values.types.SchemaEvolution;

import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.schema.Schema;

import java.util.HashMap;
import java.util.Map;

/**
 * Writes events into the {@link ValuesStore} of its output path (rows through a {@link
 * RowDestination}: the store itself, or the staged rows of {@link ValuesCommittingWriter}). It
 * keeps the schema it last received for every table and rejects a row of any other shape, so tests
 * can detect rows that reach the sink in the wrong shape.
 */
public class ValuesSinkWriter implements SinkWriter<Event> {

    private final ValuesStore store;
    private final RowDestination rows;
    private final boolean printEnabled;
    private final int subtask;
    private final SchemaChangeEventType failOnceOn;
    private final Map<TableId, Schema> schemas = new HashMap<>();

    public ValuesSinkWriter(String outputPath, boolean printEnabled, int subtask) {
        this(outputPath, printEnabled, subtask, null);
    }

    public ValuesSinkWriter(
            String outputPath,
            boolean printEnabled,
            int subtask,
            SchemaChangeEventType failOnceOn) {
        this(ValuesStore.forPath(outputPath), printEnabled, subtask, failOnceOn);
    }

    private ValuesSinkWriter(
            ValuesStore store,
            boolean printEnabled,
            int subtask,
            SchemaChangeEventType failOnceOn) {
        this(store, printEnabled, subtask, failOnceOn, store);
    }

    /** A writer whose row changes go to {@code rows} instead of straight into the store. */
    ValuesSinkWriter(
            ValuesStore store,
            boolean printEnabled,
            int subtask,
            SchemaChangeEventType failOnceOn,
            RowDestination rows) {
        this.store = store;
        this.rows = rows;
        this.printEnabled = printEnabled;
        this.subtask = subtask;
        this.failOnceOn = failOnceOn;
    }

    @Override
    public void write(Event event, Context context) {
        if (printEnabled) {
            System.out.println("values-sink[" + subtask + "]> " + describe(event));
        }
        if (event instanceof SchemaChangeEvent) {
            SchemaChangeEventType type = ((SchemaChangeEvent) event).getType();
            if (type == failOnceOn && store.markFailedOnce("writer|" + type.getTag())) {
                throw new IllegalStateException("injected writer failure on receiving " + event);
            }
            applySchemaChange((SchemaChangeEvent) event);
        } else if (event instanceof DataChangeEvent) {
            applyDataChange((DataChangeEvent) event);
        }
    }

    private void applySchemaChange(SchemaChangeEvent event) {
        TableId table = event.tableId();
        if (event instanceof CreateTableEvent) {
            Schema schema = ((CreateTableEvent) event).getSchema();
            schemas.put(table, schema);
            store.createTableIfAbsent(table, schema);
            return;
        }
        if (event instanceof DropTableEvent) {
            schemas.remove(table);
            return;
        }
        if (event instanceof TruncateTableEvent) {
            return;
        }
        Schema schema = schemas.get(table);
        if (schema == null) {
            throw new IllegalStateException(
                    "Values sink writer "
                            + subtask
                            + " received "
                            + event
                            + " for table "
                            + table
                            + ", but no CreateTableEvent for that table");
        }
        schemas.put(table, SchemaEvolution.apply(schema, event));
    }

    private void applyDataChange(DataChangeEvent event) {
        TableId table = event.tableId();
        Schema schema = schemas.get(table);
        if (schema == null) {
            throw new IllegalStateException(
                    "Values sink writer "
                            + subtask
                            + " received a data change for table "
                            + table
                            + ", but has no schema for that table (no CreateTableEvent, or the"
                            + " table was dropped): "
                            + event);
        }
        checkShape(table, schema, event.before(), "before");
        checkShape(table, schema, event.after(), "after");
        switch (event.op()) {
            case INSERT:
            case REPLACE:
                rows.apply(table, schema, null, RowValues.decode(event.after(), schema));
                break;
            case UPDATE:
                rows.apply(
                        table,
                        schema,
                        event.before() == null ? null : RowValues.decode(event.before(), schema),
                        RowValues.decode(event.after(), schema));
                break;
            case DELETE:
                rows.apply(table, schema, RowValues.decode(event.before(), schema), null);
                break;
            default:
                throw new IllegalStateException("Unknown operation " + event.op() + " in " + event);
        }
    }

    private void checkShape(TableId table, Schema schema, RecordData row, String which) {
        if (row != null && row.getArity() != schema.getColumnCount()) {
            throw new IllegalStateException(
                    "Values sink writer "
                            + subtask
                            + " received a row of arity "
                            + row.getArity()
                            + " ("
                            + which
                            + ") for table "
                            + table
                            + ", whose schema has "
                            + schema.getColumnCount()
                            + " columns: "
                            + schema);
        }
    }

    private String describe(Event event) {
        if (event instanceof DataChangeEvent) {
            DataChangeEvent dce = (DataChangeEvent) event;
            Schema schema = schemas.get(dce.tableId());
            if (schema != null) {
                return dce.toReadableString(row -> readable(row, schema));
            }
        }
        return String.valueOf(event);
    }

    private static String readable(RecordData row, Schema schema) {
        if (row == null) {
            return "[]";
        }
        if (row.getArity() != schema.getColumnCount()) {
            return "<row of arity " + row.getArity() + ">";
        }
        StringBuilder sb = new StringBuilder("[");
        Map<String, Object> values = RowValues.decode(row, schema);
        boolean first = true;
        for (Object v : values.values()) {
            if (!first) {
                sb.append(", ");
            }
            first = false;
            sb.append(RowValues.text(v));
        }
        return sb.append(']').toString();
    }

    @Override
    public void flush(boolean endOfInput) {
        if (endOfInput) {
            store.writeFile();
        }
    }

    @Override
    public void close() {
        store.writeFile();
    }
}
