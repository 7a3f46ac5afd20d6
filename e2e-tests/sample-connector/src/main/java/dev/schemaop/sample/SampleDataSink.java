package dev.schemaop.sample;

import org.apache.flink.cdc.common.sink.DataSink;
import org.apache.flink.cdc.common.sink.EventSinkProvider;
import org.apache.flink.cdc.common.sink.FlinkSinkProvider;
import org.apache.flink.cdc.common.sink.MetadataApplier;

/** The {@code sample-sink} DataSink. */
public final class SampleDataSink implements DataSink {

    private final String outputDir;

    public SampleDataSink(String outputDir) {
        this.outputDir = outputDir;
    }

    @Override
    public EventSinkProvider getEventSinkProvider() {
        return FlinkSinkProvider.of(new SampleSink(outputDir));
    }

    @Override
    public MetadataApplier getMetadataApplier() {
        return new SampleMetadataApplier(outputDir);
    }
}
