package dev.schemaop.connectors.paimon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.connectors.paimon.catalog.TableSettings;
import dev.schemaop.connectors.paimon.sink.PaimonDataSink;

import org.apache.flink.cdc.common.configuration.ConfigOptions;
import org.apache.flink.cdc.common.configuration.Configuration;
import org.apache.flink.cdc.common.factories.Factory;
import org.apache.flink.cdc.common.factories.FactoryHelper;
import org.apache.flink.cdc.common.sink.DataSink;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.StreamSupport;

class PaimonDataSinkFactoryTest {
    @TempDir Path dir;

    static DataSink create(Map<String, String> options) {
        Configuration config = new Configuration();
        options.forEach(
                (k, v) -> config.set(ConfigOptions.key(k).stringType().noDefaultValue(), v));
        return new PaimonDataSinkFactory()
                .createDataSink(
                        new FactoryHelper.DefaultContext(
                                config,
                                new Configuration(),
                                PaimonDataSinkFactoryTest.class.getClassLoader()));
    }

    @Test
    void theSinkTypeIsFoundThroughTheFactorySpi() {
        assertThat(
                        StreamSupport.stream(ServiceLoader.load(Factory.class).spliterator(), false)
                                .map(Factory::identifier))
                .contains("paimon");
    }

    @Test
    void aFilesystemWarehouseAndPrefixedOptionsMakeASink() {
        Map<String, String> options = new HashMap<>();
        options.put("catalog.properties.warehouse", dir.toUri().toString());
        options.put("table.properties.bucket", "2");
        options.put("partition.key", "db.t1:c1,c2;db.t2:c");
        options.put("commit.user-prefix", "mine");
        assertThat(create(options)).isInstanceOf(PaimonDataSink.class);
    }

    @Test
    void theFilesystemMetastoreNeedsAWarehouse() {
        assertThatThrownBy(() -> create(Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "The Paimon sink needs option 'catalog.properties.warehouse' with the"
                                + " filesystem metastore: the directory its tables live in, e.g."
                                + " file:///data/paimon or s3://bucket/paimon");
    }

    @Test
    void anUnknownOptionIsNamed() {
        assertThatThrownBy(
                        () ->
                                create(
                                        Map.of(
                                                "catalog.properties.warehouse",
                                                dir.toUri().toString(),
                                                "partition.keys",
                                                "db.t:c")))
                .hasMessageContaining("partition.keys");
    }

    @Test
    void aMalformedPartitionKeyIsNamedWithTheFormat() {
        assertThatThrownBy(
                        () ->
                                create(
                                        Map.of(
                                                "catalog.properties.warehouse",
                                                dir.toUri().toString(),
                                                "partition.key",
                                                "db.t1:c1;t2")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Option 'partition.key' has the entry 't2'; each entry is"
                                + " database.table:column[,column...], entries separated by ';',"
                                + " e.g. db.orders:region,day;db.users:country");
    }

    @Test
    void anUnknownMetastoreFailsWhenTheCatalogOpens() {
        assertThatThrownBy(
                        () ->
                                create(
                                        Map.of(
                                                "catalog.properties.metastore",
                                                "nosuch",
                                                "catalog.properties.warehouse",
                                                dir.toUri().toString())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(
                        "The Paimon sink could not open its catalog (metastore nosuch, warehouse ")
                .hasMessageEndingWith(
                        ". Check catalog.properties.metastore and catalog.properties.warehouse");
    }

    @Test
    void aCatalogThatCannotOpenShowsNoSecret() {
        assertThatThrownBy(
                        () ->
                                create(
                                        Map.of(
                                                "catalog.properties.warehouse",
                                                "nosuch://AKIA:s3cret-in-url@bucket/warehouse",
                                                "catalog.properties.fs.s3a.secret.key",
                                                "s3cret-key")))
                .isInstanceOf(IllegalArgumentException.class)
                .satisfies(
                        e -> {
                            StringWriter trace = new StringWriter();
                            e.printStackTrace(new PrintWriter(trace));
                            assertThat(trace.toString())
                                    .contains("nosuch://AKIA:***@bucket/warehouse")
                                    .doesNotContain("s3cret");
                        })
                .hasMessageStartingWith(
                        "The Paimon sink could not open its catalog (metastore filesystem,"
                                + " warehouse nosuch://AKIA:***@bucket/warehouse): ");
    }

    @Test
    void tableSettingsShowNoSecret() {
        assertThat(
                        new TableSettings(
                                        Map.of("bucket", "2", "fs.s3a.secret.key", "s3cret-key"),
                                        Map.of())
                                .toString())
                .isEqualTo(
                        "TableSettings{options={bucket=2, fs.s3a.secret.key=***},"
                                + " partitionKeys={}}");
    }
}
