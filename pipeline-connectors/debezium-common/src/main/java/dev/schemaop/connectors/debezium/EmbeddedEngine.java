package dev.schemaop.connectors.debezium;

import io.debezium.embedded.Connect;
import io.debezium.engine.ChangeEvent;
import io.debezium.engine.DebeziumEngine;
import org.apache.kafka.connect.source.SourceRecord;

import javax.annotation.Nullable;

import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Debezium's embedded engine on a thread of its own, its records handed to the source reader
 * through a bounded queue ({@link HandOff}) in the order the engine reads them: when the reader
 * falls behind, the engine waits, and so does the server's stream. A source gives the engine's
 * properties and says what the reader fails with when the engine stops.
 */
public final class EmbeddedEngine implements AutoCloseable {
    private static final int QUEUE_CAPACITY = 8192;

    /** How Debezium's engine says it cannot stop yet (AsyncEmbeddedEngine.close, 3.5). */
    private static final String TASKS_STARTING = "while tasks are starting";

    /** How it says it stops or stopped already ("being shutting down", "already shut down"). */
    private static final String SHUT_DOWN = "shut";

    private static final Duration STARTING_WAIT = Duration.ofSeconds(60);

    private final HandOff<SourceRecord> records;
    private final DebeziumEngine<ChangeEvent<SourceRecord, SourceRecord>> engine;
    private final ExecutorService thread;
    private final Stops stops;

    /** What the reader fails with once the engine stopped. */
    public interface Stops {
        /** The engine stopped on {@code error} (Debezium's, or one the source raised in it). */
        RuntimeException failed(Throwable error);

        /** The engine stopped without an error, saying {@code message}. */
        RuntimeException ended(@Nullable String message);
    }

    /**
     * @param asFailure what the reader throws for a failure it is handed (the source's own
     *     exceptions as they are)
     */
    public EmbeddedEngine(
            Properties properties,
            String threadName,
            ClassLoader classLoader,
            Function<Throwable, RuntimeException> asFailure,
            Stops stops) {
        this.records = new HandOff<>(QUEUE_CAPACITY, asFailure);
        this.stops = stops;
        this.engine =
                DebeziumEngine.create(Connect.class)
                        .using(properties)
                        .using(classLoader)
                        .notifying(this::handleBatch)
                        .using(this::completed)
                        .build();
        this.thread =
                Executors.newSingleThreadExecutor(
                        r -> {
                            Thread t = new Thread(r, threadName);
                            t.setDaemon(true);
                            t.setContextClassLoader(classLoader);
                            return t;
                        });
    }

    public void start() {
        thread.execute(engine);
    }

    private void handleBatch(
            List<ChangeEvent<SourceRecord, SourceRecord>> events,
            DebeziumEngine.RecordCommitter<ChangeEvent<SourceRecord, SourceRecord>> committer)
            throws InterruptedException {
        for (ChangeEvent<SourceRecord, SourceRecord> event : events) {
            if (!records.put(event.value())) {
                return; // the reader closed: the rest of the batch is not needed
            }
            committer.markProcessed(event);
        }
        committer.markBatchFinished();
        records.signal();
    }

    private void completed(boolean success, String message, @Nullable Throwable error) {
        if (!records.isClosed()) {
            records.fail(error != null ? stops.failed(error) : stops.ended(message));
        }
    }

    /** Takes up to {@code max} records without waiting; throws what stopped the engine. */
    public List<SourceRecord> poll(int max) {
        return records.poll(max);
    }

    /** Completes when records may be there (or the engine failed). */
    public CompletableFuture<Void> available() {
        return records.available();
    }

    @Override
    public void close() throws Exception {
        boolean failedBefore = records.failed();
        records.close();
        try {
            closeEngine(failedBefore);
        } finally {
            thread.shutdownNow();
            thread.awaitTermination(30, TimeUnit.SECONDS);
        }
    }

    /**
     * Debezium's engine refuses to stop while its task starts (a job stopped or cancelled right
     * after the reader began streaming): it is asked again until the task has started, also when
     * the task thread is interrupted meanwhile (Flink interrupts a task that takes long to cancel;
     * leaving the engine starting would leave it holding the slot), and the interrupt is kept. An
     * engine that shut itself down meanwhile (its task failed to start) is done.
     */
    private void closeEngine(boolean failedBefore) throws Exception {
        long deadline = System.nanoTime() + STARTING_WAIT.toNanos();
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    engine.close();
                    return;
                } catch (IllegalStateException refused) {
                    String message = String.valueOf(refused.getMessage());
                    if (failedBefore || message.contains(SHUT_DOWN)) {
                        return; // the engine shut itself down: nothing to close
                    }
                    if (!message.contains(TASKS_STARTING) || System.nanoTime() > deadline) {
                        throw refused;
                    }
                    try {
                        Thread.sleep(20);
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
