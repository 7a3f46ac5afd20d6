package dev.schemaop.connectors.values;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.connectors.values.script.ScriptException;
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
        Configuration config = new Configuration();
        options.forEach(
                (k, v) -> config.set(ConfigOptions.key(k).stringType().noDefaultValue(), v));
        return new ValuesDataSourceFactory()
                .createDataSource(
                        new FactoryHelper.DefaultContext(
                                config,
                                new Configuration(),
                                ValuesFactoriesTest.class.getClassLoader()));
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
                .hasMessageStartingWith(
                        "Cannot read the values source script '" + dir.resolve("nope.yaml") + "'");
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
}
