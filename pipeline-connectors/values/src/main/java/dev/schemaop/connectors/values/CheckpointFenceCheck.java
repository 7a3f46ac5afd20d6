package dev.schemaop.connectors.values;

import dev.schemaop.connectors.values.script.ScriptItem;
import dev.schemaop.connectors.values.script.ValuesScript;

import org.apache.flink.util.TimeUtils;

import java.time.Duration;
import java.util.Optional;

/**
 * Rejects a script with checkpoint fences when the runner reports checkpointing off: a reader at a
 * fence waits for a completed checkpoint, so without checkpoints the job would never end.
 */
final class CheckpointFenceCheck {

    private CheckpointFenceCheck() {}

    /**
     * @throws IllegalArgumentException naming the first fence when checkpointing is off, or when
     *     the runner's checkpoint interval is not a duration
     */
    static void check(ValuesScript script, RunnerSettings runner) {
        if (!runner.reportsCheckpointing()) {
            return;
        }
        Optional<ScriptItem> fence =
                script.getItems().stream()
                        .filter(item -> item.getKind() == ScriptItem.Kind.CHECKPOINT)
                        .findFirst();
        if (fence.isEmpty() || interval(script, runner).compareTo(Duration.ZERO) > 0) {
            return;
        }
        throw new IllegalArgumentException(
                "Values script "
                        + script.getName()
                        + ": event #"
                        + fence.get().getEventNumber()
                        + " (line "
                        + fence.get().getLine()
                        + ") is a checkpoint fence, but checkpointing is off, so the source would"
                        + " wait for a checkpoint forever. Run with -D "
                        + RunnerSettings.CHECKPOINT_INTERVAL
                        + "=1s, or remove the checkpoint events.");
    }

    /** The runner's checkpoint interval; zero when it gave none (checkpointing off). */
    private static Duration interval(ValuesScript script, RunnerSettings runner) {
        Optional<String> interval = runner.checkpointInterval();
        if (interval.isEmpty()) {
            return Duration.ZERO;
        }
        try {
            return TimeUtils.parseDuration(interval.get());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "Values script "
                            + script.getName()
                            + " has checkpoint fences, but the pipeline configuration's '"
                            + RunnerSettings.CHECKPOINT_INTERVAL
                            + "' is not a duration: '"
                            + interval.get()
                            + "' ("
                            + e.getMessage()
                            + "). Give a duration such as 1s or 200 ms.",
                    e);
        }
    }
}
