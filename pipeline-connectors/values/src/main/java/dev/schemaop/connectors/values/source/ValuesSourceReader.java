package dev.schemaop.connectors.values.source;

import dev.schemaop.api.TableHistoryRestart;
import dev.schemaop.connectors.values.script.ScriptItem;
import dev.schemaop.connectors.values.script.ValuesScript;

import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.core.io.InputStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Reads its assigned splits one after another. For the current split it walks the script's items
 * from the split's position, skipping rows of other splits, and emits one event per call.
 *
 * <p>A checkpoint fence stops the split: nothing more is emitted until a checkpoint whose snapshot
 * was taken while the reader stood at the fence has completed. A snapshot taken at a fence records
 * the position after the fence (if that checkpoint is ever restored, it completed, so the fence is
 * passed).
 *
 * <p>Every split replays every schema change, so each table's changes have one numbering, the same
 * in every split. Before a split's first event of a table it emits {@link TableHistoryRestart}: the
 * events of the table that follow are its history from its first create. A split that resumes in
 * the middle of the script (after a restore) replays, after it, the table's schema changes before
 * its position, rows left out; the pipeline recognises them as handled. So a split's history is
 * right whichever schema operator state a restore at another parallelism put beside it.
 */
public class ValuesSourceReader implements SourceReader<Event, ValuesSplit> {

    private static final Logger LOG = LoggerFactory.getLogger(ValuesSourceReader.class);

    private static final long FENCE_WARNING_SECONDS = 60;

    private final SourceReaderContext context;
    private final ValuesScript script;
    private final long delayMs;
    private final ReaderFaults faults;

    private final ArrayDeque<ValuesSplit> queued = new ArrayDeque<>();
    private ValuesSplit current;
    private int position;

    /** Position at which the current split started reading in this reader. */
    private int splitStart;

    /** Tables whose history the current split has begun (TableHistoryRestart emitted). */
    private final Set<TableId> begun = new HashSet<>();

    /** What the current split emits before the item at {@link #position}: a table's history. */
    private final ArrayDeque<Event> replay = new ArrayDeque<>();

    private boolean noMoreSplits;

    private CompletableFuture<Void> available = CompletableFuture.completedFuture(null);

    /** Position of the fence the current split waits at, or -1. */
    private volatile int fencePosition = -1;

    /** First checkpoint whose snapshot was taken at the fence, or null. */
    private Long fenceCheckpointId;

    private long nextEmitNanos;

    public ValuesSourceReader(SourceReaderContext context, ValuesScript script, long delayMs) {
        this(context, script, delayMs, ReaderFaults.none());
    }

    public ValuesSourceReader(
            SourceReaderContext context, ValuesScript script, long delayMs, ReaderFaults faults) {
        this.context = context;
        this.script = script;
        this.delayMs = delayMs;
        this.faults = faults;
    }

    @Override
    public void start() {}

    @Override
    public InputStatus pollNext(ReaderOutput<Event> output) {
        List<ScriptItem> items = script.getItems();
        while (true) {
            if (current == null) {
                current = queued.poll();
                if (current == null) {
                    return noMoreSplits ? InputStatus.END_OF_INPUT : waitForAvailability();
                }
                position = current.getPosition();
                splitStart = position;
                begun.clear();
                replay.clear();
                LOG.info(
                        "Values source reader {}: reading {} from item {} of {}",
                        context.getIndexOfSubtask(),
                        current.splitId(),
                        position,
                        items.size());
            }
            while (position < items.size()
                    && !items.get(position).belongsTo(current.getIndex(), current.getNumSplits())) {
                position++;
            }
            if (position >= items.size()) {
                LOG.info(
                        "Values source reader {}: finished {}",
                        context.getIndexOfSubtask(),
                        current.splitId());
                current = null;
                continue;
            }
            ScriptItem item = items.get(position);
            if (item.getKind() == ScriptItem.Kind.CHECKPOINT) {
                if (fencePosition != position) {
                    reachFence(item);
                }
                return waitForAvailability();
            }
            Event event = item.getEvent();
            TableId table = item.getTableId();
            if (item.getKind() == ScriptItem.Kind.SKIPPED_CHANGE) {
                output.collect(event);
                position++;
                return InputStatus.MORE_AVAILABLE;
            }
            if (begun.add(table)) {
                replay.add(new TableHistoryRestart(table));
                replay.addAll(schemaChangesBefore(splitStart, table));
            }
            boolean replaying = !replay.isEmpty();
            if (replaying) {
                event = replay.peek();
            }
            if (delayMs > 0) {
                long now = System.nanoTime();
                if (now < nextEmitNanos) {
                    CompletableFuture<Void> wake = newAvailabilityFuture();
                    CompletableFuture.delayedExecutor(nextEmitNanos - now, TimeUnit.NANOSECONDS)
                            .execute(() -> wake.complete(null));
                    return InputStatus.NOTHING_AVAILABLE;
                }
            }
            faults.beforeEmit(context.getIndexOfSubtask());
            output.collect(event);
            if (!replaying) {
                position++;
            } else {
                replay.remove();
                if (replay.isEmpty() && splitStart > 0) {
                    LOG.info(
                            "Values source reader {}: {} resumes at item {}; replayed the history"
                                    + " of {}",
                            context.getIndexOfSubtask(),
                            current.splitId(),
                            position,
                            table);
                }
            }
            if (delayMs > 0) {
                nextEmitNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(delayMs);
            }
            return InputStatus.MORE_AVAILABLE;
        }
    }

    /** The schema changes of {@code table} before {@code end}: the same in every split. */
    private List<Event> schemaChangesBefore(int end, TableId table) {
        List<Event> changes = new ArrayList<>();
        List<ScriptItem> items = script.getItems();
        for (int i = 0; i < end; i++) {
            ScriptItem item = items.get(i);
            if (item.getKind() == ScriptItem.Kind.SCHEMA_CHANGE
                    && table.equals(item.getTableId())) {
                changes.add(item.getEvent());
            }
        }
        return changes;
    }

    private void reachFence(ScriptItem item) {
        final int fence = position;
        fencePosition = fence;
        fenceCheckpointId = null;
        LOG.info(
                "Values source reader {}: {} reached checkpoint fence (event #{}, line {});"
                        + " waiting for a checkpoint to complete",
                context.getIndexOfSubtask(),
                current.splitId(),
                item.getEventNumber(),
                item.getLine());
        CompletableFuture.delayedExecutor(FENCE_WARNING_SECONDS, TimeUnit.SECONDS)
                .execute(
                        () -> {
                            if (fencePosition == fence) {
                                LOG.warn(
                                        "Values source reader {} has waited {}s at the checkpoint"
                                                + " fence of event #{} (line {}); is checkpointing"
                                                + " enabled?",
                                        context.getIndexOfSubtask(),
                                        FENCE_WARNING_SECONDS,
                                        item.getEventNumber(),
                                        item.getLine());
                            }
                        });
    }

    private InputStatus waitForAvailability() {
        newAvailabilityFuture();
        return InputStatus.NOTHING_AVAILABLE;
    }

    private CompletableFuture<Void> newAvailabilityFuture() {
        if (available.isDone()) {
            available = new CompletableFuture<>();
        }
        return available;
    }

    private void signalAvailable() {
        available.complete(null);
    }

    @Override
    public List<ValuesSplit> snapshotState(long checkpointId) {
        List<ValuesSplit> state = new ArrayList<>(queued.size() + 1);
        if (current != null) {
            if (fencePosition >= 0 && fencePosition == position) {
                if (fenceCheckpointId == null) {
                    fenceCheckpointId = checkpointId;
                    LOG.info(
                            "Values source reader {}: checkpoint {} taken at the fence of {}",
                            context.getIndexOfSubtask(),
                            checkpointId,
                            current.splitId());
                }
                state.add(current.atPosition(position + 1));
            } else {
                state.add(current.atPosition(position));
            }
        }
        state.addAll(queued);
        return state;
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        if (fencePosition >= 0
                && fenceCheckpointId != null
                && checkpointId >= fenceCheckpointId
                && current != null
                && position == fencePosition) {
            LOG.info(
                    "Values source reader {}: checkpoint {} completed; passing the fence of {}",
                    context.getIndexOfSubtask(),
                    checkpointId,
                    current.splitId());
            position = fencePosition + 1;
            fencePosition = -1;
            fenceCheckpointId = null;
            signalAvailable();
        }
    }

    @Override
    public CompletableFuture<Void> isAvailable() {
        return available;
    }

    @Override
    public void addSplits(List<ValuesSplit> splits) {
        LOG.info("Values source reader {}: got splits {}", context.getIndexOfSubtask(), splits);
        queued.addAll(splits);
        signalAvailable();
    }

    @Override
    public void notifyNoMoreSplits() {
        noMoreSplits = true;
        signalAvailable();
    }

    @Override
    public void close() {}
}
