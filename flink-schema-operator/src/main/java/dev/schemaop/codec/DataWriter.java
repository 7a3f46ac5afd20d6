package dev.schemaop.codec;

import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.runtime.serializer.TableIdSerializer;
import org.apache.flink.cdc.runtime.serializer.event.EventSerializer;
import org.apache.flink.cdc.runtime.serializer.schema.SchemaSerializer;
import org.apache.flink.core.memory.DataOutputView;

import javax.annotation.Nullable;

import java.io.IOException;
import java.util.Collection;
import java.util.Map;

/**
 * Writes the values the runtime's state and messages are made of, with Flink CDC's own serializers
 * for table ids, schemas and events, so they read back exactly as Apache Flink CDC writes them.
 * Every collection is its size, then its elements.
 */
public final class DataWriter {
    private final DataOutputView out;

    public DataWriter(DataOutputView out) {
        this.out = out;
    }

    /** One element of a collection. */
    public interface Element<T> {
        void write(DataWriter writer, T value) throws IOException;
    }

    public DataOutputView out() {
        return out;
    }

    public DataWriter table(TableId table) throws IOException {
        TableIdSerializer.INSTANCE.serialize(table, out);
        return this;
    }

    public DataWriter schema(Schema schema) throws IOException {
        SchemaSerializer.INSTANCE.serialize(schema, out);
        return this;
    }

    public DataWriter nullableSchema(@Nullable Schema schema) throws IOException {
        out.writeBoolean(schema != null);
        if (schema != null) {
            schema(schema);
        }
        return this;
    }

    public DataWriter event(Event event) throws IOException {
        EventSerializer.INSTANCE.serialize(event, out);
        return this;
    }

    public DataWriter string(String value) throws IOException {
        out.writeUTF(value);
        return this;
    }

    public DataWriter intValue(int value) throws IOException {
        out.writeInt(value);
        return this;
    }

    public DataWriter longValue(long value) throws IOException {
        out.writeLong(value);
        return this;
    }

    public <T> DataWriter list(Collection<T> values, Element<T> element) throws IOException {
        out.writeInt(values.size());
        for (T value : values) {
            element.write(this, value);
        }
        return this;
    }

    /** A list that may be absent (written as size -1), as a reset step's events are. */
    public <T> DataWriter nullableList(@Nullable Collection<T> values, Element<T> element)
            throws IOException {
        if (values == null) {
            out.writeInt(-1);
            return this;
        }
        return list(values, element);
    }

    public <K, V> DataWriter map(Map<K, V> entries, Element<K> key, Element<V> value)
            throws IOException {
        out.writeInt(entries.size());
        for (Map.Entry<K, V> entry : entries.entrySet()) {
            key.write(this, entry.getKey());
            value.write(this, entry.getValue());
        }
        return this;
    }

    /** A number per table: sink versions, truncate ordinals, positions. */
    public DataWriter tableInts(Map<TableId, Integer> values) throws IOException {
        return map(values, DataWriter::table, DataWriter::intValue);
    }
}
