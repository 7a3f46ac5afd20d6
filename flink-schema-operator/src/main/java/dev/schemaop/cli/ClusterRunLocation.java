package dev.schemaop.cli;

import dev.schemaop.pipeline.RunLocation;

import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.ReadableConfig;

import java.io.PrintStream;
import java.nio.file.Path;

/**
 * A run on a Flink cluster. The registry's log of applied changes lives in the job's checkpoint
 * storage (registry.AppliedLogLocation); without a checkpoint directory in the job's or the
 * JobManager's configuration it goes to a directory local to the JobManager, which a JobManager on
 * another machine does not have: said before the submission.
 */
final class ClusterRunLocation {
    private ClusterRunLocation() {}

    static RunLocation of(ReadableConfig flink, Path definition, PrintStream err) {
        if (flink.getOptional(CheckpointingOptions.CHECKPOINTS_DIRECTORY).isEmpty()) {
            err.println(
                    "Warning: no checkpoint directory (-D execution.checkpointing.dir=...): unless"
                            + " the cluster's configuration names one, the schema registry keeps"
                            + " its log of applied changes in the JobManager's temp directory,"
                            + " where a restarted or moved JobManager may not find it.");
        }
        return new RunLocation(definition.toAbsolutePath().getParent(), null);
    }
}
