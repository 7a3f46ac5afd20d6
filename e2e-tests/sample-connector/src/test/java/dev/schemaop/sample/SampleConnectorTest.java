package dev.schemaop.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.cdc.common.configuration.Configuration;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.factories.DataSinkFactory;
import org.apache.flink.cdc.common.factories.DataSourceFactory;
import org.apache.flink.cdc.common.factories.Factory;
import org.apache.flink.cdc.common.factories.FactoryHelper;
import org.apache.flink.cdc.common.sink.DataSink;
import org.apache.flink.cdc.common.sink.FlinkSinkProvider;
import org.apache.flink.cdc.common.sink.MetadataApplier;
import org.apache.flink.cdc.common.source.DataSource;
import org.apache.flink.cdc.common.source.FlinkSourceProvider;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/** SPI discovery, option validation, and source -> sink through the factories on a MiniCluster. */
class SampleConnectorTest {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = new MiniClusterExtension();

    @TempDir Path dir;

    @Test
    void factoriesAreDiscoverableThroughTheFlinkCdcSpi() {
        Map<String, String> found = new TreeMap<>();
        for (Factory factory : ServiceLoader.load(Factory.class)) {
            found.put(factory.identifier(), factory.getClass().getName());
        }
        assertThat(found)
                .containsEntry("sample-source", SampleDataSourceFactory.class.getName())
                .containsEntry("sample-sink", SampleDataSinkFactory.class.getName());
    }

    @Test
    void sourceOptionsAreValidated() {
        DataSourceFactory factory = new SampleDataSourceFactory();
        assertThat(factory.optionalOptions()).containsExactly(SampleDataSourceFactory.ROWS);
        assertThat(factory.requiredOptions()).isEmpty();

        DataSource defaults = factory.createDataSource(context(Map.of()));
        assertThat(
                        ((SampleSource)
                                        ((FlinkSourceProvider) defaults.getEventSourceProvider())
                                                .getSource())
                                .rows())
                .isEqualTo(10);
        DataSource four = factory.createDataSource(context(Map.of("rows", "4")));
        assertThat(
                        ((SampleSource)
                                        ((FlinkSourceProvider) four.getEventSourceProvider())
                                                .getSource())
                                .rows())
                .isEqualTo(4);
        assertThat(four.getMetadataAccessor().listTables(null, "sample"))
                .containsExactly(SampleScript.TABLE);
        assertThat(four.getMetadataAccessor().getTableSchema(SampleScript.TABLE))
                .isEqualTo(SampleScript.SCHEMA_V1);

        assertThatThrownBy(() -> factory.createDataSource(context(Map.of("rowz", "4"))))
                .hasMessageContaining("rowz");
        assertThatThrownBy(() -> factory.createDataSource(context(Map.of("rows", "0"))))
                .hasMessageContaining("rows");
        assertThatThrownBy(() -> factory.createDataSource(context(Map.of("rows", "many"))))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void sinkOptionsAreValidated() {
        DataSinkFactory factory = new SampleDataSinkFactory();
        assertThat(factory.requiredOptions()).containsExactly(SampleDataSinkFactory.OUTPUT_DIR);
        assertThat(factory.optionalOptions()).isEmpty();

        assertThatThrownBy(() -> factory.createDataSink(context(Map.of())))
                .hasMessageContaining("output.dir");
        assertThatThrownBy(
                        () ->
                                factory.createDataSink(
                                        context(Map.of("output.dir", "/tmp/x", "extra", "1"))))
                .hasMessageContaining("extra");
        DataSink sink = factory.createDataSink(context(Map.of("output.dir", dir.toString())));
        assertThat(sink.getEventSinkProvider()).isInstanceOf(FlinkSinkProvider.class);
        assertThat(sink.getMetadataApplier()).isInstanceOf(SampleMetadataApplier.class);
    }

    @Test
    void tenRowsFromTheSourceFactoryIntoTheSinkFactoryAtParallelismOne() throws Exception {
        DataSource dataSource = new SampleDataSourceFactory().createDataSource(context(Map.of()));
        DataSink dataSink =
                new SampleDataSinkFactory()
                        .createDataSink(context(Map.of("output.dir", dir.toString())));
        Source<Event, ?, ?> source =
                ((FlinkSourceProvider) dataSource.getEventSourceProvider()).getSource();
        Sink<Event> sink = ((FlinkSinkProvider) dataSink.getEventSinkProvider()).getSink();

        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(1);
        env.getConfig().enableObjectReuse();
        env.fromSource(
                        source,
                        WatermarkStrategy.noWatermarks(),
                        "sample",
                        TypeInformation.of(Event.class))
                .sinkTo(sink);
        env.execute("sample-connector-test");

        // No schema operator in this plain job, so apply the script's schema changes here.
        MetadataApplier applier = dataSink.getMetadataApplier();
        for (Event event : new SampleScript(10).events()) {
            if (event instanceof SchemaChangeEvent) {
                applier.applySchemaChange((SchemaChangeEvent) event);
            }
        }

        assertThat(Files.readString(dir.resolve("rows-0.txt"))).isEqualTo(ExpectedFiles.ROWS_10);
        assertThat(Files.readString(dir.resolve("schema-0.txt")))
                .isEqualTo(ExpectedFiles.SCHEMA_10);
        assertThat(Files.readString(dir.resolve("schema-changes.txt")))
                .isEqualTo(ExpectedFiles.SCHEMA_CHANGES);
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("rows-0.txt", "schema-0.txt", "schema-changes.txt");
        }
    }

    private static Factory.Context context(Map<String, String> options) {
        return new FactoryHelper.DefaultContext(
                Configuration.fromMap(new HashMap<>(options)),
                new Configuration(),
                SampleConnectorTest.class.getClassLoader());
    }
}
