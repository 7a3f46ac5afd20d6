package dev.schemaop.connectors.postgres.stream;

import dev.schemaop.api.NonRecoverableException;
import dev.schemaop.api.Secrets;
import dev.schemaop.connectors.debezium.HandOff;
import dev.schemaop.connectors.debezium.ReaderOwner;
import dev.schemaop.connectors.postgres.PostgresSourceSettings;
import dev.schemaop.connectors.postgres.slot.PostgresConnections;

import io.debezium.embedded.Connect;
import io.debezium.engine.ChangeEvent;
import io.debezium.engine.DebeziumEngine;
import org.apache.flink.util.ExceptionUtils;
import org.apache.kafka.connect.source.SourceRecord;

import javax.annotation.Nullable;

import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Runs Debezium's PostgreSQL connector in-process (its embedded engine) on a thread of its own and
 * hands its records to the source reader through a bounded queue, in WAL order: when the reader
 * falls behind, the engine waits, and so does the slot.
 */
public final class EngineRunner implements AutoCloseable {
    private static final int QUEUE_CAPACITY = 8192;

    private final PostgresSourceSettings settings;
    private final HandOff<SourceRecord> records =
            new HandOff<>(QUEUE_CAPACITY, PostgresSourceException::of);
    private final String engineName = "schemaop-postgres-" + UUID.randomUUID();
    private final DebeziumEngine<ChangeEvent<SourceRecord, SourceRecord>> engine;
    private final ExecutorService thread;

    /**
     * @param partitionJson the restored offset's partition, null for a new job
     * @param offsetJson the restored offset, null for a new job (the slot's confirmed position)
     */
    public EngineRunner(
            PostgresSourceSettings settings,
            ReaderOwner owner,
            @Nullable String partitionJson,
            @Nullable String offsetJson,
            ClassLoader classLoader) {
        this.settings = settings;
        PostgresConnections.registerDriver();
        this.engine =
                DebeziumEngine.create(Connect.class)
                        .using(
                                DebeziumProperties.of(
                                        settings,
                                        engineName,
                                        owner.metricTags(engineName),
                                        partitionJson,
                                        offsetJson))
                        .using(classLoader)
                        .notifying(this::handleBatch)
                        .using(this::completed)
                        .build();
        this.thread =
                Executors.newSingleThreadExecutor(
                        r -> {
                            Thread t = new Thread(r, "debezium-postgres-engine");
                            t.setDaemon(true);
                            t.setContextClassLoader(classLoader);
                            return t;
                        });
    }

    public void start() {
        thread.execute(engine);
    }

    /** The position of a complete checkpoint: the slot may release the WAL before it. */
    public void confirm(String partitionJson, String offsetJson) {
        ConfirmedOffsetStore.confirm(engineName, partitionJson, offsetJson);
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
        if (records.isClosed()) {
            return;
        }
        List<String> secrets = settings.secrets();
        if (error != null) {
            Optional<NonRecoverableException> decided =
                    ExceptionUtils.findThrowable(error, NonRecoverableException.class);
            records.fail(
                    decided.isPresent()
                            ? decided.get()
                            : new PostgresSourceException(
                                    "The PostgreSQL change reader of "
                                            + settings.endpoint()
                                            + " stopped: "
                                            + Secrets.mask(
                                                    String.valueOf(
                                                            ExceptionUtils.stripCompletionException(
                                                                            error)
                                                                    .getMessage()),
                                                    secrets),
                                    Secrets.scrub(error, secrets)));
        } else {
            records.fail(
                    new PostgresSourceException(
                            "The PostgreSQL change reader stopped: "
                                    + Secrets.mask(message, secrets)));
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
            engine.close();
        } catch (IllegalStateException alreadyShutDown) {
            if (!failedBefore) {
                throw alreadyShutDown;
            }
        } finally {
            thread.shutdownNow();
            thread.awaitTermination(30, TimeUnit.SECONDS);
        }
    }
}
