package dev.schemaop.benchmarks.source;

import org.apache.flink.cdc.common.source.DataSource;
import org.apache.flink.cdc.common.source.EventSourceProvider;
import org.apache.flink.cdc.common.source.FlinkSourceProvider;
import org.apache.flink.cdc.common.source.MetadataAccessor;

/** The generator as a Flink CDC {@link DataSource}. */
public final class GeneratorDataSource implements DataSource {
    private final GeneratorSource source;

    public GeneratorDataSource(GeneratorSource source) {
        this.source = source;
    }

    @Override
    public EventSourceProvider getEventSourceProvider() {
        return FlinkSourceProvider.of(source);
    }

    @Override
    public MetadataAccessor getMetadataAccessor() {
        throw new UnsupportedOperationException("The generator's tables exist only in its events");
    }
}
