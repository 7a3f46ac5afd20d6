package dev.schemaop.connectors.postgres.source;

import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.List;

/**
 * Hands the one split to reader 0: a slot is read by one connection. A split given back by a failed
 * reader goes to reader 0 again when it registers. The other readers get nothing; they end only
 * when the source is bounded (a snapshot), as the mariadb source's do.
 */
final class WalEnumerator implements SplitEnumerator<WalSplit, List<WalSplit>> {
    private final SplitEnumeratorContext<WalSplit> context;
    private final List<WalSplit> unassigned;
    private final boolean bounded;

    WalEnumerator(
            SplitEnumeratorContext<WalSplit> context, List<WalSplit> unassigned, boolean bounded) {
        this.context = context;
        this.unassigned = new ArrayList<>(unassigned);
        this.bounded = bounded;
    }

    @Override
    public void start() {}

    @Override
    public void handleSplitRequest(int subtaskId, @Nullable String requesterHostname) {}

    @Override
    public void addSplitsBack(List<WalSplit> splits, int subtaskId) {
        unassigned.addAll(splits);
    }

    @Override
    public void addReader(int subtaskId) {
        if (subtaskId == 0 && !unassigned.isEmpty()) {
            for (WalSplit split : unassigned) {
                context.assignSplit(split, 0);
            }
            unassigned.clear();
        }
        if (bounded) {
            context.signalNoMoreSplits(subtaskId);
        }
    }

    @Override
    public List<WalSplit> snapshotState(long checkpointId) {
        return List.copyOf(unassigned);
    }

    @Override
    public void close() {}
}
