package dev.schemaop.connectors.values.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.api.TableHistoryRestart;
import dev.schemaop.connectors.values.ValuesDataSourceFactory;
import dev.schemaop.connectors.values.script.ScriptItem;
import dev.schemaop.connectors.values.script.ValuesScript;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.cdc.common.configuration.ConfigOptions;
import org.apache.flink.cdc.common.configuration.Configuration;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.factories.FactoryHelper;
import org.apache.flink.cdc.common.source.FlinkSourceProvider;
import org.apache.flink.cdc.runtime.typeutils.EventTypeInfo;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/** Runs the values source on an embedded MiniCluster with 2 splits at parallelism 2. */
class ValuesSourceMiniClusterTest {

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    /** What each sink subtask received, by subtask index. */
    static final Map<Integer, List<Event>> RECEIVED = new ConcurrentHashMap<>();

    @Test
    void everySplitEmitsTheSchemaEventsAndEachRowOnce(@TempDir Path dir) throws Exception {
        Path scriptFile = dir.resolve("script.yaml");
        Files.writeString(scriptFile, ValuesSourceReaderTest.script(true));
        Configuration options = new Configuration();
        options.set(
                ConfigOptions.key("script").stringType().noDefaultValue(), scriptFile.toString());
        options.set(ConfigOptions.key("splits").intType().noDefaultValue(), 2);
        ValuesDataSource dataSource =
                (ValuesDataSource)
                        new ValuesDataSourceFactory()
                                .createDataSource(
                                        new FactoryHelper.DefaultContext(
                                                options,
                                                new Configuration(),
                                                getClass().getClassLoader()));
        ValuesScript script = dataSource.getScript();
        FlinkSourceProvider provider = (FlinkSourceProvider) dataSource.getEventSourceProvider();

        RECEIVED.clear();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        env.enableCheckpointing(100);
        // the source's TableHistoryRestart is this runtime's event, which Flink CDC's serializer
        // does not know: handed to the chained sink as is
        env.getConfig().enableObjectReuse();
        env.fromSource(
                        provider.getSource(),
                        WatermarkStrategy.noWatermarks(),
                        "values",
                        new EventTypeInfo())
                .sinkTo(new CollectingSink())
                .name("collect");
        env.execute("values source test");

        // sink subtask i is chained to reader i, which reads split i
        assertThat(RECEIVED).containsOnlyKeys(0, 1);
        List<Event> schemaEvents =
                script.getItems().stream()
                        .filter(i -> i.getKind() == ScriptItem.Kind.SCHEMA_CHANGE)
                        .map(ScriptItem::getEvent)
                        .collect(Collectors.toList());
        List<Event> allRows = new ArrayList<>();
        for (int split = 0; split < 2; split++) {
            List<Event> events = RECEIVED.get(split);
            assertThat(events.get(0))
                    .as("split %d begins its table's history", split)
                    .isEqualTo(new TableHistoryRestart(script.getItems().get(0).getTableId()));
            assertThat(events.stream().filter(e -> e instanceof SchemaChangeEvent))
                    .as("schema events of split %d", split)
                    .containsExactlyElementsOf(schemaEvents);
            final int s = split;
            List<Event> expectedRows =
                    script.getItems().stream()
                            .filter(i -> i.getKind() == ScriptItem.Kind.DATA_CHANGE)
                            .filter(i -> i.belongsTo(s, 2))
                            .map(ScriptItem::getEvent)
                            .collect(Collectors.toList());
            List<Event> rows =
                    events.stream()
                            .filter(e -> e instanceof DataChangeEvent)
                            .collect(Collectors.toList());
            assertThat(rows).as("rows of split %d", split).containsExactlyElementsOf(expectedRows);
            assertThat(rows).isNotEmpty();
            allRows.addAll(rows);
        }
        assertThat(allRows)
                .containsExactlyInAnyOrderElementsOf(
                        script.getItems().stream()
                                .filter(i -> i.getKind() == ScriptItem.Kind.DATA_CHANGE)
                                .map(ScriptItem::getEvent)
                                .collect(Collectors.toList()));
    }

    /** A plain sink that records events per subtask. */
    static final class CollectingSink implements Sink<Event> {
        @Override
        @SuppressWarnings("deprecation")
        public SinkWriter<Event> createWriter(Sink.InitContext context) {
            return writer(context.getTaskInfo().getIndexOfThisSubtask());
        }

        @Override
        public SinkWriter<Event> createWriter(WriterInitContext context) {
            return writer(context.getTaskInfo().getIndexOfThisSubtask());
        }

        private static SinkWriter<Event> writer(int subtask) {
            List<Event> events = RECEIVED.computeIfAbsent(subtask, k -> new ArrayList<>());
            return new SinkWriter<Event>() {
                @Override
                public void write(Event element, Context context) {
                    events.add(element);
                }

                @Override
                public void flush(boolean endOfInput) {}

                @Override
                public void close() {}
            };
        }
    }
}
