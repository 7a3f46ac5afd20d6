package dev.schemaop.connectors.mariadb.debezium;

import dev.schemaop.api.Secrets;
import dev.schemaop.connectors.mariadb.SourceSettings;
import dev.schemaop.connectors.mariadb.check.RefusedAccess;
import dev.schemaop.connectors.mariadb.schema.QuotedNamesDdlParser;

import com.github.shyiko.mysql.binlog.BinaryLogClient;
import io.debezium.config.CommonConnectorConfig;
import io.debezium.config.Configuration;
import io.debezium.connector.binlog.BinlogDatabaseSchema;
import io.debezium.connector.binlog.BinlogStreamingChangeEventSource;
import io.debezium.connector.mariadb.MariaDbConnectorTask;
import io.debezium.connector.mariadb.MariaDbOffsetContext;
import io.debezium.connector.mariadb.MariaDbPartition;
import io.debezium.connector.mariadb.antlr.MariaDbAntlrDdlParser;
import io.debezium.function.LogPositionValidator;
import io.debezium.pipeline.ChangeEventSourceCoordinator;
import io.debezium.pipeline.ErrorHandler;
import io.debezium.pipeline.spi.OffsetContext;
import io.debezium.pipeline.spi.Offsets;
import io.debezium.schema.DatabaseSchema;
import io.debezium.spi.snapshot.Snapshotter;
import org.apache.kafka.connect.source.SourceRecord;

import java.lang.reflect.Field;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Debezium's MariaDB task with the DDL parser of its schema replaced by a {@link BinlogDdlParser}:
 * a name with a backtick is the same name whichever statement declares, renames, alters or drops it
 * (Debezium 3.5.0.Final's own parser keeps the doubled backtick of names in {@code ALTER TABLE}),
 * and a binlog statement it cannot parse ends the job or is left out, naming its position ({@code
 * schema-change.unparseable}).
 *
 * <p>Debezium creates the parser inside its schema's constructor, with no way to choose another: it
 * is replaced in the schema's field, at the first point the task hands the schema out, before the
 * schema history is recovered and before the binlog is read, so the parser parses every statement.
 */
public class QuotedNamesConnectorTask extends MariaDbConnectorTask {
    /** Where {@link BinlogDatabaseSchema} keeps its parser (Debezium 3.5.0.Final). */
    static final String PARSER_FIELD = "ddlParser";

    /** Runs the snapshot and then the binlog reading; null until the task started. */
    private volatile ChangeEventSourceCoordinator<MariaDbPartition, MariaDbOffsetContext>
            coordinator;

    private SourceSettings settings;

    /** Whether the binlog client has a {@link ReconnectWatch}. */
    private boolean watched;

    @Override
    protected ChangeEventSourceCoordinator<MariaDbPartition, MariaDbOffsetContext> start(
            Configuration config) {
        settings = EngineHooks.of(config).settings();
        coordinator = super.start(config);
        return coordinator;
    }

    /** Debezium's engine polls the task all the time: the first poll that finds the binlog read. */
    @Override
    protected List<SourceRecord> doPoll() throws InterruptedException {
        if (!watched) {
            watchReconnects();
        }
        return super.doPoll();
    }

    private void watchReconnects() {
        Optional<ErrorHandler> errors = getErrorHandler();
        Optional<BinaryLogClient> client =
                Optional.ofNullable(coordinator)
                        .flatMap(ChangeEventSourceCoordinator::getStreamingSource)
                        .filter(BinlogStreamingChangeEventSource.class::isInstance)
                        .map(source -> ((BinlogStreamingChangeEventSource<?, ?>) source))
                        .map(BinlogStreamingChangeEventSource::getBinaryLogClient);
        if (errors.isPresent() && client.isPresent()) {
            client.get()
                    .registerLifecycleListener(
                            new ReconnectWatch(() -> RefusedAccess.check(settings), errors.get()));
            watched = true;
        }
    }

    @Override
    protected void validateSchemaHistory(
            CommonConnectorConfig config,
            LogPositionValidator logPositionValidator,
            Offsets<MariaDbPartition, MariaDbOffsetContext> previousOffsets,
            DatabaseSchema schema,
            Snapshotter snapshotter) {
        EngineHooks hooks = EngineHooks.of(config.getConfig());
        useBinlogParser(schema, hooks.unparseable(), hooks.renames());
        super.validateSchemaHistory(
                config, logPositionValidator, previousOffsets, schema, snapshotter);
    }

    /**
     * The position of the binlog event Debezium reads (it sets it before it reads the event), empty
     * before it reads the binlog.
     */
    private Optional<EventPosition> reading() {
        ChangeEventSourceCoordinator<MariaDbPartition, MariaDbOffsetContext> running = coordinator;
        if (running == null) {
            return Optional.empty();
        }
        return running.getStreamingSource()
                .filter(BinlogStreamingChangeEventSource.class::isInstance)
                .map(source -> ((BinlogStreamingChangeEventSource<?, ?>) source).getOffsetContext())
                .map(OffsetContext::getSourceInfo)
                .map(EventPosition::of);
    }

    /**
     * The configuration Debezium logs at start ("Starting ... with configuration:") and hands to
     * its lineage emitter: Debezium masks only password-like keys, the connector every key that
     * holds a secret ({@link Secrets}), such as a {@code debezium.*} token.
     */
    @Override
    protected Configuration withMaskedSensitiveOptions(Configuration config) {
        return Configuration.from(
                Secrets.maskOptions(super.withMaskedSensitiveOptions(config).asMap()));
    }

    @Override
    protected Map<String, String> getMaskedConfigurationMap(Map<String, String> config) {
        return Secrets.maskOptions(super.getMaskedConfigurationMap(config));
    }

    /** Replaces the schema's Debezium parser by a {@link BinlogDdlParser} set up the same. */
    private void useBinlogParser(
            DatabaseSchema<?> schema, UnparseableStatements unparseable, ResolvedRenames renames) {
        try {
            Field field = BinlogDatabaseSchema.class.getDeclaredField(PARSER_FIELD);
            field.setAccessible(true);
            Object parser = field.get(schema);
            if (!(parser instanceof QuotedNamesDdlParser)) {
                field.set(
                        schema,
                        new BinlogDdlParser(
                                (MariaDbAntlrDdlParser) parser,
                                unparseable,
                                renames,
                                this::reading));
            }
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalStateException(
                    "This Debezium version's MariaDB schema keeps its DDL parser elsewhere than"
                            + " BinlogDatabaseSchema."
                            + PARSER_FIELD
                            + " (Debezium 3.5.0.Final): the connector cannot correct how it reads"
                            + " quoted names",
                    e);
        }
    }
}
