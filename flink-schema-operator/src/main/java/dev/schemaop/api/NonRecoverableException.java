package dev.schemaop.api;

import org.apache.flink.runtime.throwable.ThrowableAnnotation;
import org.apache.flink.runtime.throwable.ThrowableType;

/**
 * A failure that a restart cannot fix: a change rejected by the pipeline's behavior or expansion
 * mode, a sink table that drifted from what the pipeline knows, a value the sink cannot store, a
 * statement the source cannot parse, credentials or privileges refused. Flink's failure handling
 * finds this class's annotation anywhere in a failure's cause chain and ends the job at once,
 * whatever the restart strategy, instead of restoring the last checkpoint only to meet the same
 * failure again (forever under the default strategy once checkpointing is on).
 *
 * <p>Connectors throw it (or wrap their own exception in it) from a writer, a source reader or a
 * {@code MetadataApplier}. Its message is what the user reads: what went wrong, where (table,
 * column, statement, position) and how to fix it (SPEC §9).
 */
@ThrowableAnnotation(ThrowableType.NonRecoverableError)
public class NonRecoverableException extends RuntimeException {
    public NonRecoverableException(String message) {
        super(message);
    }

    public NonRecoverableException(String message, Throwable cause) {
        super(message, cause);
    }
}
