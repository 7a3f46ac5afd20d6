package dev.schemaop.registry;

import dev.schemaop.protocol.DiscardedValuesReport;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.io.IOException;
import java.util.TreeMap;

/**
 * The registry's side of checkpoints, on its event loop: what a checkpoint holds (the {@link
 * RegistryState}), what its completion releases (the applied-change log up to it, the discarded
 * values reported before it), and what a restore or a subtask reset starts over from. A restore
 * finishes a change the failure cut short before the registry answers anyone.
 */
final class RegistryCheckpoints {
    private static final Logger LOG = LoggerFactory.getLogger(RegistryCheckpoints.class);

    private final RegistryRun run;
    private final RegistryLogs logs;
    private final ChangeProcessor processor;
    private final RegistryParts parts;
    private final FailureDrain drain;

    /** The change sequence each pending checkpoint was taken at: its completion truncates there. */
    private final TreeMap<Long, Long> sequenceAtCheckpoint = new TreeMap<>();

    /** Discarded values the subtasks reported, until their checkpoint completes. */
    private final DiscardTally discards = new DiscardTally();

    /** Whether a checkpoint was restored before start(); a fresh job starts a fresh log. */
    private boolean restored;

    RegistryCheckpoints(
            RegistryRun run,
            RegistryLogs logs,
            ChangeProcessor processor,
            RegistryParts parts,
            FailureDrain drain) {
        this.run = run;
        this.logs = logs;
        this.processor = processor;
        this.parts = parts;
        this.drain = drain;
    }

    boolean restored() {
        return restored;
    }

    void discarded(DiscardedValuesReport report) {
        discards.add(report);
    }

    byte[] take(long checkpointId) throws IOException {
        sequenceAtCheckpoint.put(checkpointId, run.state.lastSequence);
        DecisionHistoryFiles.sync(parts.decisions().get());
        return RegistryStateCodec.serialize(run.state);
    }

    void completed(long checkpointId) {
        Long sequence = sequenceAtCheckpoint.get(checkpointId);
        sequenceAtCheckpoint.headMap(checkpointId, true).clear();
        if (sequence != null) {
            processor.log().truncateUpTo(sequence);
        }
        parts.decisions().get().discarded(checkpointId, discards.takeUpTo(checkpointId));
    }

    void restore(long checkpointId, @Nullable byte[] checkpointData) throws IOException {
        restored = true;
        discards.restored(checkpointId);
        drain.clear();
        parts.queries().clear();
        parts.changes().clear();
        parts.metrics().reset();
        parts.subtasks().resetAll();
        run.restart(
                checkpointData == null
                        ? new RegistryState()
                        : RegistryStateCodec.deserialize(checkpointData));
        logs.continueOfThisRun(run.state);
        ChangeIntent unfinished = processor.log().replayOnto(run.state);
        LOG.info(
                "Schema registry restored to checkpoint {} (change sequence {}).",
                checkpointId,
                run.state.lastSequence);
        if (processor.started()) {
            processor.rollForward(unfinished);
        }
    }

    /** A task failure: the registry keeps its state, the subtask asks again. */
    void subtaskReset(int subtask, long checkpointId) {
        parts.changes().forgetSubtask(subtask);
        parts.metrics().forgetSubtask(subtask);
        parts.subtasks().reset(subtask);
        // The job's one region restarts from this checkpoint: the rows of later reports are
        // read again.
        discards.restored(checkpointId);
    }
}
