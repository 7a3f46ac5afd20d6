package dev.schemaop.sample;

import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;

import java.util.ArrayList;
import java.util.List;

/**
 * Hands the single script split to the first reader that asks for it and tells every asking reader
 * that no more splits follow. Splits returned by a failed reader are handed out again.
 */
public final class SampleSplitEnumerator
        implements SplitEnumerator<SampleSplit, SampleEnumeratorState> {

    private final SplitEnumeratorContext<SampleSplit> context;
    private final List<SampleSplit> unassigned;

    public SampleSplitEnumerator(
            SplitEnumeratorContext<SampleSplit> context, List<SampleSplit> unassigned) {
        this.context = context;
        this.unassigned = new ArrayList<>(unassigned);
    }

    @Override
    public void start() {}

    @Override
    public void handleSplitRequest(int subtaskId, String requesterHostname) {
        if (!unassigned.isEmpty()) {
            context.assignSplit(unassigned.remove(0), subtaskId);
        }
        context.signalNoMoreSplits(subtaskId);
    }

    @Override
    public void addSplitsBack(List<SampleSplit> splits, int subtaskId) {
        // Back to the pool; the restarted reader asks again when it starts.
        unassigned.addAll(splits);
    }

    @Override
    public void addReader(int subtaskId) {
        // Readers pull their split with a split request.
    }

    @Override
    public SampleEnumeratorState snapshotState(long checkpointId) {
        return new SampleEnumeratorState(unassigned);
    }

    @Override
    public void close() {}
}
