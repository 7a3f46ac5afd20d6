package dev.schemaop.connectors.values.source;

import java.io.Serializable;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Failures injected into the readers of one source, for failover tests (option {@code
 * fail.at.events}): the readers of the source count the events they emit, JVM-wide and across
 * restarts, and the reader about to emit the n-th event throws instead, once for each listed n. The
 * event itself is emitted again after the restore, which replays from the last checkpoint. The
 * count lives in {@link System#getProperties()} so that readers loaded by different user-code class
 * loaders (a connector jar passed with --jar) share it.
 */
public final class ReaderFaults implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final String REGISTRY_KEY = "dev.schemaop.connectors.values.reader-faults";

    private final String key;
    private final Set<Long> failAt;

    private ReaderFaults(String key, Set<Long> failAt) {
        this.key = key;
        this.failAt = failAt;
    }

    /** No injected failure. */
    public static ReaderFaults none() {
        return new ReaderFaults("", Set.of());
    }

    /**
     * @param key tells the sources of one JVM apart (the script's path): each has its own count
     * @param failAt the event numbers (1 for the first event) at which a reader throws
     */
    public static ReaderFaults at(String key, List<Long> failAt) {
        return new ReaderFaults(key, Set.copyOf(failAt));
    }

    /** Counts the event about to be emitted; throws instead when it is a listed one. */
    void beforeEmit(int subtask) {
        if (failAt.isEmpty()) {
            return;
        }
        long number = counter(key).incrementAndGet();
        if (failAt.contains(number)) {
            counter(key + "#fired").incrementAndGet();
            throw new IllegalStateException(
                    "Injected failure of values source reader "
                            + subtask
                            + " at event "
                            + number
                            + " (option fail.at.events)");
        }
    }

    /** How many injected failures the readers of the source with this key threw so far. */
    public static long fired(String key) {
        return counter(key + "#fired").get();
    }

    private static AtomicLong counter(String key) {
        @SuppressWarnings("unchecked")
        ConcurrentMap<String, AtomicLong> counters =
                (ConcurrentMap<String, AtomicLong>)
                        System.getProperties()
                                .computeIfAbsent(
                                        REGISTRY_KEY,
                                        k -> new ConcurrentHashMap<String, AtomicLong>());
        return counters.computeIfAbsent(key, k -> new AtomicLong());
    }

    /** Forgets the counts of every source in this JVM (a new test run). */
    public static void resetAll() {
        Object counters = System.getProperties().get(REGISTRY_KEY);
        if (counters instanceof Map) {
            ((Map<?, ?>) counters).clear();
        }
    }
}
