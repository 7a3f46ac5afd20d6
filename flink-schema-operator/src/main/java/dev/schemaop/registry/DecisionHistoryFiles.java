package dev.schemaop.registry;

import org.apache.flink.runtime.operators.coordination.OperatorCoordinator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Opening, syncing and closing the decision history: a history the user asked for that cannot be
 * written stops the start; the default one only gets a WARN, and a failed sync or close never stops
 * the registry.
 */
final class DecisionHistoryFiles {
    private static final Logger LOG = LoggerFactory.getLogger(DecisionHistoryFiles.class);

    private DecisionHistoryFiles() {}

    static DecisionRecorder open(OperatorCoordinator.Context context, RegistryConfig config) {
        HistoryLocation location = config.history();
        if (location == null) {
            return DecisionRecorder.none();
        }
        Path dir = location.directory(context);
        try {
            return DecisionRecorder.open(dir, AppliedLogLocation.jobId(context), config.behavior());
        } catch (IOException | RuntimeException e) {
            String problem =
                    "The schema registry cannot write its decision history in "
                            + dir
                            + " ("
                            + e
                            + "). Set pipeline.schema-history.dir to a directory it may write.";
            if (location.configured() != null) {
                throw new IllegalStateException(problem, e);
            }
            // A default the user did not ask for does not stop the pipeline.
            LOG.warn("{} The pipeline runs without a decision history.", problem);
            return DecisionRecorder.none();
        }
    }

    /** At each checkpoint, as the log at each applier call: what the history holds is on disk. */
    static void sync(DecisionRecorder decisions) {
        try {
            decisions.sync();
        } catch (IOException e) {
            LOG.warn("Cannot sync the schema decision history: {}", e.toString());
        }
    }

    static void close(DecisionRecorder decisions) {
        try {
            decisions.close();
        } catch (IOException e) {
            LOG.warn("Cannot close the schema decision history: {}", e.toString());
        }
    }
}
