package dev.schemaop.connectors.postgres.source;

import dev.schemaop.api.NonRecoverableException;
import dev.schemaop.connectors.postgres.catalog.ColumnLayout;
import dev.schemaop.connectors.postgres.catalog.TableLayout;
import dev.schemaop.connectors.postgres.values.StreamValues;
import dev.schemaop.connectors.postgres.values.ToastPlaceholder;

import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Struct;

import javax.annotation.Nullable;

import java.sql.SQLException;
import java.util.Arrays;
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
 *
 * <p>An update's large values that PostgreSQL did not log because the update left them unchanged
 * (Debezium's placeholder, {@link ToastPlaceholder}) never reach the sink: they are taken from the
 * before image when the table logs whole rows (REPLICA IDENTITY FULL), else read again from the
 * table ({@link UnloggedValues}).
 */
final class TableRows {
    /** Debezium makes a new Connect schema per table version; a table rarely sees more. */
    private static final int SCHEMAS_KEPT = 16;

    private final TableLayout layout;
    private final TableId table;
    private final String[] names;
    private final DataType[] types;
    private final RecordData.FieldGetter[] keyGetters;

    /** The key's columns, in the order of the layout's key. */
    private final int[] keyIndexes;

    /**
     * Array columns whose unlogged value Debezium cannot put a placeholder in (its forms cover
     * text, json, integer, date, bigint, bytea and uuid arrays): it leaves them null, with a
     * warning.
     */
    private final boolean[] nullIfUnlogged;

    private final BinaryRecordDataGenerator generator;
    private final Map<org.apache.kafka.connect.data.Schema, Field[]> fieldsBySchema =
            new IdentityHashMap<>();

    TableRows(TableLayout layout) {
        this.layout = layout;
        this.table = layout.id();
        Schema schema = layout.pipelineSchema();
        this.names = schema.getColumnNames().toArray(new String[0]);
        this.types = schema.getColumnDataTypes().toArray(new DataType[0]);
        this.keyGetters = new RecordData.FieldGetter[names.length];
        Set<String> key = new HashSet<>(schema.primaryKeys());
        for (int i = 0; i < names.length; i++) {
            if (key.contains(names[i])) {
                keyGetters[i] = RecordData.createFieldGetter(types[i], i);
            }
        }
        this.keyIndexes =
                layout.key().stream().mapToInt(k -> Arrays.asList(names).indexOf(k)).toArray();
        this.nullIfUnlogged = new boolean[names.length];
        for (int i = 0; i < names.length; i++) {
            ColumnLayout column = layout.columns().get(i);
            nullIfUnlogged[i] =
                    "A".equals(column.category())
                            && !ToastPlaceholder.hasArrayForm(column.element());
        }
        this.generator = new BinaryRecordDataGenerator(types);
    }

    /** The layout the pipeline was told, which shapes these rows. */
    TableLayout layout() {
        return layout;
    }

    /**
     * A before image (a delete's, or an update's under REPLICA IDENTITY FULL): every value logged.
     */
    RecordData row(Struct row) {
        Field[] fields = fieldsOf(row);
        Object[] values = new Object[names.length];
        for (int i = 0; i < values.length; i++) {
            Field field = fields[i];
            if (field != null) {
                values[i] = convert(row.get(field), field, i);
            }
        }
        return generator.generate(values);
    }

    /**
     * An after image of the stream, its unlogged large values filled in: an insert's, an update's,
     * or that of the insert Debezium makes of an update that changed the key (a delete of the old
     * key, an insert of the new one, the unchanged large values unlogged as in any update).
     *
     * @param before the update's before image, null if none (the default replica identity)
     * @param updated whether the row is an update's (or a key change's): only then may a large
     *     value be unlogged, and may an array Debezium had no placeholder form for be null for it
     * @return the row, or null when an unlogged value's row is no longer there (deleted, its key
     *     changed, or its table dropped since): the change that removed it comes next in the
     *     stream, and this one is left out
     */
    @Nullable
    RecordData after(
            Struct after, @Nullable Struct before, boolean updated, UnloggedValues unlogged)
            throws SQLException {
        Field[] fields = fieldsOf(after);
        Object[] values = new Object[names.length];
        int[] missing = null;
        int missed = 0;
        for (int i = 0; i < values.length; i++) {
            Field field = fields[i];
            if (field == null) {
                continue;
            }
            Object value = after.get(field);
            if (ToastPlaceholder.is(value) || (updated && value == null && nullIfUnlogged[i])) {
                Object logged = before == null ? null : before.get(field.name());
                if (logged == null || ToastPlaceholder.is(logged)) {
                    if (missing == null) {
                        missing = new int[names.length];
                    }
                    missing[missed++] = i;
                    continue;
                }
                value = logged;
            }
            values[i] = convert(value, field, i);
        }
        if (missed > 0) {
            int[] columns = Arrays.copyOf(missing, missed);
            Object[] read = unlogged.read(layout, columns, types, keyIndexes, values);
            if (read == null) {
                return null;
            }
            for (int c = 0; c < columns.length; c++) {
                values[columns[c]] = read[c];
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

    private Object convert(Object value, Field field, int column) {
        return StreamValues.convert(value, field.schema(), types[column], names[column]);
    }

    private Field[] fieldsOf(Struct row) {
        Field[] fields = fieldsBySchema.get(row.schema());
        if (fields == null) {
            fields = fieldsOf(row.schema());
            if (fieldsBySchema.size() >= SCHEMAS_KEPT) {
                fieldsBySchema.clear();
            }
            fieldsBySchema.put(row.schema(), fields);
        }
        return fields;
    }

    /**
     * The struct's field for each column (null where the row has none), checked once per schema.
     */
    private Field[] fieldsOf(org.apache.kafka.connect.data.Schema rowSchema) {
        List<String> known = List.of(names);
        for (Field field : rowSchema.fields()) {
            if (!known.contains(field.name())) {
                throw new NonRecoverableException(
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
