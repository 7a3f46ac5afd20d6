package dev.schemaop.connectors.values.source;

import org.apache.flink.core.io.SimpleVersionedSerializer;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;

/** Serializes {@link ValuesSplit}s (version 1: index, numSplits, position as ints). */
public final class ValuesSplitSerializer implements SimpleVersionedSerializer<ValuesSplit> {

    public static final ValuesSplitSerializer INSTANCE = new ValuesSplitSerializer();

    private static final int VERSION = 1;

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(ValuesSplit split) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(12);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            write(split, out);
        }
        return bytes.toByteArray();
    }

    @Override
    public ValuesSplit deserialize(int version, byte[] serialized) throws IOException {
        checkVersion(version);
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized))) {
            return read(in);
        }
    }

    static void write(ValuesSplit split, DataOutputStream out) throws IOException {
        out.writeInt(split.getIndex());
        out.writeInt(split.getNumSplits());
        out.writeInt(split.getPosition());
    }

    static ValuesSplit read(DataInputStream in) throws IOException {
        int index = in.readInt();
        int numSplits = in.readInt();
        int position = in.readInt();
        return new ValuesSplit(index, numSplits, position);
    }

    static void checkVersion(int version) throws IOException {
        if (version != VERSION) {
            throw new IOException(
                    "Unknown values source state version " + version + "; expected " + VERSION);
        }
    }
}
