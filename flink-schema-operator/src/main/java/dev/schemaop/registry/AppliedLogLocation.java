package dev.schemaop.registry;

import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.ConfigConstants;
import org.apache.flink.configuration.GlobalConfiguration;
import org.apache.flink.core.fs.Path;
import org.apache.flink.runtime.metrics.scope.ScopeFormat;
import org.apache.flink.runtime.operators.coordination.OperatorCoordinator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.io.Serializable;
import java.util.UUID;

/**
 * Where the registry keeps its log of applied changes (SPEC G6), decided where the registry runs:
 * in the job's checkpoint storage ({@code execution.checkpointing.dir}, any Flink file system) when
 * the job or the JobManager's configuration names it, so that the log outlives the JobManager like
 * the checkpoints it completes; else in the embedded run's scratch directory, or, on a cluster, in
 * the JobManager's temp directory, said as a WARN at start. The log's directory is keyed by the job
 * id and the registry's operator id: two runs of one definition never share a log, and a JobManager
 * failover of one job finds it again.
 *
 * @param checkpointDirectory the job's checkpoint directory as the submitting side knows it
 * @param localDirectory the embedded run's scratch directory; null on a cluster
 */
public record AppliedLogLocation(
        @Nullable String checkpointDirectory, @Nullable String localDirectory)
        implements Serializable {
    private static final Logger LOG = LoggerFactory.getLogger(AppliedLogLocation.class);
    static final String BESIDE_CHECKPOINTS = "schema-registry";

    /**
     * A log's directory, and whether a sync there reaches the disk: only in checkpoint storage,
     * where the checkpoints it completes outlive the JobManager too.
     */
    record Directory(Path path, boolean synced) {}

    /** The directory of the log of the registry with this context. */
    Directory directoryFor(OperatorCoordinator.Context context) {
        String job = jobId(context);
        String operator = context.getOperatorId().toHexString();
        // An embedded run does not read a cluster's configuration that happens to be named here.
        String checkpoints =
                checkpointDirectory != null || localDirectory != null
                        ? checkpointDirectory
                        : clusterCheckpointDirectory();
        if (checkpoints != null) {
            return new Directory(
                    new Path(new Path(new Path(checkpoints, BESIDE_CHECKPOINTS), job), operator),
                    true);
        }
        if (localDirectory != null) {
            // An embedded run: its checkpoints, in its memory, end with it like this directory.
            Path dir =
                    new Path(new Path(new Path(localDirectory, "applied-changes"), job), operator);
            LOG.info("The schema registry logs the changes it applies in {}", dir);
            return new Directory(dir, false);
        }
        String temp = System.getProperty("java.io.tmpdir") + "/flink-schema-operator";
        Path dir = new Path(new Path(new Path(temp, "applied-changes"), job), operator);
        LOG.warn(
                "No checkpoint directory (execution.checkpointing.dir): the schema registry logs the"
                        + " changes it applies in {} on this machine. A JobManager that restarts"
                        + " elsewhere, or a restore after this directory is gone, may apply changes"
                        + " again. Set execution.checkpointing.dir to keep the log with the"
                        + " checkpoints.",
                dir);
        return new Directory(dir, false);
    }

    /** The JobManager's own configuration, when its launcher names it (as Flink's scripts do). */
    @Nullable
    static String clusterCheckpointDirectory() {
        String confDir = System.getenv(ConfigConstants.ENV_FLINK_CONF_DIR);
        if (confDir == null) {
            return null;
        }
        try {
            return GlobalConfiguration.loadConfiguration(confDir)
                    .getOptional(CheckpointingOptions.CHECKPOINTS_DIRECTORY)
                    .orElse(null);
        } catch (RuntimeException e) {
            LOG.warn("Cannot read the configuration in {}: {}", confDir, e.toString());
            return null;
        }
    }

    /** The job's id; a registry outside a job (a unit test) gets one of its own. */
    static String jobId(OperatorCoordinator.Context context) {
        String job = context.metricGroup().getAllVariables().get(ScopeFormat.SCOPE_JOB_ID);
        return job != null ? job : "run-" + UUID.randomUUID();
    }
}
