package dev.schemaop.connectors.values.script;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.schemaop.connectors.values.types.DataTypeParser;
import dev.schemaop.connectors.values.types.SchemaEvolution;
import org.apache.flink.cdc.common.data.binary.BinaryRecordData;
import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reads a values source script (YAML, format in the module's README) into a {@link
 * ValuesScript}. The parser keeps the current schema of every table while it reads, so every row
 * is checked against, and encoded with {@link BinaryRecordDataGenerator} for, the schema the
 * table has at that point of the script.
 */
public final class ScriptParser {

    static final String CREATE_TABLE = "create.table";
    static final String ADD_COLUMN = "add.column";
    static final String ALTER_COLUMN_TYPE = "alter.column.type";
    static final String RENAME_COLUMN = "rename.column";
    static final String DROP_COLUMN = "drop.column";
    static final String TRUNCATE_TABLE = "truncate.table";
    static final String DROP_TABLE = "drop.table";
    static final String INSERT = "insert";
    static final String UPDATE = "update";
    static final String DELETE = "delete";
    static final String CHECKPOINT = "checkpoint";

    private static final List<String> EVENT_TYPES =
            Arrays.asList(
                    CREATE_TABLE,
                    ADD_COLUMN,
                    ALTER_COLUMN_TYPE,
                    RENAME_COLUMN,
                    DROP_COLUMN,
                    TRUNCATE_TABLE,
                    DROP_TABLE,
                    INSERT,
                    UPDATE,
                    DELETE,
                    CHECKPOINT);

    private static final Map<String, List<String>> EVENT_KEYS = new HashMap<>();

    static {
        EVENT_KEYS.put(
                CREATE_TABLE,
                Arrays.asList(
                        "type",
                        "table",
                        "columns",
                        "primaryKeys",
                        "partitionKeys",
                        "comment",
                        "options"));
        EVENT_KEYS.put(ADD_COLUMN, Arrays.asList("type", "table", "columns"));
        EVENT_KEYS.put(ALTER_COLUMN_TYPE, Arrays.asList("type", "table", "columns"));
        EVENT_KEYS.put(RENAME_COLUMN, Arrays.asList("type", "table", "columns"));
        EVENT_KEYS.put(DROP_COLUMN, Arrays.asList("type", "table", "columns"));
        EVENT_KEYS.put(TRUNCATE_TABLE, Arrays.asList("type", "table"));
        EVENT_KEYS.put(DROP_TABLE, Arrays.asList("type", "table"));
        EVENT_KEYS.put(INSERT, Arrays.asList("type", "table", "rows"));
        EVENT_KEYS.put(DELETE, Arrays.asList("type", "table", "rows"));
        EVENT_KEYS.put(UPDATE, Arrays.asList("type", "table", "before", "after"));
        EVENT_KEYS.put(CHECKPOINT, Arrays.asList("type"));
    }

    private final String name;
    private final Map<TableId, Schema> current = new HashMap<>();
    private final Map<TableId, BinaryRecordDataGenerator> generators = new HashMap<>();
    private final LinkedHashMap<TableId, Schema> initial = new LinkedHashMap<>();
    private final List<ScriptItem> items = new ArrayList<>();

    private int eventNumber;
    private int line;

    private ScriptParser(String name) {
        this.name = name;
    }

    /**
     * Parses a script.
     *
     * @param name how messages name the script (usually its path)
     * @param text the YAML text
     * @throws ScriptException when the script is not valid
     */
    public static ValuesScript parse(String name, String text) {
        ScriptParser parser = new ScriptParser(name);
        parser.parseDocument(text);
        return new ValuesScript(name, parser.items, parser.initial);
    }

    // -------------------------------------------------------------------------- document

    private void parseDocument(String text) {
        ObjectMapper mapper =
                new ObjectMapper(new YAMLFactory())
                        .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                        .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS);
        try (JsonParser parser = mapper.getFactory().createParser(text)) {
            JsonToken token = parser.nextToken();
            if (token == null) {
                throw scriptError(
                        0, "the script is empty; expected a list of events or a mapping with key 'events'");
            }
            if (token == JsonToken.START_ARRAY) {
                readEvents(mapper, parser);
            } else if (token == JsonToken.START_OBJECT) {
                boolean seenEvents = false;
                while ((token = parser.nextToken()) == JsonToken.FIELD_NAME) {
                    String key = parser.currentName();
                    int keyLine = lineOf(parser.currentTokenLocation());
                    if (!"events".equals(key)) {
                        throw scriptError(
                                keyLine,
                                "unknown top-level key '" + key + "'; expected 'events'");
                    }
                    if (parser.nextToken() != JsonToken.START_ARRAY) {
                        throw scriptError(keyLine, "'events' must be a list of events");
                    }
                    readEvents(mapper, parser);
                    seenEvents = true;
                }
                if (!seenEvents) {
                    throw scriptError(
                            lineOf(parser.currentTokenLocation()),
                            "missing key 'events' (a list of events)");
                }
            } else {
                throw scriptError(
                        lineOf(parser.currentTokenLocation()),
                        "expected a list of events or a mapping with key 'events'");
            }
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? "" : " (line " + lineOf(e.getLocation()) + ")";
            throw new ScriptException(
                    "Invalid values script " + name + ": not valid YAML" + where + ": "
                            + e.getOriginalMessage(),
                    eventNumber,
                    e.getLocation() == null ? 0 : lineOf(e.getLocation()));
        } catch (IOException e) {
            throw new ScriptException(
                    "Invalid values script " + name + ": " + e.getMessage(), 0, 0);
        }
    }

    private void readEvents(ObjectMapper mapper, JsonParser parser) throws IOException {
        JsonToken token;
        while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
            if (token == null) {
                return;
            }
            eventNumber++;
            line = lineOf(parser.currentTokenLocation());
            JsonNode node = mapper.readTree(parser);
            parseEvent(node);
        }
    }

    private static int lineOf(JsonLocation location) {
        return location == null ? 0 : location.getLineNr();
    }

    // -------------------------------------------------------------------------- events

    private void parseEvent(JsonNode node) {
        String type;
        if (node.isTextual()) {
            type = node.textValue().trim();
            if (!CHECKPOINT.equals(type)) {
                throw error(
                        "an event must be a mapping with key 'type' (only 'checkpoint' may be"
                                + " written alone), got '"
                                + type
                                + "'");
            }
            items.add(new ScriptItem(eventNumber, line, ScriptItem.Kind.CHECKPOINT, null, 0, null));
            return;
        }
        if (!node.isObject()) {
            throw error("an event must be a mapping with key 'type', got " + node);
        }
        JsonNode typeNode = node.get("type");
        if (typeNode == null || !typeNode.isTextual()) {
            throw error("missing 'type'; valid types: " + String.join(", ", EVENT_TYPES));
        }
        type = typeNode.textValue().trim();
        List<String> validKeys = EVENT_KEYS.get(type);
        if (validKeys == null) {
            throw error(
                    "unknown event type '"
                            + type
                            + "'; valid types: "
                            + String.join(", ", EVENT_TYPES));
        }
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!validKeys.contains(key)) {
                throw error(
                        "unknown key '"
                                + key
                                + "' for "
                                + type
                                + "; valid keys: "
                                + String.join(", ", validKeys));
            }
        }
        switch (type) {
            case CREATE_TABLE:
                createTable(node);
                break;
            case ADD_COLUMN:
                addColumn(node);
                break;
            case ALTER_COLUMN_TYPE:
                alterColumnType(node);
                break;
            case RENAME_COLUMN:
                renameColumn(node);
                break;
            case DROP_COLUMN:
                dropColumn(node);
                break;
            case TRUNCATE_TABLE:
                {
                    TableId table = existingTable(node);
                    schemaChange(new TruncateTableEvent(table));
                    break;
                }
            case DROP_TABLE:
                {
                    TableId table = existingTable(node);
                    schemaChange(new DropTableEvent(table));
                    break;
                }
            case INSERT:
            case DELETE:
                insertOrDelete(node, type);
                break;
            case UPDATE:
                update(node);
                break;
            case CHECKPOINT:
                items.add(new ScriptItem(eventNumber, line, ScriptItem.Kind.CHECKPOINT, null, 0, null));
                break;
            default:
                throw new IllegalStateException(type);
        }
    }

    private void createTable(JsonNode node) {
        TableId table = tableId(node);
        if (current.containsKey(table)) {
            throw error("table " + table + " already exists");
        }
        JsonNode columns = node.get("columns");
        if (columns == null || !columns.isArray() || columns.isEmpty()) {
            throw error("'columns' must be a non-empty list of {name, type[, comment]}");
        }
        Schema.Builder builder = Schema.newBuilder();
        Set<String> names = new HashSet<>();
        int index = 0;
        for (JsonNode c : columns) {
            index++;
            Column column = column(c, index, false);
            if (!names.add(column.getName())) {
                throw error("duplicate column '" + column.getName() + "'");
            }
            builder.column(column);
        }
        List<String> pks = names(node, "primaryKeys");
        for (String pk : pks) {
            if (!names.contains(pk)) {
                throw error("primary key column '" + pk + "' is not a column of " + table);
            }
        }
        builder.primaryKey(pks);
        List<String> parts = names(node, "partitionKeys");
        for (String p : parts) {
            if (!names.contains(p)) {
                throw error("partition key column '" + p + "' is not a column of " + table);
            }
        }
        builder.partitionKey(parts);
        JsonNode comment = node.get("comment");
        if (comment != null && !comment.isNull()) {
            builder.comment(comment.asText());
        }
        JsonNode options = node.get("options");
        if (options != null && !options.isNull()) {
            if (!options.isObject()) {
                throw error("'options' must be a mapping of strings");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = options.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                builder.option(e.getKey(), e.getValue().asText());
            }
        }
        Schema schema;
        try {
            schema = builder.build();
        } catch (RuntimeException e) {
            throw error(e.getMessage());
        }
        schemaChange(new CreateTableEvent(table, schema));
    }

    private void addColumn(JsonNode node) {
        TableId table = existingTable(node);
        JsonNode columns = node.get("columns");
        if (columns == null || !columns.isArray() || columns.isEmpty()) {
            throw error(
                    "'columns' must be a non-empty list of {name, type[, comment][, position]}");
        }
        List<String> names = new ArrayList<>(current.get(table).getColumnNames());
        List<AddColumnEvent.ColumnWithPosition> added = new ArrayList<>();
        int index = 0;
        for (JsonNode c : columns) {
            index++;
            Column column = column(c, index, true);
            if (names.contains(column.getName())) {
                throw error("column '" + column.getName() + "' already exists in " + table);
            }
            JsonNode positionNode = c.get("position");
            String position =
                    positionNode == null || positionNode.isNull()
                            ? "last"
                            : positionNode.asText().trim();
            String[] parts = position.split("\\s+", 2);
            String keyword = parts[0].toLowerCase(Locale.ROOT);
            AddColumnEvent.ColumnWithPosition withPosition;
            if (keyword.equals("last") && parts.length == 1) {
                withPosition = AddColumnEvent.last(column);
                names.add(column.getName());
            } else if (keyword.equals("first") && parts.length == 1) {
                withPosition = AddColumnEvent.first(column);
                names.add(0, column.getName());
            } else if ((keyword.equals("after") || keyword.equals("before"))
                    && parts.length == 2) {
                String ref = parts[1].trim();
                int at = names.indexOf(ref);
                if (at < 0) {
                    throw error(
                            "column "
                                    + index
                                    + ": position '"
                                    + position
                                    + "' names column '"
                                    + ref
                                    + "', which is not a column of "
                                    + table);
                }
                if (keyword.equals("after")) {
                    withPosition = AddColumnEvent.after(column, ref);
                    names.add(at + 1, column.getName());
                } else {
                    withPosition = AddColumnEvent.before(column, ref);
                    names.add(at, column.getName());
                }
            } else {
                throw error(
                        "column "
                                + index
                                + ": invalid position '"
                                + position
                                + "'; expected last, first, after <column> or before <column>");
            }
            added.add(withPosition);
        }
        schemaChange(new AddColumnEvent(table, added));
    }

    private void alterColumnType(JsonNode node) {
        TableId table = existingTable(node);
        Schema schema = current.get(table);
        JsonNode columns = node.get("columns");
        if (columns == null || !columns.isObject() || columns.isEmpty()) {
            throw error("'columns' must be a non-empty mapping of column name to new type");
        }
        Map<String, DataType> types = new LinkedHashMap<>();
        Map<String, DataType> oldTypes = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = columns.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            Column existing = schema.getColumn(e.getKey()).orElse(null);
            if (existing == null) {
                throw error("column '" + e.getKey() + "' is not a column of " + table);
            }
            types.put(e.getKey(), type(e.getValue(), "column '" + e.getKey() + "'"));
            oldTypes.put(e.getKey(), existing.getType());
        }
        schemaChange(new AlterColumnTypeEvent(table, types, oldTypes));
    }

    private void renameColumn(JsonNode node) {
        TableId table = existingTable(node);
        Schema schema = current.get(table);
        JsonNode columns = node.get("columns");
        if (columns == null || !columns.isObject() || columns.isEmpty()) {
            throw error("'columns' must be a non-empty mapping of old name to new name");
        }
        Map<String, String> mapping = new LinkedHashMap<>();
        Set<String> resulting = new HashSet<>(schema.getColumnNames());
        for (Iterator<Map.Entry<String, JsonNode>> it = columns.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!schema.getColumn(e.getKey()).isPresent()) {
                throw error("column '" + e.getKey() + "' is not a column of " + table);
            }
            if (!e.getValue().isTextual() || e.getValue().textValue().trim().isEmpty()) {
                throw error("new name of column '" + e.getKey() + "' must be a string");
            }
            mapping.put(e.getKey(), e.getValue().textValue().trim());
            resulting.remove(e.getKey());
        }
        for (String newName : mapping.values()) {
            if (!resulting.add(newName)) {
                throw error("column '" + newName + "' already exists in " + table);
            }
        }
        schemaChange(new RenameColumnEvent(table, mapping));
    }

    private void dropColumn(JsonNode node) {
        TableId table = existingTable(node);
        Schema schema = current.get(table);
        List<String> dropped = names(node, "columns");
        if (dropped.isEmpty()) {
            throw error("'columns' must be a non-empty list of column names");
        }
        for (String c : dropped) {
            if (!schema.getColumn(c).isPresent()) {
                throw error("column '" + c + "' is not a column of " + table);
            }
            if (schema.primaryKeys().contains(c)) {
                throw error("column '" + c + "' is part of the primary key of " + table);
            }
        }
        if (new HashSet<>(dropped).size() >= schema.getColumnCount()) {
            throw error("cannot drop every column of " + table);
        }
        schemaChange(new DropColumnEvent(table, dropped));
    }

    private void insertOrDelete(JsonNode node, String type) {
        TableId table = existingTable(node);
        JsonNode rows = node.get("rows");
        if (rows == null || !rows.isArray() || rows.isEmpty()) {
            throw error("'rows' must be a non-empty list of rows (each a list of values)");
        }
        int index = 0;
        for (JsonNode row : rows) {
            index++;
            String label =
                    "row "
                            + index
                            + " of "
                            + (type.equals(INSERT) ? "insert into " : "delete from ")
                            + table;
            Object[] values = row(table, row, label);
            BinaryRecordData record = generators.get(table).generate(values);
            DataChangeEvent event =
                    type.equals(INSERT)
                            ? DataChangeEvent.insertEvent(table, record)
                            : DataChangeEvent.deleteEvent(table, record);
            items.add(
                    new ScriptItem(
                            eventNumber,
                            line,
                            ScriptItem.Kind.DATA_CHANGE,
                            event,
                            keyHash(table, values),
                            current.get(table)));
        }
    }

    private void update(JsonNode node) {
        TableId table = existingTable(node);
        JsonNode before = node.get("before");
        JsonNode after = node.get("after");
        if (before == null || after == null) {
            throw error("an update needs 'before' and 'after' (each a list of values)");
        }
        Object[] beforeValues = row(table, before, "before row of update of " + table);
        Object[] afterValues = row(table, after, "after row of update of " + table);
        BinaryRecordDataGenerator generator = generators.get(table);
        DataChangeEvent event =
                DataChangeEvent.updateEvent(
                        table, generator.generate(beforeValues), generator.generate(afterValues));
        items.add(
                new ScriptItem(
                        eventNumber,
                        line,
                        ScriptItem.Kind.DATA_CHANGE,
                        event,
                        keyHash(table, afterValues),
                        current.get(table)));
    }

    // -------------------------------------------------------------------------- helpers

    private void schemaChange(SchemaChangeEvent event) {
        TableId table = event.tableId();
        Schema before = current.get(table);
        if (event instanceof CreateTableEvent) {
            Schema schema = ((CreateTableEvent) event).getSchema();
            current.put(table, schema);
            initial.putIfAbsent(table, schema);
        } else if (event instanceof DropTableEvent) {
            current.remove(table);
        } else {
            Schema changed;
            try {
                changed = SchemaEvolution.apply(current.get(table), event);
            } catch (RuntimeException e) {
                throw error(e.getMessage());
            }
            current.put(table, changed);
        }
        if (current.containsKey(table)) {
            generators.put(
                    table,
                    new BinaryRecordDataGenerator(
                            current.get(table).getColumnDataTypes().toArray(new DataType[0])));
        } else {
            generators.remove(table);
        }
        items.add(
                new ScriptItem(
                        eventNumber, line, ScriptItem.Kind.SCHEMA_CHANGE, event, 0, before));
    }

    private Object[] row(TableId table, JsonNode row, String label) {
        Schema schema = current.get(table);
        if (!row.isArray()) {
            throw error(label + " must be a list of values, got " + row);
        }
        List<Column> columns = schema.getColumns();
        if (row.size() != columns.size()) {
            throw error(
                    label
                            + " has "
                            + row.size()
                            + " values, but "
                            + table
                            + " has "
                            + columns.size()
                            + " columns ("
                            + describe(schema)
                            + ")");
        }
        Object[] values = new Object[columns.size()];
        for (int i = 0; i < values.length; i++) {
            Column column = columns.get(i);
            try {
                values[i] = ScriptValues.toInternal(row.get(i), column.getType());
            } catch (IllegalArgumentException e) {
                throw error(
                        label
                                + ", column "
                                + column.getName()
                                + " "
                                + column.getType().asSerializableString()
                                + ": "
                                + e.getMessage());
            }
        }
        return values;
    }

    private int keyHash(TableId table, Object[] values) {
        Schema schema = current.get(table);
        List<String> names = schema.getColumnNames();
        List<Integer> positions = new ArrayList<>();
        for (String pk : schema.primaryKeys()) {
            positions.add(names.indexOf(pk));
        }
        if (positions.isEmpty()) {
            for (int i = 0; i < values.length; i++) {
                positions.add(i);
            }
        }
        int h = 1;
        for (int p : positions) {
            String text = p < 0 ? null : ScriptValues.canonicalKeyText(values[p]);
            h = 31 * h + (text == null ? 0 : text.hashCode());
        }
        // murmur3 finalizer: spreads nearby keys (1, 2, 3..) evenly over the splits
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        h ^= h >>> 16;
        return h;
    }

    static String describe(Schema schema) {
        return schema.getColumns().stream()
                .map(c -> c.getName() + " " + c.getType().asSerializableString())
                .collect(Collectors.joining(", "));
    }

    private Column column(JsonNode c, int index, boolean withPosition) {
        if (!c.isObject()) {
            throw error("column " + index + " must be a mapping {name, type[, comment]}");
        }
        List<String> valid =
                withPosition
                        ? Arrays.asList("name", "type", "comment", "position")
                        : Arrays.asList("name", "type", "comment");
        for (Iterator<String> it = c.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!valid.contains(key)) {
                throw error(
                        "column "
                                + index
                                + ": unknown key '"
                                + key
                                + "'; valid keys: "
                                + String.join(", ", valid)
                                + (key.contains(")")
                                        ? " (quote a type that contains a comma, e.g."
                                                + " type: \"DECIMAL(10,2)\")"
                                        : ""));
            }
        }
        JsonNode nameNode = c.get("name");
        if (nameNode == null || !nameNode.isTextual() || nameNode.textValue().trim().isEmpty()) {
            throw error("column " + index + ": missing 'name'");
        }
        String columnName = nameNode.textValue().trim();
        JsonNode typeNode = c.get("type");
        if (typeNode == null || typeNode.isNull()) {
            throw error("column '" + columnName + "': missing 'type'");
        }
        DataType type = type(typeNode, "column '" + columnName + "'");
        JsonNode comment = c.get("comment");
        return Column.physicalColumn(
                columnName, type, comment == null || comment.isNull() ? null : comment.asText());
    }

    private DataType type(JsonNode node, String what) {
        if (!node.isTextual()) {
            throw error(what + ": the type must be a string such as \"VARCHAR(20) NOT NULL\"");
        }
        try {
            return DataTypeParser.parse(node.textValue());
        } catch (IllegalArgumentException e) {
            throw error(what + ": " + e.getMessage());
        }
    }

    private List<String> names(JsonNode node, String key) {
        JsonNode list = node.get(key);
        List<String> out = new ArrayList<>();
        if (list == null || list.isNull()) {
            return out;
        }
        if (list.isTextual()) {
            for (String s : list.textValue().split(",")) {
                if (!s.trim().isEmpty()) {
                    out.add(s.trim());
                }
            }
            return out;
        }
        if (!list.isArray()) {
            throw error("'" + key + "' must be a list of column names");
        }
        for (JsonNode n : list) {
            if (!n.isTextual()) {
                throw error("'" + key + "' must be a list of column names, got " + n);
            }
            out.add(n.textValue().trim());
        }
        return out;
    }

    private TableId tableId(JsonNode node) {
        JsonNode t = node.get("table");
        if (t == null || !t.isTextual() || t.textValue().trim().isEmpty()) {
            throw error("missing 'table' (\"db.table\" or \"table\")");
        }
        String text = t.textValue().trim();
        String[] parts = text.split("\\.", -1);
        if (parts.length > 3 || Arrays.stream(parts).anyMatch(String::isEmpty)) {
            throw error("invalid table id '" + text + "'; expected \"db.table\" or \"table\"");
        }
        return TableId.parse(text);
    }

    private TableId existingTable(JsonNode node) {
        TableId table = tableId(node);
        if (!current.containsKey(table)) {
            throw error("table " + table + " does not exist");
        }
        return table;
    }

    private ScriptException error(String detail) {
        return new ScriptException(
                "Invalid values script "
                        + name
                        + ", event #"
                        + eventNumber
                        + " (line "
                        + line
                        + "): "
                        + detail,
                eventNumber,
                line);
    }

    private ScriptException scriptError(int atLine, String detail) {
        return new ScriptException(
                "Invalid values script "
                        + name
                        + (atLine > 0 ? " (line " + atLine + ")" : "")
                        + ": "
                        + detail,
                0,
                atLine);
    }
}
