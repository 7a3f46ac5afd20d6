package dev.schemaop.connectors.mariadb.debezium;

import dev.schemaop.api.NonRecoverableException;
import dev.schemaop.api.Secrets;
import dev.schemaop.connectors.debezium.EmbeddedEngine;
import dev.schemaop.connectors.debezium.OffsetCodec;
import dev.schemaop.connectors.debezium.ReaderOwner;
import dev.schemaop.connectors.mariadb.SourceSettings;
import dev.schemaop.connectors.mariadb.check.RefusedAccess;
import dev.schemaop.connectors.mariadb.jdbc.MariaDbConnections;

import org.apache.flink.util.ExceptionUtils;
import org.apache.kafka.connect.source.SourceRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * Runs Debezium's MariaDB connector in-process (its embedded engine) on a thread of its own and
 * hands its records to the source reader through a bounded queue: when the reader falls behind, the
 * engine waits, and so does the binlog client. Records reach the reader in binlog order.
 */
public final class EngineRunner implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(EngineRunner.class);

    /**
     * The binlog client logs through java.util.logging, which no log4j configuration reaches: its
     * INFO lines ("Enabling GTID", "Connected to ...") would land on the command line's stderr.
     * Held here so that the logger, and its level, is not collected.
     */
    private static final java.util.logging.Logger BINLOG_CLIENT_LOG =
            java.util.logging.Logger.getLogger("com.github.shyiko.mysql.binlog");

    static {
        BINLOG_CLIENT_LOG.setLevel(java.util.logging.Level.WARNING);
    }

    private final SourceSettings settings;
    private final String engineId = UUID.randomUUID().toString();
    private final CheckpointedSchemaHistory.Records history;
    private final EmbeddedEngine engine;

    /** What Debezium's failures must not show: its messages repeat what it was configured with. */
    private final List<String> secrets;

    /**
     * @param partitionJson the restored offset's partition, null for a new job
     * @param offsetJson the restored offset, null for a new job
     * @param historyRecords the restored schema history, empty for a new job
     * @param owner the job and subtask this reader runs for, named in Debezium's JMX beans
     * @param unparseable what becomes of a binlog statement Debezium's parser cannot read
     * @param renames where the parser hands the reader the tables binlog statements rename
     */
    public EngineRunner(
            SourceSettings settings,
            ReaderOwner owner,
            @Nullable String partitionJson,
            @Nullable String offsetJson,
            List<String> historyRecords,
            UnparseableStatements unparseable,
            ResolvedRenames renames,
            ClassLoader classLoader) {
        this.settings = settings;
        this.secrets = settings.secrets();
        this.history = new CheckpointedSchemaHistory.Records(historyRecords);
        EngineHooks.register(engineId, new EngineHooks(history, unparseable, renames, settings));
        // Debezium connects through DriverManager, which offers a driver only to the class loader
        // that registered it: register this job's (on a TaskManager, the one of an earlier job may
        // be there, and a restored job reaches Debezium without the snapshot's connections).
        MariaDbConnections.registerDriver();
        this.engine =
                new EmbeddedEngine(
                        DebeziumProperties.of(
                                settings,
                                "schemaop-mariadb-source",
                                owner.metricTags(engineId),
                                engineId,
                                partitionJson,
                                offsetJson),
                        "debezium-mariadb-engine",
                        classLoader,
                        MariaDbSourceException::of,
                        new EmbeddedEngine.Stops() {
                            @Override
                            public RuntimeException failed(Throwable error) {
                                return failureOf(error);
                            }

                            @Override
                            public RuntimeException ended(@Nullable String message) {
                                LOG.debug(
                                        "Debezium engine ended: {}",
                                        Secrets.mask(String.valueOf(message), secrets));
                                return new MariaDbSourceException(
                                        "The MariaDB change reader stopped: "
                                                + Secrets.mask(String.valueOf(message), secrets));
                            }
                        });
    }

    public void start() {
        engine.start();
    }

    /**
     * What the reader fails with: a failure a restart cannot fix, as it was raised or as the
     * server's refusal of the user (its message is the user's, and Flink ends the job on it), else
     * Debezium's cause in a message of its own.
     */
    private RuntimeException failureOf(Throwable error) {
        Optional<NonRecoverableException> decided =
                ExceptionUtils.findThrowable(error, NonRecoverableException.class)
                        .or(() -> RefusedAccess.in(error, settings));
        if (decided.isPresent()) {
            return decided.get();
        }
        return new MariaDbSourceException(
                Secrets.mask(FailureText.of(error), secrets), Secrets.scrub(error, secrets));
    }

    /** Takes up to {@code max} records without waiting; throws what stopped the engine. */
    public List<SourceRecord> poll(int max) {
        return engine.poll(max);
    }

    /** Completes when records may be there (or the engine failed). */
    public CompletableFuture<Void> available() {
        return engine.available();
    }

    /**
     * The schema history up to now, for a checkpoint whose offset is the one given (as the
     * checkpoint keeps it, null before the first record of a stream without a snapshot): compacted
     * up to that offset.
     */
    public List<String> history(@Nullable String partitionJson, @Nullable String offsetJson) {
        if (partitionJson == null || offsetJson == null) {
            return history.snapshot();
        }
        return history.checkpoint(
                OffsetCodec.fromJson(partitionJson), OffsetCodec.fromJson(offsetJson));
    }

    @Override
    public void close() throws Exception {
        try {
            engine.close();
        } finally {
            EngineHooks.unregister(engineId);
        }
    }
}
