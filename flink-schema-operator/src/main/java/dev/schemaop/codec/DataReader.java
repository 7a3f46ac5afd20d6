package dev.schemaop.codec;

import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.runtime.serializer.TableIdSerializer;
import org.apache.flink.cdc.runtime.serializer.event.EventSerializer;
import org.apache.flink.cdc.runtime.serializer.schema.SchemaSerializer;
import org.apache.flink.core.memory.DataInputView;

import javax.annotation.Nullable;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads what {@link DataWriter} wrote. */
public final class DataReader {
    private final DataInputView in;

    public DataReader(DataInputView in) {
        this.in = in;
    }

    /** One element of a collection. */
    public interface Element<T> {
        T read(DataReader reader) throws IOException;
    }

    public DataInputView in() {
        return in;
    }

    public TableId table() throws IOException {
        return TableIdSerializer.INSTANCE.deserialize(in);
    }

    public Schema schema() throws IOException {
        return SchemaSerializer.INSTANCE.deserialize(in);
    }

    @Nullable
    public Schema nullableSchema() throws IOException {
        return in.readBoolean() ? schema() : null;
    }

    public Event event() throws IOException {
        return EventSerializer.INSTANCE.deserialize(in);
    }

    public String string() throws IOException {
        return in.readUTF();
    }

    public int intValue() throws IOException {
        return in.readInt();
    }

    public long longValue() throws IOException {
        return in.readLong();
    }

    public <T> List<T> list(Element<T> element) throws IOException {
        int size = in.readInt();
        List<T> values = new ArrayList<>(Math.max(0, size));
        for (int i = 0; i < size; i++) {
            values.add(element.read(this));
        }
        return values;
    }

    /** A list written by {@link DataWriter#nullableList}: null when it was absent. */
    @Nullable
    public <T> List<T> nullableList(Element<T> element) throws IOException {
        int size = in.readInt();
        if (size < 0) {
            return null;
        }
        List<T> values = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            values.add(element.read(this));
        }
        return values;
    }

    /** Entries in the order written; the map keeps that order. */
    public <K, V> Map<K, V> map(Element<K> key, Element<V> value) throws IOException {
        Map<K, V> entries = new LinkedHashMap<>();
        for (int i = in.readInt(); i > 0; i--) {
            entries.put(key.read(this), value.read(this));
        }
        return entries;
    }

    public Map<TableId, Integer> tableInts() throws IOException {
        return new HashMap<>(map(DataReader::table, DataReader::intValue));
    }
}
