package dev.schemaop.connectors.values.sink;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.core.io.SimpleVersionedSerializer;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Checkpoint bytes of a {@link ValuesCommittable}: the id, then per row event its table id's parts,
 * the change number and the two rows. Row values are JDK objects by construction ({@code
 * RowValues.decode}: numbers, strings, {@code java.time} values, byte arrays), so they are written
 * with Java serialization, and reading accepts JDK classes only.
 */
final class ValuesCommittableSerializer implements SimpleVersionedSerializer<ValuesCommittable> {
    static final ValuesCommittableSerializer INSTANCE = new ValuesCommittableSerializer();

    private static final int VERSION = 1;

    private static final ObjectInputFilter JDK_ONLY =
            info -> {
                Class<?> type = info.serialClass();
                while (type != null && type.isArray()) {
                    type = type.getComponentType();
                }
                return type == null || type.isPrimitive() || type.getName().startsWith("java.")
                        ? ObjectInputFilter.Status.ALLOWED
                        : ObjectInputFilter.Status.REJECTED;
            };

    private ValuesCommittableSerializer() {}

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(ValuesCommittable committable) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeUTF(committable.id());
            out.writeInt(committable.events().size());
            for (StagedRowEvent event : committable.events()) {
                out.writeObject(event.table().getNamespace());
                out.writeObject(event.table().getSchemaName());
                out.writeObject(event.table().getTableName());
                out.writeLong(event.sequence());
                out.writeObject(event.before());
                out.writeObject(event.after());
            }
        }
        return bytes.toByteArray();
    }

    @Override
    public ValuesCommittable deserialize(int version, byte[] serialized) throws IOException {
        if (version != VERSION) {
            throw new IOException(
                    "Unknown values committable version "
                            + version
                            + "; this build reads "
                            + VERSION);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(serialized))) {
            in.setObjectInputFilter(JDK_ONLY);
            String id = in.readUTF();
            int count = in.readInt();
            List<StagedRowEvent> events = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                TableId table =
                        tableId(
                                (String) in.readObject(),
                                (String) in.readObject(),
                                (String) in.readObject());
                long sequence = in.readLong();
                events.add(
                        new StagedRowEvent(
                                table, sequence, row(in.readObject()), row(in.readObject())));
            }
            return new ValuesCommittable(id, events);
        } catch (ClassNotFoundException | ClassCastException e) {
            throw new IOException("Corrupt values committable", e);
        }
    }

    private static TableId tableId(String namespace, String schema, String table) {
        if (namespace != null) {
            return TableId.tableId(namespace, schema, table);
        }
        return schema != null ? TableId.tableId(schema, table) : TableId.tableId(table);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> row(Object row) {
        return (Map<String, Object>) row;
    }
}
