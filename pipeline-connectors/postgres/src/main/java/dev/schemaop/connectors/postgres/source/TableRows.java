package dev.schemaop.connectors.postgres.source;

import dev.schemaop.connectors.postgres.values.StreamValues;

import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Struct;

import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One table's rows in the schema the pipeline was told. Everything that does not change from row to
 * row is worked out once: the column names, types and key getters when the layout is known, and for
 * each Connect schema Debezium hands out (one object per table version, reused for its rows) which
 * of its fields fills which column, and whether it has a field the pipeline was not told of.
 */
final class TableRows {
    /** Debezium makes a new Connect schema per table version; a table rarely sees more. */
    private static final int SCHEMAS_KEPT = 16;

    private final TableId table;
    private final String[] names;
    private final DataType[] types;
    private final RecordData.FieldGetter[] keyGetters;
    private final BinaryRecordDataGenerator generator;
    private final Map<org.apache.kafka.connect.data.Schema, Field[]> fieldsBySchema =
            new IdentityHashMap<>();

    TableRows(TableId table, Schema schema) {
        this.table = table;
        this.names = schema.getColumnNames().toArray(new String[0]);
        this.types = schema.getColumnDataTypes().toArray(new DataType[0]);
        this.keyGetters = new RecordData.FieldGetter[names.length];
        Set<String> key = new HashSet<>(schema.primaryKeys());
        for (int i = 0; i < names.length; i++) {
            if (key.contains(names[i])) {
                keyGetters[i] = RecordData.createFieldGetter(types[i], i);
            }
        }
        this.generator = new BinaryRecordDataGenerator(types);
    }

    RecordData row(Struct row) {
        Field[] fields = fieldsBySchema.get(row.schema());
        if (fields == null) {
            fields = fieldsOf(row.schema());
            if (fieldsBySchema.size() >= SCHEMAS_KEPT) {
                fieldsBySchema.clear();
            }
            fieldsBySchema.put(row.schema(), fields);
        }
        Object[] values = new Object[names.length];
        for (int i = 0; i < values.length; i++) {
            Field field = fields[i];
            if (field != null) {
                values[i] =
                        StreamValues.convert(row.get(field), field.schema(), types[i], names[i]);
            }
        }
        return generator.generate(values);
    }

    /**
     * The before image of an update under the default replica identity, which logs no old values
     * when the key did not change: the key's values, the other columns null (as in a delete's).
     */
    RecordData keyOf(RecordData after) {
        Object[] values = new Object[names.length];
        for (int i = 0; i < values.length; i++) {
            if (keyGetters[i] != null) {
                values[i] = keyGetters[i].getFieldOrNull(after);
            }
        }
        return generator.generate(values);
    }

    /**
     * The struct's field for each column (null where the row has none), checked once per schema.
     */
    private Field[] fieldsOf(org.apache.kafka.connect.data.Schema rowSchema) {
        List<String> known = List.of(names);
        for (Field field : rowSchema.fields()) {
            if (!known.contains(field.name())) {
                throw new IllegalStateException(
                        "A row of "
                                + table
                                + " has the column "
                                + field.name()
                                + ", which the DDL capture did not report (the pipeline knows "
                                + known
                                + "). Was the event trigger schemaop_capture_ddl disabled or"
                                + " dropped? Restore it (the source installs it at start) and"
                                + " start the pipeline with --fresh.");
            }
        }
        Field[] fields = new Field[names.length];
        for (int i = 0; i < names.length; i++) {
            fields[i] = rowSchema.field(names[i]);
        }
        return fields;
    }
}
