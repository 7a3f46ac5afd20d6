package dev.schemaop.pipeline;

import org.apache.flink.cdc.common.source.EventSourceProvider;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExternalizedCheckpointRetention;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import javax.annotation.Nullable;

import java.time.Duration;

/**
 * How an embedded run checkpoints when its configuration does not say (issue 28): a pipeline whose
 * source has no end checkpoints every {@code interval}, into {@code directory}, and its checkpoints
 * outlive a cancellation or a failure, so that a later start of the pipeline can resume from them.
 * What the configuration sets wins, key by key.
 *
 * @param interval the checkpoint interval of a source without an end; null when the run was told to
 *     keep checkpointing off
 * @param directory the checkpoint directory (a URI)
 */
public record CheckpointDefaults(@Nullable Duration interval, String directory) {

    /**
     * Sets on {@code env} what its configuration leaves open, once its source is known. A source
     * with an end is left as configured: it checkpoints only when {@code -D} says so, into the
     * directory {@code -D} names (from which a later start resumes too).
     */
    void applyTo(StreamExecutionEnvironment env, EventSourceProvider source) {
        if (CommittingSinkCheck.hasAnEnd(source)) {
            return;
        }
        Configuration defaults = new Configuration();
        boolean checkpointing = env.getCheckpointConfig().isCheckpointingEnabled();
        if (!checkpointing && interval != null) {
            defaults.set(CheckpointingOptions.CHECKPOINTING_INTERVAL, interval);
            checkpointing = true;
        }
        if (!checkpointing) {
            return;
        }
        if (env.getConfiguration()
                .getOptional(CheckpointingOptions.CHECKPOINTS_DIRECTORY)
                .isEmpty()) {
            defaults.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, directory);
        }
        if (env.getConfiguration()
                .getOptional(CheckpointingOptions.EXTERNALIZED_CHECKPOINT_RETENTION)
                .isEmpty()) {
            defaults.set(
                    CheckpointingOptions.EXTERNALIZED_CHECKPOINT_RETENTION,
                    ExternalizedCheckpointRetention.RETAIN_ON_CANCELLATION);
        }
        env.configure(defaults);
    }
}
