package dev.schemaop.connectors.paimon.sink;

import org.apache.flink.core.io.SimpleVersionedSerializer;

/** The serializer of the writer state, which is always empty ({@link PaimonSink}). */
final class NoWriterState implements SimpleVersionedSerializer<Void> {
    @Override
    public int getVersion() {
        return 1;
    }

    @Override
    public byte[] serialize(Void state) {
        return new byte[0];
    }

    @Override
    public Void deserialize(int version, byte[] serialized) {
        return null;
    }
}
