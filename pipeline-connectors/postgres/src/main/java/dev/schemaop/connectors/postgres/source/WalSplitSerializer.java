package dev.schemaop.connectors.postgres.source;

import dev.schemaop.connectors.postgres.catalog.LayoutMessages;
import dev.schemaop.connectors.postgres.catalog.TableLayout;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputView;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The split in a checkpoint: texts as length-prefixed UTF-8, layouts as their JSON. Version 2 adds
 * the tables whose CREATE TABLE AS rows were being logged again; version 1 had none.
 */
final class WalSplitSerializer implements SimpleVersionedSerializer<WalSplit> {
    static final WalSplitSerializer INSTANCE = new WalSplitSerializer();

    static final int VERSION = 2;

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(WalSplit split) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(256);
        write(split, out);
        return out.getCopyOfBuffer();
    }

    @Override
    public WalSplit deserialize(int version, byte[] serialized) throws IOException {
        return read(version, new DataInputDeserializer(serialized));
    }

    static void write(WalSplit split, DataOutputView out) throws IOException {
        writeText(split.partitionJson(), out);
        writeText(split.offsetJson(), out);
        out.writeInt(split.layouts().size());
        for (TableLayout layout : split.layouts()) {
            writeText(LayoutMessages.write(layout), out);
        }
        out.writeBoolean(split.streaming());
        out.writeBoolean(split.finished());
        out.writeInt(split.relogging().size());
        for (TableId table : split.relogging()) {
            writeText(table.getSchemaName(), out);
            writeText(table.getTableName(), out);
        }
    }

    static WalSplit read(int version, DataInputView in) throws IOException {
        if (version < 1 || version > VERSION) {
            throw new IOException(
                    "The postgres source's checkpoint has its position in format version "
                            + version
                            + ", which this version of the source does not read (it reads 1 to "
                            + VERSION
                            + "). Restore it with the version of flink-schema-operator that took"
                            + " it, or start anew with --fresh.");
        }
        String partition = readText(in);
        String offset = readText(in);
        int count = in.readInt();
        List<TableLayout> layouts = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            layouts.add(LayoutMessages.layout(readText(in)));
        }
        boolean streaming = in.readBoolean();
        boolean finished = in.readBoolean();
        List<TableId> relogging = new ArrayList<>();
        if (version >= 2) {
            for (int i = in.readInt(); i > 0; i--) {
                relogging.add(TableId.tableId(readText(in), readText(in)));
            }
        }
        return new WalSplit(partition, offset, layouts, streaming, finished, relogging);
    }

    private static void writeText(String text, DataOutputView out) throws IOException {
        if (text == null) {
            out.writeInt(-1);
            return;
        }
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static String readText(DataInputView in) throws IOException {
        int length = in.readInt();
        if (length < 0) {
            return null;
        }
        byte[] bytes = new byte[length];
        in.readFully(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
