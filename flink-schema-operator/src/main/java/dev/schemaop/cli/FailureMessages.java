package dev.schemaop.cli;

import dev.schemaop.api.PipelineConfigException;
import dev.schemaop.behavior.SchemaChangeRejectedException;
import dev.schemaop.registry.SchemaEvolutionException;

import org.apache.flink.util.ExceptionUtils;

import java.util.List;
import java.util.Optional;

/**
 * Finds, in the chain of causes Flink wraps a job failure in, the message a user can act on: a
 * rejected schema change, a failed schema evolution, or else the deepest cause.
 */
final class FailureMessages {
    private FailureMessages() {}

    static String rootMessage(Throwable failure) {
        for (Class<? extends Throwable> known :
                List.of(
                        SchemaChangeRejectedException.class,
                        SchemaEvolutionException.class,
                        PipelineConfigException.class)) {
            Optional<? extends Throwable> found = ExceptionUtils.findThrowable(failure, known);
            if (found.isPresent()) {
                return found.get().getMessage();
            }
        }
        Throwable root = ExceptionUtils.stripExecutionException(failure);
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getClass().getSimpleName() + ": " + root.getMessage();
    }
}
