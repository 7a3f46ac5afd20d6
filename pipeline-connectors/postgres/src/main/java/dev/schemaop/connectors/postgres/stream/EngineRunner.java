package dev.schemaop.connectors.postgres.stream;

import dev.schemaop.api.NonRecoverableException;
import dev.schemaop.api.Secrets;
import dev.schemaop.connectors.debezium.EmbeddedEngine;
import dev.schemaop.connectors.debezium.ReaderOwner;
import dev.schemaop.connectors.postgres.PostgresSourceSettings;
import dev.schemaop.connectors.postgres.slot.PostgresConnections;

import org.apache.flink.util.ExceptionUtils;
import org.apache.kafka.connect.source.SourceRecord;

import javax.annotation.Nullable;

import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * Runs Debezium's PostgreSQL connector in-process (its embedded engine) on a thread of its own and
 * hands its records to the source reader through a bounded queue, in WAL order: when the reader
 * falls behind, the engine waits, and so does the slot.
 */
public final class EngineRunner implements AutoCloseable {
    private final PostgresSourceSettings settings;
    private final String engineName = "schemaop-postgres-" + UUID.randomUUID();
    private final EmbeddedEngine engine;

    /**
     * @param partitionJson the restored offset's partition, null for a new job
     * @param offsetJson the restored offset, null for a new job (the slot's confirmed position)
     * @param heartbeatToken what this reader's heartbeat messages carry ({@link HeartbeatMessages})
     */
    public EngineRunner(
            PostgresSourceSettings settings,
            ReaderOwner owner,
            @Nullable String partitionJson,
            @Nullable String offsetJson,
            String heartbeatToken,
            ClassLoader classLoader) {
        this.settings = settings;
        PostgresConnections.registerDriver();
        this.engine =
                new EmbeddedEngine(
                        DebeziumProperties.of(
                                settings,
                                engineName,
                                owner.metricTags(engineName),
                                partitionJson,
                                offsetJson,
                                heartbeatToken),
                        "debezium-postgres-engine",
                        classLoader,
                        PostgresSourceException::of,
                        new EmbeddedEngine.Stops() {
                            @Override
                            public RuntimeException failed(Throwable error) {
                                return failureOf(error);
                            }

                            @Override
                            public RuntimeException ended(@Nullable String message) {
                                return new PostgresSourceException(
                                        "The PostgreSQL change reader stopped: "
                                                + Secrets.mask(
                                                        String.valueOf(message),
                                                        settings.secrets()));
                            }
                        });
    }

    public void start() {
        engine.start();
    }

    /** The position of a complete checkpoint: the slot may release the WAL before it. */
    public void confirm(String partitionJson, String offsetJson) {
        ConfirmedOffsetStore.confirm(engineName, partitionJson, offsetJson);
    }

    /**
     * What the reader fails with: a failure a restart cannot fix as it was raised, else Debezium's
     * cause in a message of its own.
     */
    private RuntimeException failureOf(Throwable error) {
        Optional<NonRecoverableException> decided =
                ExceptionUtils.findThrowable(error, NonRecoverableException.class);
        if (decided.isPresent()) {
            return decided.get();
        }
        List<String> secrets = settings.secrets();
        return new PostgresSourceException(
                "The PostgreSQL change reader of "
                        + settings.endpoint()
                        + " stopped: "
                        + Secrets.mask(
                                String.valueOf(
                                        ExceptionUtils.stripCompletionException(error)
                                                .getMessage()),
                                secrets),
                Secrets.scrub(error, secrets));
    }

    /** Takes up to {@code max} records without waiting; throws what stopped the engine. */
    public List<SourceRecord> poll(int max) {
        return engine.poll(max);
    }

    /** Completes when records may be there (or the engine failed). */
    public CompletableFuture<Void> available() {
        return engine.available();
    }

    @Override
    public void close() throws Exception {
        engine.close();
    }
}
