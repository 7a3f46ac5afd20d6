package dev.schemaop.faults.sink;

import org.apache.flink.runtime.execution.SuppressRestartsException;

import java.io.Serializable;
import java.util.Set;

/**
 * Where the checking sink fails, by JVM-wide counts kept in its store: the n-th applier call
 * (before it changes the table, or after), the n-th hash function the schema operator asks for (a
 * failure in the schema operator's task), the n-th flush of any writer (before or after it wrote),
 * and the n-th row with a key above {@code stopAboveKey} a writer receives, which stops the whole
 * job without a restart (the test then resubmits it from its retained checkpoint; such rows come
 * after the script's first checkpoint fence, so there is one). Each listed count fails once.
 */
public record SinkFaults(
        Set<Long> applierBefore,
        Set<Long> applierAfter,
        Set<Long> hashFunction,
        Set<Long> flushBefore,
        Set<Long> flushAfter,
        long stopAtRow,
        long stopAboveKey)
        implements Serializable {

    public static SinkFaults none() {
        return new SinkFaults(Set.of(), Set.of(), Set.of(), Set.of(), Set.of(), 0, 0);
    }

    static void failIf(Set<Long> at, long count, String what, CheckingStore store) {
        if (at.contains(count)) {
            store.count("injected failures");
            throw new InjectedFailure("Injected failure: " + what + " #" + count);
        }
    }

    void stopIf(int key, CheckingStore store) {
        if (stopAtRow > 0
                && key > stopAboveKey
                && store.count("rows above the stop key") == stopAtRow) {
            store.count("injected failures");
            throw new SuppressRestartsException(
                    new InjectedFailure("Injected stop of the whole job at row #" + stopAtRow));
        }
    }

    /** A failure the test injected (never a finding by itself). */
    public static final class InjectedFailure extends RuntimeException {
        InjectedFailure(String message) {
            super(message);
        }
    }
}
