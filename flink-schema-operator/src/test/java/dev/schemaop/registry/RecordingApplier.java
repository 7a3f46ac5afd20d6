package dev.schemaop.registry;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.exceptions.SchemaEvolveException;
import org.apache.flink.cdc.common.sink.MetadataApplier;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A {@link MetadataApplier} that records every call (event and thread) and can be told to throw for
 * some events, or to block on a latch. Thread-safe: the registry calls it on its applier thread
 * while the test reads it.
 */
final class RecordingApplier implements MetadataApplier {
    private static final long serialVersionUID = 1L;

    private final List<SchemaChangeEvent> calls = new CopyOnWriteArrayList<>();
    private final List<SchemaChangeEvent> applied = new CopyOnWriteArrayList<>();
    private final List<String> threads = new CopyOnWriteArrayList<>();
    private final List<Rule> rules = new CopyOnWriteArrayList<>();
    private final AtomicInteger running = new AtomicInteger();
    private final AtomicInteger maxRunning = new AtomicInteger();
    private volatile Set<SchemaChangeEventType> supported =
            EnumSet.allOf(SchemaChangeEventType.class);

    private static final class Rule {
        final Predicate<SchemaChangeEvent> when;
        final Function<SchemaChangeEvent, Exception> error;
        final CountDownLatch release;
        final CompletableFuture<SchemaChangeEvent> blocked = new CompletableFuture<>();
        final AtomicInteger remaining;

        Rule(
                Predicate<SchemaChangeEvent> when,
                Function<SchemaChangeEvent, Exception> error,
                CountDownLatch release,
                int times) {
            this.when = when;
            this.error = error;
            this.release = release;
            this.remaining = new AtomicInteger(times);
        }

        boolean takes(SchemaChangeEvent event) {
            return when.test(event) && remaining.getAndUpdate(n -> n > 0 ? n - 1 : n) > 0;
        }
    }

    /** Every call of this type throws what {@code error} makes. */
    RecordingApplier failOn(
            SchemaChangeEventType type, Function<SchemaChangeEvent, Exception> error) {
        return failWhen(event -> event.getType() == type, error, Integer.MAX_VALUE);
    }

    /** The next {@code times} calls that match throw what {@code error} makes. */
    RecordingApplier failWhen(
            Predicate<SchemaChangeEvent> when,
            Function<SchemaChangeEvent, Exception> error,
            int times) {
        rules.add(new Rule(when, error, null, times));
        return this;
    }

    /**
     * The next call of this type blocks until {@code release} opens; the future completes when it
     * starts blocking.
     */
    CompletableFuture<SchemaChangeEvent> blockOn(
            SchemaChangeEventType type, CountDownLatch release) {
        Rule rule = new Rule(event -> event.getType() == type, null, release, 1);
        rules.add(rule);
        return rule.blocked;
    }

    /** What {@link #getSupportedSchemaEvolutionTypes()} answers (all types unless told). */
    RecordingApplier supporting(Set<SchemaChangeEventType> types) {
        supported = EnumSet.copyOf(types);
        return this;
    }

    @Override
    public Set<SchemaChangeEventType> getSupportedSchemaEvolutionTypes() {
        return supported;
    }

    @Override
    public void applySchemaChange(SchemaChangeEvent event) throws SchemaEvolveException {
        int now = running.incrementAndGet();
        maxRunning.accumulateAndGet(now, Math::max);
        try {
            calls.add(event);
            threads.add(Thread.currentThread().getName());
            for (Rule rule : rules) {
                if (rule.takes(event)) {
                    act(rule, event);
                }
            }
            applied.add(event);
            synchronized (this) {
                notifyAll();
            }
        } finally {
            running.decrementAndGet();
        }
    }

    private static void act(Rule rule, SchemaChangeEvent event) throws SchemaEvolveException {
        if (rule.release != null) {
            rule.blocked.complete(event);
            try {
                rule.release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while applying " + event, e);
            }
            return;
        }
        Exception error = rule.error.apply(event);
        if (error instanceof SchemaEvolveException) {
            throw (SchemaEvolveException) error;
        }
        if (error instanceof RuntimeException) {
            throw (RuntimeException) error;
        }
        throw new IllegalStateException(error);
    }

    /** Every call, in order, including those that threw. */
    List<SchemaChangeEvent> calls() {
        return List.copyOf(calls);
    }

    /** The calls that returned normally. */
    List<SchemaChangeEvent> applied() {
        return List.copyOf(applied);
    }

    /** Waits a few seconds at most until {@code count} calls returned normally. */
    synchronized void awaitApplied(int count) throws InterruptedException {
        long deadline = System.nanoTime() + FakeCoordinatorContext.WAIT.toNanos();
        while (applied.size() < count) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError(
                        "Only " + applied + " returned, expected " + count + " calls");
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }

    List<String> threads() {
        return List.copyOf(threads);
    }

    int maxConcurrentCalls() {
        return maxRunning.get();
    }

    @Override
    public void close() {}
}
