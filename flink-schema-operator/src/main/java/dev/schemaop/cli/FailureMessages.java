package dev.schemaop.cli;

import dev.schemaop.api.NonRecoverableException;
import dev.schemaop.api.PipelineConfigException;
import dev.schemaop.behavior.SchemaChangeRejectedException;
import dev.schemaop.registry.SchemaEvolutionException;

import org.apache.flink.runtime.client.JobInitializationException;
import org.apache.flink.runtime.operators.coordination.TaskNotRunningException;
import org.apache.flink.util.ExceptionUtils;
import org.apache.flink.util.SerializedThrowable;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * Finds, in the chain of causes Flink wraps a job failure in, the message a user can act on: a
 * rejected schema change, a failed schema evolution, a connector's failure that a restart cannot
 * fix, the deepest cause of a job the cluster could not start, or else the outermost exception
 * Flink did not add (a connector's own message), or else the deepest cause.
 */
final class FailureMessages {
    private FailureMessages() {}

    static String rootMessage(Throwable failure) {
        for (Class<? extends Throwable> known :
                List.of(
                        SchemaChangeRejectedException.class,
                        SchemaEvolutionException.class,
                        PipelineConfigException.class,
                        // a connector's failure that ends the job: its message is for the user
                        NonRecoverableException.class)) {
            Optional<? extends Throwable> found = ExceptionUtils.findThrowable(failure, known);
            if (found.isPresent()) {
                return found.get().getMessage();
            }
        }
        Optional<JobInitializationException> notStarted =
                ExceptionUtils.findThrowable(failure, JobInitializationException.class);
        if (notStarted.isPresent()) {
            // Flink wraps what stopped the job's start in several layers of its own ("Could not
            // start the JobMaster", "Cannot instantiate the coordinator ..."): the deepest cause
            // is what to fix, e.g. a class the cluster does not have.
            return "The cluster could not start the job: " + describe(deepest(notStarted.get()));
        }
        if (ExceptionUtils.findThrowable(failure, TaskNotRunningException.class).isPresent()) {
            // A coordinator's event reached a task that had just failed, and its answer reached
            // the JobManager before the task's own failure did: Flink records that one instead.
            return "A task failed, and Flink recorded only that an event sent to it afterwards was"
                    + " lost (TaskNotRunningException); the task's own exception is in the log"
                    + " file.";
        }
        // The outermost exception that Flink did not add: a connector's own message says what
        // it was doing ("writer 0 could not write ..."), where the deepest cause is often a bare
        // driver exception.
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (!cause.getClass().getName().startsWith("org.apache.flink.")
                    && !(cause instanceof ExecutionException)
                    && !(cause instanceof CompletionException)
                    && cause.getMessage() != null) {
                return cause.getClass().getSimpleName() + ": " + cause.getMessage();
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return describe(deepest(ExceptionUtils.stripExecutionException(failure)));
    }

    private static Throwable deepest(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root;
    }

    /**
     * "Type: message"; an exception the client could not deserialize (its class is the cluster's
     * only) by the name of its original class.
     */
    private static String describe(Throwable error) {
        String type =
                error instanceof SerializedThrowable serialized
                        ? serialized.getOriginalErrorClassName()
                        : error.getClass().getName();
        return type.substring(type.lastIndexOf('.') + 1) + ": " + error.getMessage();
    }
}
