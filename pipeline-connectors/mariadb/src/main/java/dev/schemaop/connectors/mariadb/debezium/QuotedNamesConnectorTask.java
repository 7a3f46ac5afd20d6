package dev.schemaop.connectors.mariadb.debezium;

import dev.schemaop.api.Secrets;
import dev.schemaop.connectors.mariadb.schema.QuotedNamesDdlParser;

import io.debezium.config.CommonConnectorConfig;
import io.debezium.config.Configuration;
import io.debezium.connector.binlog.BinlogDatabaseSchema;
import io.debezium.connector.mariadb.MariaDbConnectorTask;
import io.debezium.connector.mariadb.MariaDbOffsetContext;
import io.debezium.connector.mariadb.MariaDbPartition;
import io.debezium.connector.mariadb.antlr.MariaDbAntlrDdlParser;
import io.debezium.function.LogPositionValidator;
import io.debezium.pipeline.spi.Offsets;
import io.debezium.schema.DatabaseSchema;
import io.debezium.spi.snapshot.Snapshotter;

import java.lang.reflect.Field;
import java.util.Map;

/**
 * Debezium's MariaDB task with the DDL parser of its schema replaced by a {@link
 * QuotedNamesDdlParser}, so that a name with a backtick is the same name whichever statement
 * declares, renames, alters or drops it (Debezium 3.5.0.Final's own parser keeps the doubled
 * backtick of names in {@code ALTER TABLE}).
 *
 * <p>Debezium creates the parser inside its schema's constructor, with no way to choose another: it
 * is replaced in the schema's field, at the first point the task hands the schema out, before the
 * schema history is recovered and before the binlog is read, so the parser parses every statement.
 */
public class QuotedNamesConnectorTask extends MariaDbConnectorTask {
    /** Where {@link BinlogDatabaseSchema} keeps its parser (Debezium 3.5.0.Final). */
    static final String PARSER_FIELD = "ddlParser";

    @Override
    protected void validateSchemaHistory(
            CommonConnectorConfig config,
            LogPositionValidator logPositionValidator,
            Offsets<MariaDbPartition, MariaDbOffsetContext> previousOffsets,
            DatabaseSchema schema,
            Snapshotter snapshotter) {
        useQuotedNamesParser(schema);
        super.validateSchemaHistory(
                config, logPositionValidator, previousOffsets, schema, snapshotter);
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

    /** Replaces the schema's Debezium parser by a {@link QuotedNamesDdlParser} set up the same. */
    static void useQuotedNamesParser(DatabaseSchema<?> schema) {
        try {
            Field field = BinlogDatabaseSchema.class.getDeclaredField(PARSER_FIELD);
            field.setAccessible(true);
            Object parser = field.get(schema);
            if (!(parser instanceof QuotedNamesDdlParser)) {
                field.set(schema, new QuotedNamesDdlParser((MariaDbAntlrDdlParser) parser));
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
