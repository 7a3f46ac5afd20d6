package dev.schemaop.sample;

import org.apache.flink.core.io.SimpleVersionedSerializer;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Serializes a {@link SampleEnumeratorState} as (version 1): int count, then each split. */
public final class SampleEnumeratorStateSerializer
        implements SimpleVersionedSerializer<SampleEnumeratorState> {

    public static final SampleEnumeratorStateSerializer INSTANCE =
            new SampleEnumeratorStateSerializer();

    private static final int VERSION = 1;

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(SampleEnumeratorState state) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(state.unassigned().size());
            for (SampleSplit split : state.unassigned()) {
                SampleSplitSerializer.write(split, out);
            }
        }
        return bytes.toByteArray();
    }

    @Override
    public SampleEnumeratorState deserialize(int version, byte[] serialized) throws IOException {
        if (version != VERSION) {
            throw new IOException(
                    "Unknown serialization version " + version + " (expected " + VERSION + ")");
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized))) {
            int count = in.readInt();
            List<SampleSplit> splits = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                splits.add(SampleSplitSerializer.read(in));
            }
            return new SampleEnumeratorState(splits);
        }
    }
}
