package dev.schemaop.registry;

import dev.schemaop.api.NonRecoverableException;
import dev.schemaop.behavior.SchemaChangeRejectedException;

import org.apache.flink.cdc.common.exceptions.UnsupportedSchemaChangeEventException;
import org.apache.flink.runtime.execution.SuppressRestartsException;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * Whether a restart can fix what fails the job. Some failures are decisions a restart would make
 * again, forever under Flink's default restart strategy once checkpointing is on: a change the
 * behavior or a key rule rejects, an existing table the expansion mode refuses, a change the sink
 * refuses as unsupported or as drift, anything a connector raises as {@link
 * NonRecoverableException}. Those end the job at once ({@link SuppressRestartsException}); anything
 * else (a lost connection, a timeout) may be transient and restarts it from the last checkpoint.
 */
final class RestartPolicy {
    private RestartPolicy() {}

    /** What the registry hands Flink to fail the job with {@code cause}. */
    static Throwable failureOf(Throwable cause) {
        return restartsWouldHelp(cause) ? cause : new SuppressRestartsException(cause);
    }

    static boolean restartsWouldHelp(Throwable cause) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Throwable t = cause; t != null && seen.add(t); t = t.getCause()) {
            if (t instanceof SchemaChangeRejectedException
                    || t instanceof NonRecoverableException
                    || t instanceof UnsupportedSchemaChangeEventException
                    || t instanceof SuppressRestartsException
                    || (t instanceof SchemaEvolutionException e && e.isDecided())) {
                return false;
            }
        }
        return true;
    }
}
