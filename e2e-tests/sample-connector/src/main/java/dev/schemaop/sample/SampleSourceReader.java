package dev.schemaop.sample;

import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.core.io.InputStatus;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Emits the script of its assigned split, one event per {@link #pollNext} call. The snapshot of a
 * split is its next position, so a restored reader continues right after the last event emitted
 * before the checkpoint. All methods run in the task's mailbox thread.
 */
public final class SampleSourceReader implements SourceReader<Event, SampleSplit> {

    private final SourceReaderContext context;
    private final SampleScript script;
    private final ArrayDeque<SampleSplit> queued = new ArrayDeque<>();

    private String currentSplitId;
    private int currentPosition;
    private boolean noMoreSplits;
    private CompletableFuture<Void> availability = new CompletableFuture<>();

    public SampleSourceReader(SourceReaderContext context, int rows) {
        this.context = context;
        this.script = new SampleScript(rows);
    }

    @Override
    public void start() {
        // Always ask: the answer carries the split (if still unassigned) and the end-of-splits
        // signal, which a reader restored with its split also needs to finish.
        context.sendSplitRequest();
    }

    @Override
    public InputStatus pollNext(ReaderOutput<Event> output) {
        while (true) {
            if (currentSplitId == null) {
                SampleSplit next = queued.poll();
                if (next == null) {
                    if (noMoreSplits) {
                        return InputStatus.END_OF_INPUT;
                    }
                    if (availability.isDone()) {
                        availability = new CompletableFuture<>();
                    }
                    return InputStatus.NOTHING_AVAILABLE;
                }
                currentSplitId = next.splitId();
                currentPosition = next.position();
            }
            if (currentPosition >= script.size()) {
                currentSplitId = null; // finished; look at the next split, if any
                continue;
            }
            output.collect(script.eventAt(currentPosition));
            currentPosition++;
            return InputStatus.MORE_AVAILABLE;
        }
    }

    @Override
    public List<SampleSplit> snapshotState(long checkpointId) {
        List<SampleSplit> state = new ArrayList<>(queued.size() + 1);
        if (currentSplitId != null) {
            state.add(new SampleSplit(currentSplitId, currentPosition));
        }
        state.addAll(queued);
        return state;
    }

    @Override
    public CompletableFuture<Void> isAvailable() {
        return availability;
    }

    @Override
    public void addSplits(List<SampleSplit> splits) {
        queued.addAll(splits);
        availability.complete(null);
    }

    @Override
    public void notifyNoMoreSplits() {
        noMoreSplits = true;
        availability.complete(null);
    }

    @Override
    public void close() {}
}
