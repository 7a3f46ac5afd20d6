package dev.schemaop.benchmarks.source;

import dev.schemaop.benchmarks.workload.Workload;

import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * An in-process FLIP-27 source of a {@link Workload}, one split per subtask. With {@code
 * measureAtEnd} each reader, once its events are out, waits for a checkpoint taken after them to
 * complete (so every event has been processed downstream and the registry's state is in that
 * checkpoint); subtask 0 then measures the heap and the checkpoint before the job ends.
 */
public final class GeneratorSource implements Source<Event, GeneratorSplit, Void> {
    private static final long serialVersionUID = 1L;

    private final String runId;
    private final Workload workload;
    private final int splits;
    private final String checkpointDir;

    /**
     * @param checkpointDir where the run's checkpoints are, to be measured at the end; or null
     */
    public GeneratorSource(String runId, Workload workload, int splits, String checkpointDir) {
        this.runId = runId;
        this.workload = workload;
        this.splits = splits;
        this.checkpointDir = checkpointDir;
    }

    @Override
    public Boundedness getBoundedness() {
        return Boundedness.BOUNDED;
    }

    @Override
    public SplitEnumerator<GeneratorSplit, Void> createEnumerator(
            SplitEnumeratorContext<GeneratorSplit> context) {
        return new GeneratorEnumerator(context);
    }

    @Override
    public SplitEnumerator<GeneratorSplit, Void> restoreEnumerator(
            SplitEnumeratorContext<GeneratorSplit> context, Void checkpoint) {
        return new GeneratorEnumerator(context);
    }

    @Override
    public SimpleVersionedSerializer<GeneratorSplit> getSplitSerializer() {
        return new GeneratorSplit.Serializer();
    }

    @Override
    public SimpleVersionedSerializer<Void> getEnumeratorCheckpointSerializer() {
        return new GeneratorEnumerator.StateSerializer();
    }

    @Override
    public SourceReader<Event, GeneratorSplit> createReader(SourceReaderContext context) {
        return new GeneratorReader(
                runId, workload, splits, checkpointDir, context.getIndexOfSubtask());
    }
}
