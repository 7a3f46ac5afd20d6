package dev.schemaop.connectors.values;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.connectors.values.script.ScriptException;
import dev.schemaop.connectors.values.script.ScriptItem;
import dev.schemaop.connectors.values.source.ValuesDataSource;
import dev.schemaop.connectors.values.source.ValuesSource;

import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.cdc.common.configuration.ConfigOptions;
import org.apache.flink.cdc.common.configuration.Configuration;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.factories.DataSinkFactory;
import org.apache.flink.cdc.common.factories.DataSourceFactory;
import org.apache.flink.cdc.common.factories.Factory;
import org.apache.flink.cdc.common.factories.FactoryHelper;
import org.apache.flink.cdc.common.source.DataSource;
import org.apache.flink.cdc.common.source.FlinkSourceProvider;
import org.apache.flink.cdc.common.source.MetadataAccessor;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

class ValuesFactoriesTest {

    private static final String SCRIPT =
            "- type: create.table\n"
                    + "  table: db.a\n"
                    + "  columns: [{name: id, type: INT NOT NULL}]\n"
                    + "  primaryKeys: [id]\n"
                    + "- type: create.table\n"
                    + "  table: other.b\n"
                    + "  columns: [{name: k, type: STRING}]\n"
                    + "- type: add.column\n"
                    + "  table: db.a\n"
                    + "  columns: [{name: v, type: STRING}]\n";

    private static DataSource createSource(Map<String, String> options) {
        return createSource(options, Map.of());
    }

    /** {@code pipeline}: what the runner puts into the pipeline configuration. */
    private static DataSource createSource(
            Map<String, String> options, Map<String, String> pipeline) {
        return new ValuesDataSourceFactory()
                .createDataSource(
                        new FactoryHelper.DefaultContext(
                                configuration(options),
                                configuration(pipeline),
                                ValuesFactoriesTest.class.getClassLoader()));
    }

    private static Configuration configuration(Map<String, String> values) {
        Configuration config = new Configuration();
        values.forEach((k, v) -> config.set(ConfigOptions.key(k).stringType().noDefaultValue(), v));
        return config;
    }

    @Test
    void bothFactoriesAreFoundThroughTheSpi() {
        List<Factory> found = new ArrayList<>();
        ServiceLoader.load(Factory.class).forEach(found::add);
        assertThat(found)
                .filteredOn(f -> f.identifier().equals("values"))
                .hasSize(2)
                .anySatisfy(f -> assertThat(f).isInstanceOf(DataSourceFactory.class))
                .anySatisfy(f -> assertThat(f).isInstanceOf(DataSinkFactory.class));
    }

    @Test
    void createsABoundedSourceAndAMetadataAccessor(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("s.yaml");
        Files.writeString(script, SCRIPT);
        DataSource source =
                createSource(
                        Map.of("script", script.toString(), "splits", "3", "event.delay.ms", "5"));
        ValuesSource flinkSource =
                (ValuesSource) ((FlinkSourceProvider) source.getEventSourceProvider()).getSource();
        assertThat(flinkSource.getBoundedness()).isEqualTo(Boundedness.BOUNDED);
        assertThat(flinkSource.getNumSplits()).isEqualTo(3);

        MetadataAccessor accessor = source.getMetadataAccessor();
        assertThat(accessor.listNamespaces()).isEmpty();
        assertThat(accessor.listSchemas(null)).containsExactly("db", "other");
        assertThat(accessor.listTables(null, "db")).containsExactly(TableId.tableId("db", "a"));
        // the initial schema, as first created
        assertThat(accessor.getTableSchema(TableId.tableId("db", "a")).getColumnDataTypes())
                .containsExactly(DataTypes.INT().notNull());
        assertThatThrownBy(() -> accessor.getTableSchema(TableId.tableId("db", "zz")))
                .hasMessage(
                        "Table db.zz is not created by the values script; known tables: [db.a,"
                                + " other.b]");
    }

    @Test
    void validatesSourceOptions(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("s.yaml");
        Files.writeString(script, SCRIPT);
        assertThatThrownBy(() -> createSource(Map.of())).hasMessageContaining("script");
        assertThatThrownBy(() -> createSource(Map.of("script", script.toString(), "split", "2")))
                .hasMessageContaining("split");
        assertThatThrownBy(() -> createSource(Map.of("script", script.toString(), "splits", "0")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Option 'splits' of the values source must be at least 1, got 0");
        assertThatThrownBy(
                        () -> createSource(Map.of("script", dir.resolve("nope.yaml").toString())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Cannot read the values source script '"
                                + dir.resolve("nope.yaml")
                                + "': there is no such file.");
    }

    @Test
    void aBadScriptFailsAtSubmission(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("bad.yaml");
        Files.writeString(script, SCRIPT + "- type: insert\n  table: db.a\n  rows: [[1]]\n");
        assertThatThrownBy(() -> createSource(Map.of("script", script.toString())))
                .isInstanceOf(ScriptException.class)
                .hasMessage(
                        "Invalid values script "
                                + script
                                + ", event #4 (line 11): row 1 of insert into db.a has 1 values,"
                                + " but db.a has 2 columns (id INT NOT NULL, v STRING)");
    }

    // ------------------------------------------------------------- where the script is found

    @Test
    void aRelativeScriptIsResolvedAgainstThePipelineDefinitionsDirectory(@TempDir Path dir)
            throws Exception {
        Files.createDirectories(dir.resolve("scripts"));
        Files.writeString(dir.resolve("scripts/s.yaml"), SCRIPT);
        DataSource source =
                createSource(
                        Map.of("script", "scripts/s.yaml"),
                        Map.of("pipeline.definition.dir", dir.toString()));
        assertThat(((ValuesDataSource) source).getScript().getName())
                .isEqualTo(dir.resolve("scripts/s.yaml").toString());
        assertThat(source.getMetadataAccessor().listSchemas(null)).containsExactly("db", "other");
    }

    @Test
    void aMissingRelativeScriptNamesThePathTriedAndTheDefinitionsDirectory(@TempDir Path dir) {
        assertThatThrownBy(
                        () ->
                                createSource(
                                        Map.of("script", "scripts/nope.yaml"),
                                        Map.of("pipeline.definition.dir", dir.toString())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Cannot read the values source script 'scripts/nope.yaml': there is no"
                                + " such file as "
                                + dir.resolve("scripts/nope.yaml")
                                + " (a relative 'script' is resolved against the directory of the"
                                + " pipeline definition, "
                                + dir
                                + "). Give the path relative to that directory, or an absolute"
                                + " path.");
    }

    @Test
    void withoutTheDefinitionsDirectoryARelativeScriptIsResolvedAgainstTheWorkingDirectory() {
        Path cwd = Path.of("").toAbsolutePath();
        assertThatThrownBy(() -> createSource(Map.of("script", "no-such-dir/nope.yaml")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Cannot read the values source script 'no-such-dir/nope.yaml': there is no"
                                + " such file as "
                                + cwd.resolve("no-such-dir/nope.yaml")
                                + " (a relative 'script' is resolved against the working"
                                + " directory, "
                                + cwd
                                + "). Give the path relative to that directory, or an absolute"
                                + " path.");
    }

    @Test
    void aScriptOverTheSizeLimitIsRefusedBeforeItIsRead(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("huge.yaml");
        // sparse: takes no disk space, and the factory must refuse it without reading it
        try (RandomAccessFile file = new RandomAccessFile(script.toFile(), "rw")) {
            file.setLength((1L << 30) + 1);
        }
        assertThatThrownBy(() -> createSource(Map.of("script", script.toString())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Cannot read the values source script '"
                                + script
                                + "': it is 1073741825 bytes, more than the size limit of a values"
                                + " script, 1073741824 bytes (1 GiB). Make the script smaller.");
    }

    // ------------------------------------------------------------- checkpoint fences

    private static final String FENCED =
            SCRIPT
                    + "- type: insert\n  table: db.a\n  rows: [[1, x]]\n- checkpoint\n- checkpoint\n";

    @Test
    void aFenceIsRejectedWhenTheRunnerReportsCheckpointingOff(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("fenced.yaml");
        Files.writeString(script, FENCED);
        String expected =
                "Values script "
                        + script
                        + ": event #5 (line 14) is a checkpoint fence, but checkpointing is off, so"
                        + " the source would wait for a checkpoint forever. Run with -D"
                        + " execution.checkpointing.interval=1s, or remove the checkpoint events.";
        assertThatThrownBy(
                        () ->
                                createSource(
                                        Map.of("script", script.toString()),
                                        Map.of("pipeline.definition.dir", dir.toString())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(expected);
        assertThatThrownBy(
                        () ->
                                createSource(
                                        Map.of("script", script.toString()),
                                        Map.of(
                                                "pipeline.definition.dir",
                                                dir.toString(),
                                                "execution.checkpointing.interval",
                                                "0 ms")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(expected);
    }

    @Test
    void aFenceIsAcceptedWhenTheRunnerReportsACheckpointInterval(@TempDir Path dir)
            throws Exception {
        Path script = dir.resolve("fenced.yaml");
        Files.writeString(script, FENCED);
        DataSource source =
                createSource(
                        Map.of("script", script.toString()),
                        Map.of(
                                "pipeline.definition.dir",
                                dir.toString(),
                                "execution.checkpointing.interval",
                                "200 ms"));
        assertThat(((ValuesDataSource) source).getScript().getItems())
                .filteredOn(item -> item.getKind() == ScriptItem.Kind.CHECKPOINT)
                .hasSize(2);
    }

    @Test
    void fencesAreNotCheckedForARunnerThatDoesNotReportCheckpointing(@TempDir Path dir)
            throws Exception {
        Path script = dir.resolve("fenced.yaml");
        Files.writeString(script, FENCED);
        assertThat(createSource(Map.of("script", script.toString()))).isNotNull();
    }

    @Test
    void anUnreadableCheckpointIntervalIsReportedWhenTheScriptHasFences(@TempDir Path dir)
            throws Exception {
        Path script = dir.resolve("fenced.yaml");
        Files.writeString(script, FENCED);
        Map<String, String> pipeline =
                Map.of(
                        "pipeline.definition.dir",
                        dir.toString(),
                        "execution.checkpointing.interval",
                        "soon");
        assertThatThrownBy(() -> createSource(Map.of("script", script.toString()), pipeline))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(
                        "Values script "
                                + script
                                + " has checkpoint fences, but the pipeline configuration's"
                                + " 'execution.checkpointing.interval' is not a duration: 'soon'");
        Path plain = dir.resolve("plain.yaml");
        Files.writeString(plain, SCRIPT);
        assertThat(createSource(Map.of("script", plain.toString()), pipeline)).isNotNull();
    }
}
