package dev.schemaop.connectors.debezium;

import org.apache.flink.api.connector.source.SourceSplit;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.List;

/**
 * Hands a change-data-capture source's one split (a server's change stream, read by one client) to
 * reader 0. A split given back by a failed reader goes to reader 0 again when it registers. The
 * other readers get nothing; they end only when the source is bounded (a snapshot). A streaming job
 * keeps them idle: a vertex whose subtasks partly finished could no longer take checkpoints with
 * union list state, nor be restored where Flink chains it differently (another parallelism).
 */
public final class SingleSplitEnumerator<S extends SourceSplit>
        implements SplitEnumerator<S, List<S>> {
    private final SplitEnumeratorContext<S> context;
    private final List<S> unassigned;
    private final boolean bounded;

    public SingleSplitEnumerator(
            SplitEnumeratorContext<S> context, List<S> unassigned, boolean bounded) {
        this.context = context;
        this.unassigned = new ArrayList<>(unassigned);
        this.bounded = bounded;
    }

    @Override
    public void start() {}

    @Override
    public void handleSplitRequest(int subtaskId, @Nullable String requesterHostname) {}

    @Override
    public void addSplitsBack(List<S> splits, int subtaskId) {
        unassigned.addAll(splits);
    }

    @Override
    public void addReader(int subtaskId) {
        if (subtaskId == 0 && !unassigned.isEmpty()) {
            for (S split : unassigned) {
                context.assignSplit(split, 0);
            }
            unassigned.clear();
        }
        if (bounded) {
            context.signalNoMoreSplits(subtaskId);
        }
    }

    @Override
    public List<S> snapshotState(long checkpointId) {
        return List.copyOf(unassigned);
    }

    @Override
    public void close() {}
}
