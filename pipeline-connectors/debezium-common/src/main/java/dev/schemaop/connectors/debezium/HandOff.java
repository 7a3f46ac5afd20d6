package dev.schemaop.connectors.debezium;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Items made on a thread of their own (Debezium's records, the snapshot's rows) handed to the
 * source reader on the task thread, in order, through a bounded queue: when the reader falls
 * behind, the producer waits. The reader never blocks: it takes what is there and is woken through
 * {@link #available()} when more arrives or the producer failed.
 */
public final class HandOff<T> {
    private final BlockingQueue<T> queue;
    private volatile CompletableFuture<Void> available = new CompletableFuture<>();
    @Nullable private volatile Throwable failure;
    private volatile boolean closed;
    private final Function<Throwable, RuntimeException> asFailure;

    /**
     * @param asFailure what the reader throws for what stopped the producer (the source's own
     *     exception passes as it is)
     */
    public HandOff(int capacity, Function<Throwable, RuntimeException> asFailure) {
        this.queue = new ArrayBlockingQueue<>(capacity);
        this.asFailure = asFailure;
    }

    /**
     * Waits for room; returns false, dropping the item, once the reader closed the hand-off.
     *
     * @throws InterruptedException when the producer's thread is stopped
     */
    public boolean put(T item) throws InterruptedException {
        while (!closed) {
            if (queue.offer(item, 100, TimeUnit.MILLISECONDS)) {
                if (queue.size() == 1) {
                    signal(); // the reader may be asleep on an empty queue
                }
                return true;
            }
            signal();
        }
        return false;
    }

    /**
     * Tells the reader that a batch is complete: it wakes now rather than at the next full queue.
     */
    public void signal() {
        available.complete(null);
    }

    /** What stopped the producer: the reader's next poll throws it. */
    public void fail(Throwable error) {
        failure = error;
        signal();
    }

    public boolean failed() {
        return failure != null;
    }

    public boolean isClosed() {
        return closed;
    }

    /** Takes up to {@code max} items without waiting; throws what stopped the producer. */
    public List<T> poll(int max) {
        List<T> items = new ArrayList<>(Math.min(max, queue.size()));
        queue.drainTo(items, max);
        if (items.isEmpty()) {
            Throwable error = failure;
            if (error != null) {
                throw asFailure.apply(error);
            }
        }
        return items;
    }

    /** Completes when items may be there (or the producer failed). */
    public CompletableFuture<Void> available() {
        if (!queue.isEmpty() || failure != null) {
            return CompletableFuture.completedFuture(null);
        }
        CompletableFuture<Void> future = available;
        if (future.isDone()) {
            available = future = new CompletableFuture<>();
            if (!queue.isEmpty() || failure != null) {
                future.complete(null);
            }
        }
        return future;
    }

    /** The reader is done: a waiting producer gives up. */
    public void close() {
        closed = true;
        queue.clear();
    }
}
