package dev.schemaop.benchmarks.w6;

import org.apache.flink.cdc.common.configuration.ConfigOption;
import org.apache.flink.cdc.common.configuration.ConfigOptions;
import org.apache.flink.cdc.common.configuration.Configuration;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.factories.DataSinkFactory;
import org.apache.flink.cdc.common.sink.DataSink;
import org.apache.flink.cdc.common.sink.EventSinkProvider;
import org.apache.flink.cdc.common.sink.FlinkSinkProvider;
import org.apache.flink.cdc.common.sink.MetadataApplier;

import java.util.Set;

/**
 * {@code type: bench-w6-counting}: counts W6's snapshot rows and binlog changes into the run's
 * {@link W6Probe}; its applier accepts everything (W6 has no schema changes).
 */
public final class W6SinkFactory implements DataSinkFactory {
    public static final String IDENTIFIER = "bench-w6-counting";

    static final ConfigOption<String> RUN_ID =
            ConfigOptions.key("run-id").stringType().noDefaultValue();
    static final ConfigOption<Long> SNAPSHOT_ROWS =
            ConfigOptions.key("snapshot-rows").longType().noDefaultValue();

    @Override
    public DataSink createDataSink(Context context) {
        Configuration options = context.getFactoryConfiguration();
        String runId = options.get(RUN_ID);
        long snapshotRows = options.get(SNAPSHOT_ROWS);
        return new DataSink() {
            @Override
            public EventSinkProvider getEventSinkProvider() {
                return FlinkSinkProvider.of(new W6Sink(runId, snapshotRows));
            }

            @Override
            public MetadataApplier getMetadataApplier() {
                return new AcceptingApplier();
            }
        };
    }

    @Override
    public String identifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(RUN_ID, SNAPSHOT_ROWS);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of();
    }

    /** W6 has no schema changes; its applier accepts anything. */
    private static final class AcceptingApplier implements MetadataApplier {
        private static final long serialVersionUID = 1L;

        @Override
        public void applySchemaChange(SchemaChangeEvent change) {}
    }
}
