package dev.schemaop.connectors.values.source;

import dev.schemaop.connectors.values.script.ValuesScript;

import org.apache.flink.cdc.common.source.DataSource;
import org.apache.flink.cdc.common.source.EventSourceProvider;
import org.apache.flink.cdc.common.source.FlinkSourceProvider;
import org.apache.flink.cdc.common.source.MetadataAccessor;

/** The values {@link DataSource}: a {@link ValuesSource} and an accessor over its tables. */
public class ValuesDataSource implements DataSource {

    private final ValuesScript script;
    private final String scriptText;
    private final int numSplits;
    private final long eventDelayMs;
    private final ReaderFaults faults;

    public ValuesDataSource(
            ValuesScript script,
            String scriptText,
            int numSplits,
            long eventDelayMs,
            ReaderFaults faults) {
        this.script = script;
        this.scriptText = scriptText;
        this.numSplits = numSplits;
        this.eventDelayMs = eventDelayMs;
        this.faults = faults;
    }

    @Override
    public EventSourceProvider getEventSourceProvider() {
        return FlinkSourceProvider.of(
                new ValuesSource(script.getName(), scriptText, numSplits, eventDelayMs, faults));
    }

    @Override
    public MetadataAccessor getMetadataAccessor() {
        return new ValuesMetadataAccessor(script.getInitialSchemas());
    }

    public ValuesScript getScript() {
        return script;
    }
}
