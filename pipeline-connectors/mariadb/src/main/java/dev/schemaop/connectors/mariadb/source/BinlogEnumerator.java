package dev.schemaop.connectors.mariadb.source;

import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.List;

/**
 * Hands the one split to reader 0: a server's change stream is read by one client. A split given
 * back by a failed reader goes to reader 0 again when it registers. The other readers get nothing;
 * they end only when the source is bounded (a snapshot). A streaming job keeps them idle: a vertex
 * whose subtasks partly finished could no longer take checkpoints with union list state, nor be
 * restored where Flink chains it differently (another parallelism).
 */
final class BinlogEnumerator implements SplitEnumerator<BinlogSplit, List<BinlogSplit>> {
    private final SplitEnumeratorContext<BinlogSplit> context;
    private final List<BinlogSplit> unassigned;

    private final boolean bounded;

    BinlogEnumerator(
            SplitEnumeratorContext<BinlogSplit> context,
            List<BinlogSplit> unassigned,
            boolean bounded) {
        this.context = context;
        this.unassigned = new ArrayList<>(unassigned);
        this.bounded = bounded;
    }

    @Override
    public void start() {}

    @Override
    public void handleSplitRequest(int subtaskId, @Nullable String requesterHostname) {}

    @Override
    public void addSplitsBack(List<BinlogSplit> splits, int subtaskId) {
        unassigned.addAll(splits);
    }

    @Override
    public void addReader(int subtaskId) {
        if (subtaskId == 0 && !unassigned.isEmpty()) {
            for (BinlogSplit split : unassigned) {
                context.assignSplit(split, 0);
            }
            unassigned.clear();
        }
        if (bounded) {
            context.signalNoMoreSplits(subtaskId);
        }
    }

    @Override
    public List<BinlogSplit> snapshotState(long checkpointId) {
        return List.copyOf(unassigned);
    }

    @Override
    public void close() {}
}
