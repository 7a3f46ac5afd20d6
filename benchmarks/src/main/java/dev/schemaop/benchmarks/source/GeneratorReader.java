package dev.schemaop.benchmarks.source;

import dev.schemaop.benchmarks.probe.EndOfRun;
import dev.schemaop.benchmarks.probe.Probes;
import dev.schemaop.benchmarks.probe.RunProbe;
import dev.schemaop.benchmarks.workload.GeneratedEvents;
import dev.schemaop.benchmarks.workload.Workload;

import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.core.io.InputStatus;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/** Emits its split's events as fast as the pipeline takes them, timing the schema changes. */
final class GeneratorReader implements SourceReader<Event, GeneratorSplit> {
    private static final int EVENTS_PER_POLL = 256;

    private final String runId;
    private final Workload workload;
    private final int splits;
    private final String checkpointDir;
    private final int subtask;
    private final int pointsPerTable;

    private RunProbe probe;
    private GeneratedEvents events;
    private boolean exhausted;
    private long finalCheckpoint = -1;
    private boolean finished;
    private CompletableFuture<Void> available = new CompletableFuture<>();

    GeneratorReader(
            String runId, Workload workload, int splits, String checkpointDir, int subtask) {
        this.runId = runId;
        this.workload = workload;
        this.splits = splits;
        this.checkpointDir = checkpointDir;
        this.subtask = subtask;
        this.pointsPerTable = workload.changePoints() + 1;
    }

    @Override
    public void start() {
        probe = Probes.of(runId);
    }

    @Override
    public InputStatus pollNext(ReaderOutput<Event> output) {
        if (finished) {
            return InputStatus.END_OF_INPUT;
        }
        if (events == null || exhausted) {
            return nothingAvailable();
        }
        for (int i = 0; i < EVENTS_PER_POLL; i++) {
            Event event = events.next();
            if (event == null) {
                exhausted = true;
                if (checkpointDir == null) {
                    finished = true;
                    return InputStatus.END_OF_INPUT;
                }
                return nothingAvailable();
            }
            if (!(event instanceof DataChangeEvent)) {
                probe.changeEmitted(
                        events.currentTable() * pointsPerTable + events.currentChangePoint(),
                        System.nanoTime());
            }
            output.collect(event);
        }
        return InputStatus.MORE_AVAILABLE;
    }

    @Override
    public List<GeneratorSplit> snapshotState(long checkpointId) {
        if (exhausted && finalCheckpoint < 0) {
            finalCheckpoint = checkpointId;
        }
        return List.of();
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        if (finalCheckpoint < 0 || checkpointId < finalCheckpoint || finished) {
            return;
        }
        if (subtask == 0) {
            EndOfRun.measure(probe, checkpointDir, checkpointId);
        }
        finished = true;
        available.complete(null);
    }

    /** A new future only here, so that one completed meanwhile (a split came) is not lost. */
    private InputStatus nothingAvailable() {
        if (available.isDone()) {
            available = new CompletableFuture<>();
        }
        return InputStatus.NOTHING_AVAILABLE;
    }

    @Override
    public CompletableFuture<Void> isAvailable() {
        return available;
    }

    @Override
    public void addSplits(List<GeneratorSplit> assigned) {
        for (GeneratorSplit split : assigned) {
            events = GeneratedEvents.of(workload, split.index(), splits);
        }
        probe.emitted(System.nanoTime());
        available.complete(null);
    }

    @Override
    public void notifyNoMoreSplits() {}

    @Override
    public void close() {}
}
