package dev.schemaop.e2e.sinkv2;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.cdc.common.configuration.ConfigOption;
import org.apache.flink.cdc.common.configuration.ConfigOptions;
import org.apache.flink.cdc.common.configuration.Configuration;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.factories.DataSinkFactory;
import org.apache.flink.cdc.common.factories.FactoryHelper;
import org.apache.flink.cdc.common.sink.DataSink;
import org.apache.flink.cdc.common.sink.EventSinkProvider;
import org.apache.flink.cdc.common.sink.FlinkSinkProvider;
import org.apache.flink.cdc.common.sink.MetadataApplier;

import java.util.Set;

/**
 * The {@code sinkv2-test} connector: a Flink CDC sink of the Sink v2 kind named by {@code kind},
 * recording into {@link Outcomes} under {@code run}; its applier accepts every change.
 */
public final class TestSinkFactory implements DataSinkFactory {
    static final String IDENTIFIER = "sinkv2-test";

    static final ConfigOption<String> KIND =
            ConfigOptions.key("kind")
                    .stringType()
                    .noDefaultValue()
                    .withDescription("Which test sink.");
    static final ConfigOption<String> RUN =
            ConfigOptions.key("run")
                    .stringType()
                    .noDefaultValue()
                    .withDescription("Where to record.");
    static final ConfigOption<Integer> FAIL_ON_ROW =
            ConfigOptions.key("fail.on.row")
                    .intType()
                    .defaultValue(-1)
                    .withDescription(
                            "writer-state: the writer fails once on the row with this id.");

    @Override
    public DataSink createDataSink(Context context) {
        FactoryHelper.createFactoryHelper(this, context).validate();
        Configuration options = context.getFactoryConfiguration();
        Sink<Event> sink = sink(options.get(KIND), options.get(RUN), options.get(FAIL_ON_ROW));
        return new DataSink() {
            @Override
            public EventSinkProvider getEventSinkProvider() {
                return FlinkSinkProvider.of(sink);
            }

            @Override
            public MetadataApplier getMetadataApplier() {
                return new AcceptingApplier();
            }
        };
    }

    private static Sink<Event> sink(String kind, String run, int failOnRow) {
        switch (kind) {
            case "committer":
                return new CommittingTestSink(run);
            case "two-phase":
                return new TwoPhaseTestSink(run);
            case "writer-state":
                return new WriterStateTestSink(run, failOnRow);
            case "pre-write":
                return new PreWriteTestSink(run, false);
            case "pre-write-repartitioned":
                return new PreWriteTestSink(run, true);
            case "pre-commit":
                return new PreCommitTestSink(run);
            case "post-commit":
                return new PostCommitTestSink(run);
            case "key-writers":
                return new KeyWritersTestSink(run);
            default:
                throw new IllegalArgumentException("Unknown test sink kind " + kind);
        }
    }

    @Override
    public String identifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(KIND, RUN);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of(FAIL_ON_ROW);
    }

    /** The sink's tables are the test's records: every change is accepted and nothing to do. */
    private static final class AcceptingApplier implements MetadataApplier {
        private static final long serialVersionUID = 1L;

        @Override
        public void applySchemaChange(SchemaChangeEvent event) {}
    }
}
