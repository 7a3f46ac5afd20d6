package dev.schemaop.benchmarks.source;

import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.core.io.SimpleVersionedSerializer;

import java.util.List;

/** Gives reader {@code i} split {@code i}: one split per source subtask. */
final class GeneratorEnumerator implements SplitEnumerator<GeneratorSplit, Void> {
    private final SplitEnumeratorContext<GeneratorSplit> context;

    GeneratorEnumerator(SplitEnumeratorContext<GeneratorSplit> context) {
        this.context = context;
    }

    @Override
    public void start() {}

    @Override
    public void handleSplitRequest(int subtaskId, String requesterHostname) {}

    @Override
    public void addSplitsBack(List<GeneratorSplit> splits, int subtaskId) {
        throw new UnsupportedOperationException("Benchmark runs do not fail over");
    }

    @Override
    public void addReader(int subtaskId) {
        context.assignSplit(new GeneratorSplit(subtaskId), subtaskId);
        context.signalNoMoreSplits(subtaskId);
    }

    @Override
    public Void snapshotState(long checkpointId) {
        return null;
    }

    @Override
    public void close() {}

    static final class StateSerializer implements SimpleVersionedSerializer<Void> {
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
}
