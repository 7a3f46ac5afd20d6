package dev.schemaop.connectors.mariadb.source;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.runtime.serializer.schema.SchemaSerializer;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The split's checkpointed form, version 1. */
public final class BinlogSplitSerializer implements SimpleVersionedSerializer<BinlogSplit> {
    public static final BinlogSplitSerializer INSTANCE = new BinlogSplitSerializer();

    private static final int VERSION = 1;

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(BinlogSplit split) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(1024);
        write(split, out);
        return out.getCopyOfBuffer();
    }

    static void write(BinlogSplit split, DataOutputSerializer out) throws IOException {
        writeNullable(split.partitionJson(), out);
        writeNullable(split.offsetJson(), out);
        out.writeInt(split.history().size());
        for (String record : split.history()) {
            writeLong(record, out);
        }
        out.writeInt(split.schemas().size());
        for (Map.Entry<TableId, Schema> entry : split.schemas().entrySet()) {
            out.writeUTF(
                    entry.getKey().getSchemaName() == null ? "" : entry.getKey().getSchemaName());
            out.writeUTF(entry.getKey().getTableName());
            SchemaSerializer.INSTANCE.serialize(entry.getValue(), out);
        }
        out.writeBoolean(split.finished());
    }

    @Override
    public BinlogSplit deserialize(int version, byte[] serialized) throws IOException {
        if (version != VERSION) {
            throw new IOException("Unknown MariaDB source split version " + version);
        }
        return read(new DataInputDeserializer(serialized));
    }

    static BinlogSplit read(DataInputDeserializer in) throws IOException {
        String partition = readNullable(in);
        String offset = readNullable(in);
        int historySize = in.readInt();
        List<String> history = new ArrayList<>(historySize);
        for (int i = 0; i < historySize; i++) {
            history.add(readLong(in));
        }
        int tables = in.readInt();
        Map<TableId, Schema> schemas = new LinkedHashMap<>();
        for (int i = 0; i < tables; i++) {
            String database = in.readUTF();
            String table = in.readUTF();
            schemas.put(
                    TableId.tableId(database, table), SchemaSerializer.INSTANCE.deserialize(in));
        }
        boolean finished = in.readBoolean();
        return new BinlogSplit(partition, offset, history, schemas, finished);
    }

    private static void writeNullable(String text, DataOutputSerializer out) throws IOException {
        out.writeBoolean(text != null);
        if (text != null) {
            writeLong(text, out);
        }
    }

    private static String readNullable(DataInputDeserializer in) throws IOException {
        return in.readBoolean() ? readLong(in) : null;
    }

    /** writeUTF stops at 64 KB; a CREATE TABLE of a wide table may be longer. */
    private static void writeLong(String text, DataOutputSerializer out) throws IOException {
        byte[] bytes = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static String readLong(DataInputDeserializer in) throws IOException {
        byte[] bytes = new byte[in.readInt()];
        in.readFully(bytes);
        return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
    }
}
