package dev.schemaop.sample;

import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.cdc.common.data.DecimalData;
import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.data.StringData;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.OperationType;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.utils.SchemaUtils;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Keeps, per table, the schema (every received {@link SchemaChangeEvent} applied with {@link
 * SchemaUtils#applySchemaChangeEvent}; a {@link CreateTableEvent} replaces it) and the latest row
 * per primary key. Every {@link DataChangeEvent}'s row arity must equal the column count of the
 * table's current schema, or the writer fails with {@link IllegalStateException}.
 *
 * <p>On {@code flush(true)} and on {@code close()} it (over)writes {@code
 * <output.dir>/rows-<subtask>.txt} (one line per row, tables by name, rows by primary key: {@code
 * table | col=value, col=value}) and {@code <output.dir>/schema-<subtask>.txt} ({@code table |
 * <Schema#toString()>} per table). Rows are held in memory only (no writer state), which is all a
 * test sink needs.
 */
public final class SampleSinkWriter implements SinkWriter<Event> {

    private final Path outputDir;
    private final int subtaskIndex;

    private final Map<TableId, Schema> schemas = new HashMap<>();

    /** Per table: primary-key values -> (column name -> rendered value). */
    private final Map<TableId, TreeMap<List<Object>, Map<String, String>>> rows = new HashMap<>();

    public SampleSinkWriter(Path outputDir, int subtaskIndex) {
        this.outputDir = outputDir;
        this.subtaskIndex = subtaskIndex;
    }

    @Override
    public void write(Event event, Context context) throws IOException {
        if (event instanceof SchemaChangeEvent) {
            applySchemaChange((SchemaChangeEvent) event);
        } else if (event instanceof DataChangeEvent) {
            applyDataChange((DataChangeEvent) event);
        }
        // Anything else (e.g. a runtime's own control events) is not for this sink.
    }

    @Override
    public void flush(boolean endOfInput) throws IOException {
        if (endOfInput) {
            writeFiles();
        }
    }

    @Override
    public void close() throws IOException {
        writeFiles();
    }

    /** Rows file path for a subtask. */
    public static Path rowsFile(Path outputDir, int subtaskIndex) {
        return outputDir.resolve("rows-" + subtaskIndex + ".txt");
    }

    /** Schema file path for a subtask. */
    public static Path schemaFile(Path outputDir, int subtaskIndex) {
        return outputDir.resolve("schema-" + subtaskIndex + ".txt");
    }

    private void applySchemaChange(SchemaChangeEvent event) {
        TableId table = event.tableId();
        if (event instanceof CreateTableEvent) {
            schemas.put(table, ((CreateTableEvent) event).getSchema());
            return;
        }
        Schema current = schemas.get(table);
        if (current == null) {
            throw new IllegalStateException(
                    "Received " + event + " for table " + table + " before its CreateTableEvent.");
        }
        if (event instanceof DropTableEvent) {
            schemas.remove(table);
            rows.remove(table);
            return;
        }
        if (event instanceof TruncateTableEvent) {
            rows.remove(table);
            return;
        }
        schemas.put(table, SchemaUtils.applySchemaChangeEvent(current, event));
        // Stored rows are keyed by column name: follow renames and forget dropped columns.
        TreeMap<List<Object>, Map<String, String>> tableRows = rows.get(table);
        if (tableRows == null) {
            return;
        }
        if (event instanceof RenameColumnEvent) {
            Map<String, String> renames = ((RenameColumnEvent) event).getNameMapping();
            for (Map.Entry<List<Object>, Map<String, String>> e : tableRows.entrySet()) {
                Map<String, String> renamed = new LinkedHashMap<>();
                e.getValue().forEach((k, v) -> renamed.put(renames.getOrDefault(k, k), v));
                e.setValue(renamed);
            }
        } else if (event instanceof DropColumnEvent) {
            List<String> dropped = ((DropColumnEvent) event).getDroppedColumnNames();
            for (Map<String, String> row : tableRows.values()) {
                dropped.forEach(row::remove);
            }
        }
    }

    private void applyDataChange(DataChangeEvent event) {
        TableId table = event.tableId();
        Schema schema = schemas.get(table);
        if (schema == null) {
            throw new IllegalStateException(
                    "Received a data change for table " + table + " before its CreateTableEvent.");
        }
        checkArity(event, event.before(), schema);
        checkArity(event, event.after(), schema);
        TreeMap<List<Object>, Map<String, String>> tableRows =
                rows.computeIfAbsent(table, t -> new TreeMap<>(KEY_ORDER));
        if (event.op() == OperationType.DELETE) {
            tableRows.remove(key(schema, event.before()));
            return;
        }
        if (event.op() == OperationType.UPDATE && event.before() != null) {
            tableRows.remove(key(schema, event.before()));
        }
        tableRows.put(key(schema, event.after()), render(schema, event.after()));
    }

    private static void checkArity(DataChangeEvent event, RecordData record, Schema schema) {
        if (record != null && record.getArity() != schema.getColumnCount()) {
            throw new IllegalStateException(
                    String.format(
                            "Row arity %d of a %s on %s does not match the %d columns of its"
                                    + " schema %s: %s",
                            record.getArity(),
                            event.op(),
                            event.tableId(),
                            schema.getColumnCount(),
                            schema,
                            event));
        }
    }

    /** Primary-key values (all columns for a table without primary key), normalized. */
    private static List<Object> key(Schema schema, RecordData record) {
        List<String> keyColumns =
                schema.primaryKeys().isEmpty() ? schema.getColumnNames() : schema.primaryKeys();
        List<Column> columns = schema.getColumns();
        List<Object> key = new ArrayList<>(keyColumns.size());
        for (String name : keyColumns) {
            int index = schema.getColumnNames().indexOf(name);
            if (index < 0) {
                throw new IllegalStateException(
                        "Primary key column " + name + " is not a column of " + schema);
            }
            Object value =
                    RecordData.createFieldGetter(columns.get(index).getType(), index)
                            .getFieldOrNull(record);
            key.add(normalize(value));
        }
        return key;
    }

    private static Map<String, String> render(Schema schema, RecordData record) {
        Map<String, String> row = new LinkedHashMap<>();
        List<Column> columns = schema.getColumns();
        for (int i = 0; i < columns.size(); i++) {
            Object value =
                    RecordData.createFieldGetter(columns.get(i).getType(), i)
                            .getFieldOrNull(record);
            row.put(columns.get(i).getName(), render(value));
        }
        return row;
    }

    static String render(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof DecimalData) {
            return ((DecimalData) value).toBigDecimal().toPlainString();
        }
        if (value instanceof byte[]) {
            StringBuilder hex = new StringBuilder("0x");
            for (byte b : (byte[]) value) {
                hex.append(String.format("%02x", b));
            }
            return hex.toString();
        }
        return String.valueOf(value);
    }

    /** Detaches key values from the record's memory and makes them comparable. */
    private static Object normalize(Object value) {
        if (value instanceof StringData) {
            return value.toString();
        }
        if (value instanceof DecimalData) {
            return ((DecimalData) value).toBigDecimal();
        }
        if (value instanceof byte[]) {
            return render(value);
        }
        return value;
    }

    private static final Comparator<List<Object>> KEY_ORDER =
            (a, b) -> {
                for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
                    int c = compareValues(a.get(i), b.get(i));
                    if (c != 0) {
                        return c;
                    }
                }
                return Integer.compare(a.size(), b.size());
            };

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compareValues(Object a, Object b) {
        if (a == null || b == null) {
            return a == null ? (b == null ? 0 : -1) : 1; // nulls first
        }
        if (a.getClass() == b.getClass() && a instanceof Comparable) {
            return ((Comparable) a).compareTo(b);
        }
        if (a instanceof Number && b instanceof Number) {
            return new BigDecimal(a.toString()).compareTo(new BigDecimal(b.toString()));
        }
        return a.toString().compareTo(b.toString());
    }

    private void writeFiles() throws IOException {
        List<TableId> tables = new ArrayList<>(schemas.keySet());
        tables.sort(Comparator.comparing(TableId::toString));

        StringBuilder rowLines = new StringBuilder();
        StringBuilder schemaLines = new StringBuilder();
        for (TableId table : tables) {
            Schema schema = schemas.get(table);
            schemaLines.append(table).append(" | ").append(schema).append('\n');
            TreeMap<List<Object>, Map<String, String>> tableRows = rows.get(table);
            if (tableRows == null) {
                continue;
            }
            for (Map<String, String> row : tableRows.values()) {
                rowLines.append(table).append(" | ");
                List<String> names = schema.getColumnNames();
                for (int i = 0; i < names.size(); i++) {
                    if (i > 0) {
                        rowLines.append(", ");
                    }
                    rowLines.append(names.get(i))
                            .append('=')
                            .append(row.getOrDefault(names.get(i), "null"));
                }
                rowLines.append('\n');
            }
        }
        Files.createDirectories(outputDir);
        Files.write(
                rowsFile(outputDir, subtaskIndex),
                rowLines.toString().getBytes(StandardCharsets.UTF_8));
        Files.write(
                schemaFile(outputDir, subtaskIndex),
                schemaLines.toString().getBytes(StandardCharsets.UTF_8));
    }
}
