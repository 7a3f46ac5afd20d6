package dev.schemaop.connectors.values.sink;

import dev.schemaop.api.ExistingTableSchemaExpansionSupport;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.exceptions.SchemaEvolveException;
import org.apache.flink.cdc.common.exceptions.UnsupportedSchemaChangeEventException;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.sink.MetadataApplier;
import org.apache.flink.cdc.common.types.DataType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Applies schema changes to the {@link ValuesStore} of its output path and records each applied
 * change, in order. Options let tests make it refuse changes ({@code supported.schema.changes},
 * {@code error.on.schema.change}), fail once ({@code fail.once.on}) or ignore every change while
 * reporting it applied ({@code schema.changes.noop}).
 *
 * <p>It describes the store's tables ({@link ExistingTableSchemaExpansionSupport}): the schema a
 * table has in the store, types as they are (the store keeps every CDC type unchanged), column
 * names case-sensitive.
 */
public class ValuesMetadataApplier implements MetadataApplier, ExistingTableSchemaExpansionSupport {

    private static final long serialVersionUID = 1L;

    private static final Logger LOG = LoggerFactory.getLogger(ValuesMetadataApplier.class);

    private final String outputPath;
    private final boolean printEnabled;
    private final EnumSet<SchemaChangeEventType> supported;
    private final boolean errorOnSchemaChange;
    private final SchemaChangeEventType failOnceOn;
    private final long applyDelayMs;
    private final boolean schemaChangesNoop;
    private EnumSet<SchemaChangeEventType> accepted = EnumSet.allOf(SchemaChangeEventType.class);

    public ValuesMetadataApplier(
            String outputPath,
            boolean printEnabled,
            Set<SchemaChangeEventType> supported,
            boolean errorOnSchemaChange,
            SchemaChangeEventType failOnceOn,
            long applyDelayMs) {
        this(
                outputPath,
                printEnabled,
                supported,
                errorOnSchemaChange,
                failOnceOn,
                applyDelayMs,
                false);
    }

    public ValuesMetadataApplier(
            String outputPath,
            boolean printEnabled,
            Set<SchemaChangeEventType> supported,
            boolean errorOnSchemaChange,
            SchemaChangeEventType failOnceOn,
            long applyDelayMs,
            boolean schemaChangesNoop) {
        this.outputPath = outputPath;
        this.printEnabled = printEnabled;
        this.supported = copy(supported);
        this.errorOnSchemaChange = errorOnSchemaChange;
        this.failOnceOn = failOnceOn;
        this.applyDelayMs = applyDelayMs;
        this.schemaChangesNoop = schemaChangesNoop;
    }

    @Override
    public MetadataApplier setAcceptedSchemaEvolutionTypes(
            Set<SchemaChangeEventType> schemaEvolutionTypes) {
        this.accepted = copy(schemaEvolutionTypes);
        return this;
    }

    @Override
    public boolean acceptsSchemaEvolutionType(SchemaChangeEventType schemaChangeEventType) {
        return accepted.contains(schemaChangeEventType);
    }

    @Override
    public Set<SchemaChangeEventType> getSupportedSchemaEvolutionTypes() {
        return EnumSet.copyOf(supported);
    }

    @Override
    public void applySchemaChange(SchemaChangeEvent event) throws SchemaEvolveException {
        if (schemaChangesNoop) {
            LOG.warn(
                    "Values sink ignored {}: schema.changes.noop is on, so the change is reported"
                            + " as applied but neither applied to the store nor recorded",
                    event);
            return;
        }
        SchemaChangeEventType type = event.getType();
        if (errorOnSchemaChange && type != SchemaChangeEventType.CREATE_TABLE) {
            throw new SchemaEvolveException(
                    event, "the values sink rejects schema changes (error.on.schema.change: true)");
        }
        if (!supported.contains(type)) {
            throw new UnsupportedSchemaChangeEventException(
                    event,
                    "the values sink does not support "
                            + type.getTag()
                            + " (supported.schema.changes: "
                            + tags(supported)
                            + ")");
        }
        slowSink();
        ValuesStore store = ValuesStore.forPath(outputPath);
        if (type == failOnceOn && store.markFailedOnce(type.getTag())) {
            LOG.info("Values sink: injecting the failure configured by fail.once.on for {}", event);
            throw new RuntimeException("injected failure before applying " + event);
        }
        try {
            store.applySchemaChange(event);
        } catch (RuntimeException e) {
            throw new SchemaEvolveException(event, e.getMessage(), e);
        }
        store.recordSchemaChange(event);
        LOG.info("Values sink applied {}", event);
        if (printEnabled) {
            System.out.println("values-applier> " + event);
        }
    }

    // ------------------------------------------------ ExistingTableSchemaExpansionSupport

    /** The table's schema in the store of the output path; empty when the store lacks it. */
    @Override
    public Optional<Schema> getExistingTableSchema(TableId tableId) {
        return Optional.ofNullable(ValuesStore.forPath(outputPath).getSchema(tableId));
    }

    /** The type as given: the store keeps every CDC type as it is (CHAR stays CHAR). */
    @Override
    public DataType normalizeToTargetDataType(
            TableId tableId, String column, DataType pipelineType, Schema existingTargetSchema) {
        return pipelineType;
    }

    /** Column names are compared exactly, as the store keys rows by them. */
    @Override
    public boolean isColumnNameCaseSensitive() {
        return true;
    }

    static String tags(Set<SchemaChangeEventType> types) {
        return types.stream().map(SchemaChangeEventType::getTag).collect(Collectors.joining(","));
    }

    private static EnumSet<SchemaChangeEventType> copy(Set<SchemaChangeEventType> types) {
        EnumSet<SchemaChangeEventType> out = EnumSet.noneOf(SchemaChangeEventType.class);
        if (types != null) {
            out.addAll(types);
        }
        return out;
    }

    /** apply.delay.ms: a slow sink, simulated on the applier's own thread. */
    private void slowSink() {
        if (applyDelayMs <= 0) {
            return;
        }
        try {
            Thread.sleep(applyDelayMs);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while simulating a slow sink", e);
        }
    }
}
