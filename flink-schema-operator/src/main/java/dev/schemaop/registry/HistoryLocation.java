package dev.schemaop.registry;

import org.apache.flink.runtime.operators.coordination.OperatorCoordinator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.io.Serializable;
import java.net.URI;
import java.nio.file.Path;

/**
 * Where the registry writes the schema decision history, decided where it runs: the pipeline's
 * {@code pipeline.schema-history.dir}; else {@code schema-history/} beside the checkpoints when
 * they are on a local file system (the job's or the JobManager's {@code
 * execution.checkpointing.dir}); else the embedded run's default ({@code target/schema-history}
 * under the directory the command ran in); else the JobManager's temp directory, said as a WARN. A
 * file system Java cannot append to (an object store) is not written to: the history needs a local
 * or mounted directory.
 *
 * @param configured {@code pipeline.schema-history.dir}, null when not set
 * @param checkpointDirectory the job's checkpoint directory as the submitting side knows it
 * @param embeddedDefault the embedded run's default; null on a cluster
 */
public record HistoryLocation(
        @Nullable String configured,
        @Nullable String checkpointDirectory,
        @Nullable String embeddedDefault)
        implements Serializable {
    private static final Logger LOG = LoggerFactory.getLogger(HistoryLocation.class);
    static final String BESIDE_CHECKPOINTS = "schema-history";

    Path directory(OperatorCoordinator.Context context) {
        if (configured != null) {
            return local(configured);
        }
        String checkpoints =
                checkpointDirectory != null || embeddedDefault != null
                        ? checkpointDirectory
                        : AppliedLogLocation.clusterCheckpointDirectory();
        if (checkpoints != null && isLocal(checkpoints)) {
            return local(checkpoints).resolve(BESIDE_CHECKPOINTS);
        }
        if (embeddedDefault != null) {
            return Path.of(embeddedDefault);
        }
        Path temp =
                Path.of(System.getProperty("java.io.tmpdir"), "flink-schema-operator")
                        .resolve(BESIDE_CHECKPOINTS);
        LOG.warn(
                "The schema decision history goes to {} on this machine: the checkpoint directory"
                        + " ({}) is not on a local file system. Set pipeline.schema-history.dir to"
                        + " a directory every JobManager reaches.",
                temp,
                checkpoints);
        return temp;
    }

    private static boolean isLocal(String path) {
        String scheme = URI.create(path.replace(" ", "%20")).getScheme();
        return scheme == null || scheme.equals("file");
    }

    private static Path local(String path) {
        return path.startsWith("file:") ? Path.of(URI.create(path)) : Path.of(path);
    }
}
