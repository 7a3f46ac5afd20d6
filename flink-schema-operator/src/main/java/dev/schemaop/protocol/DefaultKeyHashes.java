package dev.schemaop.protocol;

import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.OperationType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.function.HashFunction;
import org.apache.flink.cdc.common.function.HashFunctionProvider;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.sink.DefaultDataChangeEventHashFunctionProvider;
import org.apache.flink.cdc.common.utils.SchemaUtils;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Flink CDC's default hash function of a sink ({@code DefaultDataChangeEventHashFunctionProvider}:
 * the table id and the primary key values), with one difference: a binary key value is hashed by
 * its bytes. Flink CDC's hashes it as a Java array, by identity, so two rows of one binary key (a
 * UUID in {@code BINARY(16)}) went to different sink subtasks at random, whose writers keep no
 * order between them. Every other key hashes to exactly the value of Flink CDC's, so rows go where
 * they went before; and it hashes without building a list per row.
 */
public final class DefaultKeyHashes implements HashFunctionProvider<DataChangeEvent> {
    private static final long serialVersionUID = 1L;

    /** The sink's hash functions, or these in place of Flink CDC's default ones. */
    public static HashFunctionProvider<DataChangeEvent> replacingDefault(
            HashFunctionProvider<DataChangeEvent> sinks) {
        return sinks.getClass() == DefaultDataChangeEventHashFunctionProvider.class
                ? new DefaultKeyHashes()
                : sinks;
    }

    @Override
    public HashFunction<DataChangeEvent> getHashFunction(TableId table, Schema schema) {
        List<RecordData.FieldGetter> all = SchemaUtils.createFieldGetters(schema);
        List<RecordData.FieldGetter> keys = new ArrayList<>();
        for (String key : schema.primaryKeys()) {
            int index = schema.getColumnNames().indexOf(key);
            if (index < 0) {
                throw new IllegalStateException(
                        "Primary key column "
                                + key
                                + " of "
                                + table
                                + " is not among its columns.");
            }
            keys.add(all.get(index));
        }
        return new KeyHash(keys.toArray(new RecordData.FieldGetter[0]));
    }

    /** The fold of {@code Objects.hash(namespace, schema, table, key values...)}, times 31. */
    private record KeyHash(RecordData.FieldGetter[] keys) implements HashFunction<DataChangeEvent> {
        @Override
        public int hashcode(DataChangeEvent event) {
            TableId table = event.tableId();
            int hash = 1;
            if (table.getNamespace() != null) {
                hash = 31 * hash + table.getNamespace().hashCode();
            }
            if (table.getSchemaName() != null) {
                hash = 31 * hash + table.getSchemaName().hashCode();
            }
            hash = 31 * hash + table.getTableName().hashCode();
            RecordData row = event.op() == OperationType.DELETE ? event.before() : event.after();
            for (RecordData.FieldGetter key : keys) {
                Object value = key.getFieldOrNull(row);
                hash =
                        31 * hash
                                + (value instanceof byte[] bytes
                                        ? Arrays.hashCode(bytes)
                                        : hashOf(value));
            }
            return (hash * 31) & Integer.MAX_VALUE;
        }

        private static int hashOf(Object value) {
            return value == null ? 0 : value.hashCode();
        }
    }
}
