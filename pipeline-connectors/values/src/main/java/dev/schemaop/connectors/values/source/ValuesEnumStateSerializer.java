package dev.schemaop.connectors.values.source;

import org.apache.flink.core.io.SimpleVersionedSerializer;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Serializes {@link ValuesEnumState} (version 1: count, then each split). */
public final class ValuesEnumStateSerializer implements SimpleVersionedSerializer<ValuesEnumState> {

    public static final ValuesEnumStateSerializer INSTANCE = new ValuesEnumStateSerializer();

    @Override
    public int getVersion() {
        return 1;
    }

    @Override
    public byte[] serialize(ValuesEnumState state) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(state.getPendingSplits().size());
            for (ValuesSplit split : state.getPendingSplits()) {
                ValuesSplitSerializer.write(split, out);
            }
        }
        return bytes.toByteArray();
    }

    @Override
    public ValuesEnumState deserialize(int version, byte[] serialized) throws IOException {
        ValuesSplitSerializer.checkVersion(version);
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized))) {
            int count = in.readInt();
            List<ValuesSplit> splits = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                splits.add(ValuesSplitSerializer.read(in));
            }
            return new ValuesEnumState(splits);
        }
    }
}
