package dev.schemaop.connectors.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.api.ExistingTableSchemaExpansionSupport;
import dev.schemaop.connectors.jdbc.sink.JdbcSink;
import dev.schemaop.connectors.jdbc.testutil.JdbcEndpoints;

import org.apache.flink.cdc.common.configuration.ConfigOptions;
import org.apache.flink.cdc.common.configuration.Configuration;
import org.apache.flink.cdc.common.factories.DataSinkFactory;
import org.apache.flink.cdc.common.factories.Factory;
import org.apache.flink.cdc.common.factories.FactoryHelper;
import org.apache.flink.cdc.common.sink.DataSink;
import org.apache.flink.cdc.common.sink.FlinkSinkProvider;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.HashMap;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

class JdbcDataSinkFactoryTest {

    static DataSink create(DataSinkFactory factory, Map<String, String> options) {
        Configuration config = new Configuration();
        options.forEach(
                (k, v) -> config.set(ConfigOptions.key(k).stringType().noDefaultValue(), v));
        return factory.createDataSink(
                new FactoryHelper.DefaultContext(
                        config,
                        new Configuration(),
                        JdbcDataSinkFactoryTest.class.getClassLoader()));
    }

    @Test
    void bothSinkTypesAreFoundThroughTheFactorySpi() {
        Map<String, String> found =
                StreamSupport.stream(ServiceLoader.load(Factory.class).spliterator(), false)
                        .collect(
                                Collectors.toMap(
                                        Factory::identifier, f -> f.getClass().getSimpleName()));
        assertThat(found)
                .containsEntry("postgres", "PostgresDataSinkFactory")
                .containsEntry("mariadb", "MariaDbDataSinkFactory");
    }

    @Test
    void optionsAreChecked() {
        assertThatThrownBy(() -> create(new PostgresDataSinkFactory(), Map.of()))
                .hasMessageContaining("url");
        assertThatThrownBy(
                        () ->
                                create(
                                        new PostgresDataSinkFactory(),
                                        Map.of("url", "jdbc:postgresql://h/db", "bogus", "1")))
                .hasMessageContaining("bogus");
        assertThatThrownBy(
                        () ->
                                create(
                                        new MariaDbDataSinkFactory(),
                                        Map.of("url", "jdbc:postgresql://127.0.0.1:5432/postgres")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must start with jdbc:mariadb:");
        assertThatThrownBy(
                        () ->
                                create(
                                        new PostgresDataSinkFactory(),
                                        Map.of(
                                                "url", "jdbc:postgresql://h/db",
                                                "sink.buffer-flush.max-rows", "0")))
                .hasMessageContaining("sink.buffer-flush.max-rows must be at least 1");
        assertThatThrownBy(
                        () ->
                                create(
                                        new PostgresDataSinkFactory(),
                                        Map.of(
                                                "url", "jdbc:postgresql://h/db",
                                                "connection.max-pool-size", "4")))
                .as("an option that would do nothing is refused as unknown")
                .hasMessageContaining("Unsupported options")
                .hasMessageContaining("connection.max-pool-size");
    }

    @Test
    void createsASerializableSinkWithAnApplierThatDescribesTables() throws Exception {
        JdbcEndpoints.Endpoint pg = JdbcEndpoints.postgres().requireReachable();
        Map<String, String> options = new HashMap<>();
        options.put("url", pg.url());
        options.put("username", pg.user());
        options.put("password", pg.password());
        options.put("sink.buffer-flush.interval", "250ms");
        DataSink sink = create(new PostgresDataSinkFactory(), options);
        assertThat(sink.getMetadataApplier())
                .isInstanceOf(ExistingTableSchemaExpansionSupport.class);
        JdbcSink flinkSink = (JdbcSink) ((FlinkSinkProvider) sink.getEventSinkProvider()).getSink();
        assertThat(flinkSink.toString())
                .contains("flushIntervalMillis=250")
                .contains("maxBufferedRows=1000")
                .contains("maxRetries=3");
        assertThat(roundTrip(flinkSink)).isInstanceOf(JdbcSink.class);
        assertThat(roundTrip(sink.getMetadataApplier())).isNotNull();
    }

    private static Object roundTrip(Object o) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        try (ObjectInputStream in =
                new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return in.readObject();
        }
    }
}
