package dev.schemaop.sample;

import org.apache.flink.core.io.SimpleVersionedSerializer;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;

/** Serializes a {@link SampleSplit} as (version 1): UTF split id, int position. */
public final class SampleSplitSerializer implements SimpleVersionedSerializer<SampleSplit> {

    public static final SampleSplitSerializer INSTANCE = new SampleSplitSerializer();

    private static final int VERSION = 1;

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(SampleSplit split) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            write(split, out);
        }
        return bytes.toByteArray();
    }

    @Override
    public SampleSplit deserialize(int version, byte[] serialized) throws IOException {
        checkVersion(version);
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized))) {
            return read(in);
        }
    }

    static void write(SampleSplit split, DataOutputStream out) throws IOException {
        out.writeUTF(split.splitId());
        out.writeInt(split.position());
    }

    static SampleSplit read(DataInputStream in) throws IOException {
        String id = in.readUTF();
        int position = in.readInt();
        return new SampleSplit(id, position);
    }

    static void checkVersion(int version) throws IOException {
        if (version != VERSION) {
            throw new IOException(
                    "Unknown serialization version " + version + " (expected " + VERSION + ")");
        }
    }
}
