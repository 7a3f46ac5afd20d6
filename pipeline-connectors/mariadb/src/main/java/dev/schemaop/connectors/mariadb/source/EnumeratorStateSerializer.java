package dev.schemaop.connectors.mariadb.source;

import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** The splits not yet handed out, version 1. */
final class EnumeratorStateSerializer implements SimpleVersionedSerializer<List<BinlogSplit>> {
    @Override
    public int getVersion() {
        return 1;
    }

    @Override
    public byte[] serialize(List<BinlogSplit> splits) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(256);
        out.writeInt(splits.size());
        for (BinlogSplit split : splits) {
            BinlogSplitSerializer.write(split, out);
        }
        return out.getCopyOfBuffer();
    }

    @Override
    public List<BinlogSplit> deserialize(int version, byte[] serialized) throws IOException {
        DataInputDeserializer in = new DataInputDeserializer(serialized);
        int count = in.readInt();
        List<BinlogSplit> splits = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            splits.add(BinlogSplitSerializer.read(in));
        }
        return splits;
    }
}
