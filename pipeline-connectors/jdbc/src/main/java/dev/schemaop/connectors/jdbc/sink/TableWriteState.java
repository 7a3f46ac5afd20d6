package dev.schemaop.connectors.jdbc.sink;

import dev.schemaop.connectors.jdbc.catalog.TablePath;
import dev.schemaop.connectors.jdbc.dialect.JdbcDialect;
import dev.schemaop.connectors.jdbc.types.JdbcValues;

import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;

import javax.annotation.Nullable;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

/**
 * One version of a table as a writer writes it: the schema it last received, the SQL of each {@link
 * RowOperation} and how to read a row's values. A schema change makes a new version (with a new
 * number, so prepared statements of the old version are not reused).
 */
final class TableWriteState {
    private final TableId tableId;
    private final TablePath path;
    private final Schema schema;
    private final int version;
    private final List<DataType> types;
    private final List<RecordData.FieldGetter> getters;
    private final int[] keyIndexes;
    private final String upsertSql;
    private final String deleteByKeySql;
    private final String insertSql;
    private final String deleteOneRowSql;
    private final JdbcDialect dialect;
    private final int[] mayNotStore;

    TableWriteState(
            JdbcDialect dialect, TableId tableId, TablePath path, Schema schema, int version) {
        this.tableId = tableId;
        this.path = path;
        this.schema = schema;
        this.version = version;
        this.types = schema.getColumnDataTypes();
        this.getters = new ArrayList<>();
        for (int i = 0; i < types.size(); i++) {
            // Read through the nullable type: a NOT NULL getter skips the null check and reads a
            // null as 0 or '', which the database would then store instead of refusing the row.
            getters.add(RecordData.createFieldGetter(types.get(i).nullable(), i));
        }
        List<String> columns = schema.getColumnNames();
        List<String> keys = schema.primaryKeys();
        this.keyIndexes = new int[keys.size()];
        for (int i = 0; i < keys.size(); i++) {
            keyIndexes[i] = columns.indexOf(keys.get(i));
            if (keyIndexes[i] < 0) {
                throw new IllegalArgumentException(
                        "Primary key column " + keys.get(i) + " is not a column of " + tableId);
            }
        }
        this.upsertSql = keys.isEmpty() ? null : dialect.upsert(path, columns, keys);
        this.deleteByKeySql = keys.isEmpty() ? null : dialect.deleteByKey(path, keys);
        this.insertSql = dialect.insert(path, columns);
        this.deleteOneRowSql = dialect.deleteOneRow(path, columns);
        this.dialect = dialect;
        this.mayNotStore =
                IntStream.range(0, types.size())
                        .filter(i -> dialect.mayNotStore(types.get(i)))
                        .toArray();
    }

    TableId tableId() {
        return tableId;
    }

    TablePath path() {
        return path;
    }

    Schema schema() {
        return schema;
    }

    int version() {
        return version;
    }

    boolean hasPrimaryKey() {
        return keyIndexes.length > 0;
    }

    /** The column types, in column order. */
    List<DataType> types() {
        return types;
    }

    /** The types of the parameters of an operation's statement. */
    List<DataType> parameterTypes(RowOperation operation) {
        if (operation != RowOperation.DELETE_BY_KEY) {
            return types;
        }
        List<DataType> out = new ArrayList<>();
        for (int index : keyIndexes) {
            out.add(types.get(index));
        }
        return out;
    }

    String sql(RowOperation operation) {
        switch (operation) {
            case UPSERT:
                return upsertSql;
            case DELETE_BY_KEY:
                return deleteByKeySql;
            case INSERT:
                return insertSql;
            case DELETE_ONE_ROW:
                return deleteOneRowSql;
            default:
                throw new IllegalArgumentException(String.valueOf(operation));
        }
    }

    /** The row's values as JDBC values, in column order. */
    Object[] values(RecordData row) {
        if (row.getArity() != types.size()) {
            throw new IllegalStateException(
                    "A row of "
                            + row.getArity()
                            + " fields reached table "
                            + tableId
                            + ", whose schema has "
                            + types.size()
                            + " columns: "
                            + schema);
        }
        Object[] out = new Object[types.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = JdbcValues.toJdbc(getters.get(i).getFieldOrNull(row), types.get(i));
        }
        return out;
    }

    /**
     * Why the database cannot store a value of the row ("column name holds a string with the NUL
     * character ..."), looking at the key columns only or at every column; null when it can store
     * them all. Only columns whose type can carry such a value are looked at.
     */
    @Nullable
    String unstorable(Object[] values, boolean keyOnly) {
        for (int i : mayNotStore) {
            if (keyOnly && !isKeyColumn(i)) {
                continue;
            }
            String why = values[i] == null ? null : dialect.unstorable(values[i]);
            if (why != null) {
                return "column " + schema.getColumnNames().get(i) + " holds " + why;
            }
        }
        return null;
    }

    private boolean isKeyColumn(int column) {
        for (int index : keyIndexes) {
            if (index == column) {
                return true;
            }
        }
        return false;
    }

    /** The row's key for a message: {@code id=5, code='a'}. */
    String describeKey(Object[] values) {
        List<String> parts = new ArrayList<>();
        for (int index : keyIndexes) {
            Object value = values[index];
            parts.add(
                    schema.getColumnNames().get(index)
                            + "="
                            + (value instanceof String ? "'" + value + "'" : value));
        }
        return String.join(", ", parts);
    }

    /** The key values of a row's values, in key order. */
    Object[] keyValues(Object[] values) {
        Object[] out = new Object[keyIndexes.length];
        for (int i = 0; i < keyIndexes.length; i++) {
            out[i] = values[keyIndexes[i]];
        }
        return out;
    }

    /**
     * A value that equals another key's exactly when the keys are equal (byte arrays by content).
     */
    static List<Object> keyIdentity(Object[] key) {
        List<Object> out = new ArrayList<>(key.length);
        for (Object value : key) {
            out.add(value instanceof byte[] ? ByteBuffer.wrap((byte[]) value) : value);
        }
        return out;
    }

    boolean sameKey(Object[] a, Object[] b) {
        return keyIdentity(keyValues(a)).equals(keyIdentity(keyValues(b)));
    }

    @Override
    public String toString() {
        return tableId + " v" + version + " " + Arrays.toString(schema.getColumnNames().toArray());
    }
}
