package dev.schemaop.e2e.sinkv2;

import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.FlushEvent;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the test sinks of one run saw, JVM-wide (the embedded cluster runs in the test's JVM, and
 * these classes are loaded once: the connector jar holds only the service registration).
 */
final class Outcomes {
    private static final Map<String, Outcomes> RUNS = new ConcurrentHashMap<>();

    /** Rows, as {@link #describe}, that a committer committed; each batch once. */
    final List<String> committed = new CopyOnWriteArrayList<>();

    final Set<String> committedBatches = ConcurrentHashMap.newKeySet();

    /** Rows a plain writer wrote. */
    final List<String> written = new CopyOnWriteArrayList<>();

    /** {@code flush(false)} calls on the connector's writers: the runtime's flush requests. */
    final AtomicInteger writerFlushes = new AtomicInteger();

    /** Flush events that reached a connector's writer: must stay 0. */
    final AtomicInteger flushEventsAtWriter = new AtomicInteger();

    /** Counts and refuses a FlushEvent: the runtime must never hand one to a connector's writer. */
    void refuseFlushEvent(Event event) {
        if (event instanceof FlushEvent) {
            flushEventsAtWriter.incrementAndGet();
            throw new IllegalStateException(
                    "A FlushEvent reached the connector's writer: " + event);
        }
    }

    final List<String> preWriteRows = new CopyOnWriteArrayList<>();
    final AtomicInteger preWriteFlushEvents = new AtomicInteger();
    final List<String> preCommitRows = new CopyOnWriteArrayList<>();
    final List<String> postCommitRows = new CopyOnWriteArrayList<>();

    /** The writer states each {@code restoreWriter} call received. */
    final List<List<Integer>> restoredStates = new CopyOnWriteArrayList<>();

    /** Per key (base64), the writer subtasks that wrote its rows: the key-writers sink's. */
    final Map<String, Set<Integer>> keyWriters = new ConcurrentHashMap<>();

    /** Per key (base64), the key-writers sink's second column values in the order written. */
    final Map<String, List<Integer>> keyValues = new ConcurrentHashMap<>();

    /** Per writer subtask, the rows it counted when its input ended (the last attempt's). */
    final Map<Integer, Integer> finalCounts = new ConcurrentHashMap<>();

    private final AtomicBoolean failed = new AtomicBoolean();

    static Outcomes of(String run) {
        return RUNS.computeIfAbsent(run, r -> new Outcomes());
    }

    /** True the first time only: an injected failure fires once per run. */
    boolean failOnce() {
        return failed.compareAndSet(false, true);
    }

    /** A row event as "insert 7", "update 1", "delete 2": its kind and the id column's value. */
    static String describe(DataChangeEvent event) {
        switch (event.op()) {
            case INSERT:
                return "insert " + event.after().getInt(0);
            case UPDATE:
                return "update " + event.after().getInt(0);
            case DELETE:
                return "delete " + event.before().getInt(0);
            default:
                return event.op() + " " + event.after().getInt(0);
        }
    }
}
