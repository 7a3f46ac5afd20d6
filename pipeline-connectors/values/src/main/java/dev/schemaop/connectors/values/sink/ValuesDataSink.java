package dev.schemaop.connectors.values.sink;

import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.sink.DataSink;
import org.apache.flink.cdc.common.sink.EventSinkProvider;
import org.apache.flink.cdc.common.sink.FlinkSinkProvider;
import org.apache.flink.cdc.common.sink.MetadataApplier;

import java.util.EnumSet;
import java.util.Set;

/**
 * The values {@link DataSink}: a {@link ValuesSink} (at least once) or a {@link
 * ValuesCommittingSink} (exactly once), and a {@link ValuesMetadataApplier}.
 */
public class ValuesDataSink implements DataSink {

    private final String outputPath;
    private final boolean printEnabled;
    private final Set<SchemaChangeEventType> supported;
    private final boolean errorOnSchemaChange;
    private final SchemaChangeEventType failOnceOn;
    private final SchemaChangeEventType writerFailOnceOn;
    private final long applyDelayMs;
    private final boolean exactlyOnce;
    private final boolean committerFailOnce;
    private final boolean schemaChangesNoop;

    public ValuesDataSink(
            String outputPath,
            boolean printEnabled,
            Set<SchemaChangeEventType> supported,
            boolean errorOnSchemaChange,
            SchemaChangeEventType failOnceOn,
            SchemaChangeEventType writerFailOnceOn,
            long applyDelayMs) {
        this(
                outputPath,
                printEnabled,
                supported,
                errorOnSchemaChange,
                failOnceOn,
                writerFailOnceOn,
                applyDelayMs,
                false,
                false);
    }

    public ValuesDataSink(
            String outputPath,
            boolean printEnabled,
            Set<SchemaChangeEventType> supported,
            boolean errorOnSchemaChange,
            SchemaChangeEventType failOnceOn,
            SchemaChangeEventType writerFailOnceOn,
            long applyDelayMs,
            boolean exactlyOnce,
            boolean committerFailOnce) {
        this(
                outputPath,
                printEnabled,
                supported,
                errorOnSchemaChange,
                failOnceOn,
                writerFailOnceOn,
                applyDelayMs,
                exactlyOnce,
                committerFailOnce,
                false);
    }

    public ValuesDataSink(
            String outputPath,
            boolean printEnabled,
            Set<SchemaChangeEventType> supported,
            boolean errorOnSchemaChange,
            SchemaChangeEventType failOnceOn,
            SchemaChangeEventType writerFailOnceOn,
            long applyDelayMs,
            boolean exactlyOnce,
            boolean committerFailOnce,
            boolean schemaChangesNoop) {
        this.outputPath = outputPath;
        this.printEnabled = printEnabled;
        this.supported =
                supported.isEmpty()
                        ? EnumSet.noneOf(SchemaChangeEventType.class)
                        : EnumSet.copyOf(supported);
        this.errorOnSchemaChange = errorOnSchemaChange;
        this.failOnceOn = failOnceOn;
        this.writerFailOnceOn = writerFailOnceOn;
        this.applyDelayMs = applyDelayMs;
        this.exactlyOnce = exactlyOnce;
        this.committerFailOnce = committerFailOnce;
        this.schemaChangesNoop = schemaChangesNoop;
    }

    @Override
    public EventSinkProvider getEventSinkProvider() {
        if (exactlyOnce) {
            return FlinkSinkProvider.of(
                    new ValuesCommittingSink(
                            outputPath, printEnabled, writerFailOnceOn, committerFailOnce));
        }
        return FlinkSinkProvider.of(new ValuesSink(outputPath, printEnabled, writerFailOnceOn));
    }

    @Override
    public MetadataApplier getMetadataApplier() {
        return new ValuesMetadataApplier(
                outputPath,
                printEnabled,
                supported,
                errorOnSchemaChange,
                failOnceOn,
                applyDelayMs,
                schemaChangesNoop);
    }
}
