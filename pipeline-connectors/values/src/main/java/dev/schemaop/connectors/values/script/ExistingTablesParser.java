package dev.schemaop.connectors.values.script;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;

import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Reads the values sink's {@code existing.tables} file: a YAML list of the tables the sink has
 * before the job starts, each entry written as a script's {@code create.table} event without {@code
 * type} ({@code table}, {@code columns}, {@code primaryKeys}, {@code partitionKeys}, {@code
 * comment}, {@code options}). The schema is read by the script's own {@link TableDefinitionReader},
 * so types, keys and messages are those of a script; a message names the file, the entry and its
 * line: {@code Invalid values sink existing.tables file <path>, entry #<n> (line <l>): <what>}.
 */
public final class ExistingTablesParser {

    /** The keys of an entry: those of a create.table event, except {@code type}. */
    static final List<String> KEYS =
            EventType.CREATE_TABLE.keys().stream()
                    .filter(key -> !key.equals("type"))
                    .collect(Collectors.toUnmodifiableList());

    private static final String EXPECTED =
            "a list of tables, each a mapping {table, columns[, primaryKeys][, partitionKeys]"
                    + "[, comment][, options]}";

    private final ScriptPosition position;
    private final EventFields fields;
    private final TableDefinitionReader definitions;
    private final LinkedHashMap<TableId, Schema> tables = new LinkedHashMap<>();

    /** Entry number of each table read so far, for the message about a table listed twice. */
    private final Map<TableId, Integer> entryOf = new HashMap<>();

    private ExistingTablesParser(String name) {
        this.position = new ScriptPosition(name, "values sink existing.tables file", "entry");
        // no table exists while the file is read: an entry only defines one
        this.fields = new EventFields(position, new TableSchemas());
        this.definitions =
                new TableDefinitionReader(position, fields, new ColumnReader(position, fields));
    }

    /**
     * Parses an {@code existing.tables} file.
     *
     * @param name how messages name the file (usually its path)
     * @param text the YAML text
     * @return each listed table's schema, in the order of the file
     * @throws ScriptException when the file is not valid
     */
    public static Map<TableId, Schema> parse(String name, String text) {
        ExistingTablesParser parser = new ExistingTablesParser(name);
        new EventListReader(parser.position).readList(text, parser::readEntry, EXPECTED);
        return Collections.unmodifiableMap(parser.tables);
    }

    private void readEntry(JsonNode entry) {
        if (!entry.isObject()) {
            throw position.eventError(
                    "an entry must be a mapping with keys "
                            + String.join(", ", KEYS)
                            + " (table and columns required), got "
                            + entry);
        }
        checkKeys(entry);
        TableId table = fields.table(entry);
        Integer first = entryOf.putIfAbsent(table, position.eventNumber());
        if (first != null) {
            throw position.eventError(
                    "table "
                            + table
                            + " is listed twice (also as entry #"
                            + first
                            + "); list each table once");
        }
        tables.put(table, definitions.schema(table, entry));
    }

    private void checkKeys(JsonNode entry) {
        for (Iterator<String> it = entry.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!KEYS.contains(key)) {
                throw position.eventError(
                        "unknown key '"
                                + key
                                + "'; valid keys: "
                                + String.join(", ", KEYS)
                                + (key.equals("type")
                                        ? " (an entry describes a table the sink already has,"
                                                + " not an event: leave out 'type')"
                                        : ""));
            }
        }
    }
}
