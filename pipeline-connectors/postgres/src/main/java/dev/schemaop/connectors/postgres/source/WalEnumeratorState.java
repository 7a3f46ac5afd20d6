package dev.schemaop.connectors.postgres.source;

import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The enumerator's checkpoint: the split not yet given to reader 0, if any, in the split's format
 * of the same version.
 */
final class WalEnumeratorState implements SimpleVersionedSerializer<List<WalSplit>> {
    @Override
    public int getVersion() {
        return WalSplitSerializer.VERSION;
    }

    @Override
    public byte[] serialize(List<WalSplit> splits) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(256);
        out.writeInt(splits.size());
        for (WalSplit split : splits) {
            WalSplitSerializer.write(split, out);
        }
        return out.getCopyOfBuffer();
    }

    @Override
    public List<WalSplit> deserialize(int version, byte[] serialized) throws IOException {
        DataInputDeserializer in = new DataInputDeserializer(serialized);
        int count = in.readInt();
        List<WalSplit> splits = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            splits.add(WalSplitSerializer.read(version, in));
        }
        return splits;
    }
}
