package dev.schemaop.connectors.values.script;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The schema each table has at the point of the script being read, the record generator for that
 * schema, and the schema each table was first created with. Bookkeeping only: the readers check a
 * change before they record it here.
 */
final class TableSchemas {

    private final Map<TableId, Schema> current = new HashMap<>();

    /** One generator per schema, not per row: every row until the next change shares it. */
    private final Map<TableId, BinaryRecordDataGenerator> generators = new HashMap<>();

    private final LinkedHashMap<TableId, Schema> initial = new LinkedHashMap<>();

    boolean exists(TableId table) {
        return current.containsKey(table);
    }

    /** The table's current schema, or {@code null} when it does not exist. */
    Schema schemaOf(TableId table) {
        return current.get(table);
    }

    /** Encodes rows for the table's current schema. */
    BinaryRecordDataGenerator generatorOf(TableId table) {
        return generators.get(table);
    }

    /** A table comes into existence; a table created again after a drop keeps its first schema. */
    void create(TableId table, Schema schema) {
        initial.putIfAbsent(table, schema);
        change(table, schema);
    }

    void change(TableId table, Schema schema) {
        current.put(table, schema);
        DataType[] columnTypes = schema.getColumnDataTypes().toArray(new DataType[0]);
        generators.put(table, new BinaryRecordDataGenerator(columnTypes));
    }

    void drop(TableId table) {
        current.remove(table);
        generators.remove(table);
    }

    /** Each table's schema as first created, in order of creation. */
    LinkedHashMap<TableId, Schema> initialSchemas() {
        return initial;
    }
}
