package dev.schemaop.benchmarks.source;

import org.apache.flink.api.connector.source.SourceSplit;
import org.apache.flink.core.io.SimpleVersionedSerializer;

import java.nio.ByteBuffer;

/** Split {@code index} of a generated workload. */
public record GeneratorSplit(int index) implements SourceSplit {

    @Override
    public String splitId() {
        return Integer.toString(index);
    }

    /** Splits are numbers; the enumerator's checkpoint is empty (benchmarks do not restore). */
    static final class Serializer implements SimpleVersionedSerializer<GeneratorSplit> {
        @Override
        public int getVersion() {
            return 1;
        }

        @Override
        public byte[] serialize(GeneratorSplit split) {
            return ByteBuffer.allocate(4).putInt(split.index()).array();
        }

        @Override
        public GeneratorSplit deserialize(int version, byte[] bytes) {
            return new GeneratorSplit(ByteBuffer.wrap(bytes).getInt());
        }
    }
}
