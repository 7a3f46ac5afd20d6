package dev.schemaop.connectors.values.sink;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.exceptions.SchemaEvolveException;
import org.apache.flink.cdc.common.exceptions.UnsupportedSchemaChangeEventException;
import org.apache.flink.cdc.common.sink.MetadataApplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Applies schema changes to the {@link ValuesStore} of its output path and records each applied
 * change, in order. Options let tests make it refuse changes ({@code supported.schema.changes},
 * {@code error.on.schema.change}) or fail once ({@code fail.once.on}).
 */
public class ValuesMetadataApplier implements MetadataApplier {

    private static final long serialVersionUID = 1L;

    private static final Logger LOG = LoggerFactory.getLogger(ValuesMetadataApplier.class);

    private final String outputPath;
    private final boolean printEnabled;
    private final EnumSet<SchemaChangeEventType> supported;
    private final boolean errorOnSchemaChange;
    private final SchemaChangeEventType failOnceOn;
    private final long applyDelayMs;
    private EnumSet<SchemaChangeEventType> accepted = EnumSet.allOf(SchemaChangeEventType.class);

    public ValuesMetadataApplier(
            String outputPath,
            boolean printEnabled,
            Set<SchemaChangeEventType> supported,
            boolean errorOnSchemaChange,
            SchemaChangeEventType failOnceOn,
            long applyDelayMs) {
        this.outputPath = outputPath;
        this.printEnabled = printEnabled;
        this.supported = copy(supported);
        this.errorOnSchemaChange = errorOnSchemaChange;
        this.failOnceOn = failOnceOn;
        this.applyDelayMs = applyDelayMs;
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
