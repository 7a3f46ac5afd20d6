package dev.schemaop.connectors.values.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.connectors.values.ValuesDataSinkFactory;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.api.connector.sink2.Committer;
import org.apache.flink.cdc.common.configuration.ConfigOptions;
import org.apache.flink.cdc.common.configuration.Configuration;
import org.apache.flink.cdc.common.data.binary.BinaryRecordData;
import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.factories.FactoryHelper;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.sink.DataSink;
import org.apache.flink.cdc.common.sink.FlinkSinkProvider;
import org.apache.flink.cdc.common.sink.MetadataApplier;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code delivery.guarantee: exactly-once}: writers stage rows, the committer applies each
 * committable once, and rows staged before a schema change are committed in the table's new shape,
 * or not at all after a truncate or drop.
 */
class ValuesCommittingSinkTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TableId ORDERS = TableId.tableId("db", "orders");
    private static final Schema SCHEMA =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("name", DataTypes.VARCHAR(20))
                    .physicalColumn("qty", DataTypes.INT())
                    .primaryKey("id")
                    .build();
    private static final DataType[] TYPES = {
        DataTypes.INT().notNull(), DataTypes.VARCHAR(20), DataTypes.INT()
    };

    @TempDir Path dir;

    private Path out;
    private MetadataApplier applier;
    private ValuesStore store;
    private ValuesCommittingWriter writer;

    @BeforeEach
    void sink() throws Exception {
        out = dir.resolve("result.json");
        applier =
                createSink(
                                Map.of(
                                        "output.path",
                                        out.toString(),
                                        "delivery.guarantee",
                                        "exactly-once"))
                        .getMetadataApplier();
        store = ValuesStore.forPath(out.toString());
        writer = new ValuesCommittingWriter(store, false, 0, null);
        schemaChange(new CreateTableEvent(ORDERS, SCHEMA));
    }

    @Test
    void rowsReachTheStoreWhenTheirCommittableIsCommittedAndOnlyThen() throws Exception {
        insert(1, "a", 10);
        insert(2, "b", 20);
        writer.flush(false);
        assertThat(rows()).isEmpty();

        Collection<ValuesCommittable> committables = writer.prepareCommit();
        assertThat(committables).hasSize(1);
        assertThat(writer.prepareCommit()).as("nothing staged since").isEmpty();
        assertThat(rows()).isEmpty();

        commit(committables, false);
        assertThat(rows()).containsExactly("1 a 10", "2 b 20");
        assertThat(commits())
                .isEqualTo(
                        Map.of(
                                "committables",
                                1L,
                                "rowEvents",
                                2L,
                                "clearedRowEvents",
                                0L,
                                "repeatedCommittables",
                                0L));
    }

    @Test
    void aCommittableCommittedAgainIsAppliedOnce() throws Exception {
        insert(1, "a", 10);
        writer.write(DataChangeEvent.updateEvent(ORDERS, row(1, "a", 10), row(1, "a", 11)), null);
        Collection<ValuesCommittable> committables = writer.prepareCommit();

        commit(committables, false);
        commit(committables, false);

        assertThat(rows()).containsExactly("1 a 11");
        assertThat(commits())
                .isEqualTo(
                        Map.of(
                                "committables",
                                1L,
                                "rowEvents",
                                2L,
                                "clearedRowEvents",
                                0L,
                                "repeatedCommittables",
                                1L));
    }

    @Test
    void rowsStagedBeforeColumnChangesAreCommittedInTheNewShape() throws Exception {
        insert(1, "a", 10);
        insert(2, "b", 20);
        writer.write(DataChangeEvent.deleteEvent(ORDERS, row(2, "b", 20)), null);
        schemaChange(new RenameColumnEvent(ORDERS, Map.of("name", "label")));
        schemaChange(
                new AlterColumnTypeEvent(
                        ORDERS, Map.of("qty", DataTypes.BIGINT()), Map.of("qty", DataTypes.INT())));
        schemaChange(new DropColumnEvent(ORDERS, List.of("label")));
        // a row of the new shape, staged after the changes: nothing to bring forward
        writer.write(
                DataChangeEvent.insertEvent(
                        ORDERS,
                        new BinaryRecordDataGenerator(
                                        new DataType[] {
                                            DataTypes.INT().notNull(), DataTypes.BIGINT()
                                        })
                                .generate(new Object[] {3, 30L})),
                null);

        commit(writer.prepareCommit(), false);

        assertThat(store.getSchema(ORDERS).getColumnNames()).containsExactly("id", "qty");
        assertThat(rows()).containsExactly("1 10", "3 30");
        assertThat(
                        JSON.readTree(out.toFile())
                                .at("/tables/db.orders/rows/0/qty")
                                .isIntegralNumber())
                .isTrue();
    }

    @Test
    void rowsStagedBeforeATruncateOrADropAreNotCommitted() throws Exception {
        insert(1, "a", 10);
        schemaChange(new TruncateTableEvent(ORDERS));
        insert(2, "b", 20);
        Collection<ValuesCommittable> beforeDrop = writer.prepareCommit();
        insert(3, "c", 30);
        Collection<ValuesCommittable> beforeDropToo = writer.prepareCommit();
        schemaChange(new DropTableEvent(ORDERS));
        schemaChange(new CreateTableEvent(ORDERS, SCHEMA));
        insert(4, "d", 40);

        commit(beforeDrop, false);
        commit(beforeDropToo, false);
        commit(writer.prepareCommit(), false);

        assertThat(rows()).containsExactly("4 d 40");
        assertThat(commits())
                .isEqualTo(
                        Map.of(
                                "committables",
                                3L,
                                "rowEvents",
                                1L,
                                "clearedRowEvents",
                                3L,
                                "repeatedCommittables",
                                0L));
    }

    @Test
    void rowsCommittedBeforeATruncateAreClearedByIt() throws Exception {
        insert(1, "a", 10);
        commit(writer.prepareCommit(), false);
        schemaChange(new TruncateTableEvent(ORDERS));
        insert(2, "b", 20);
        commit(writer.prepareCommit(), false);

        assertThat(rows()).containsExactly("2 b 20");
    }

    @Test
    void committerFailOnceFailsAfterApplyingAndTheRetryAppliesNothing() throws Exception {
        insert(1, "a", 10);
        Collection<ValuesCommittable> committables = writer.prepareCommit();

        assertThatThrownBy(() -> commit(committables, true))
                .isInstanceOf(IOException.class)
                .hasMessage("injected committer failure after applying 1 committables");
        commit(committables, true);

        assertThat(rows()).containsExactly("1 a 10");
        assertThat(commits().get("repeatedCommittables")).isEqualTo(1L);
    }

    @Test
    void committablesSurviveTheirSerializer() throws IOException {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("int", 1);
        values.put("long", 2L);
        values.put("decimal", new BigDecimal("12.50"));
        values.put("text", "x");
        values.put("bytes", new byte[] {1, 2});
        values.put("day", LocalDate.of(2024, 1, 31));
        values.put("ts", LocalDateTime.parse("2024-01-31T10:00:00.123"));
        values.put("ltz", Instant.parse("2024-01-31T10:00:00Z"));
        values.put("null", null);
        ValuesCommittable committable =
                new ValuesCommittable(
                        "id-1",
                        List.of(
                                new StagedRowEvent(TableId.tableId("t"), 3, null, values),
                                new StagedRowEvent(ORDERS, 4, values, null),
                                new StagedRowEvent(
                                        TableId.tableId("ns", "db", "t"), 5, values, values)));
        ValuesCommittableSerializer serializer = ValuesCommittableSerializer.INSTANCE;

        ValuesCommittable copy =
                serializer.deserialize(serializer.getVersion(), serializer.serialize(committable));

        assertThat(copy.id()).isEqualTo("id-1");
        assertThat(copy.events()).hasSize(3);
        assertThat(copy.events())
                .extracting(StagedRowEvent::table)
                .containsExactly(TableId.tableId("t"), ORDERS, TableId.tableId("ns", "db", "t"));
        assertThat(copy.events()).extracting(StagedRowEvent::sequence).containsExactly(3L, 4L, 5L);
        assertThat(copy.events().get(0).before()).isNull();
        assertThat(copy.events().get(2).after()).usingRecursiveComparison().isEqualTo(values);
        assertThat(copy.events().get(2).after().keySet())
                .containsExactlyElementsOf(values.keySet());
    }

    @Test
    void theDeliveryGuaranteeChoosesTheSink() {
        assertThat(sinkOf(Map.of())).isExactlyInstanceOf(ValuesSink.class);
        assertThat(sinkOf(Map.of("delivery.guarantee", "at-least-once")))
                .isExactlyInstanceOf(ValuesSink.class);
        assertThat(sinkOf(Map.of("delivery.guarantee", "exactly-once")))
                .isExactlyInstanceOf(ValuesCommittingSink.class);
        assertThatThrownBy(() -> sinkOf(Map.of("delivery.guarantee", "none")))
                .hasMessage(
                        "Unknown value 'none' of option 'delivery.guarantee' of the values sink; valid:"
                                + " at-least-once, exactly-once");
        assertThatThrownBy(() -> sinkOf(Map.of("committer.fail.once", "true")))
                .hasMessageContaining("needs 'delivery.guarantee: exactly-once'");
    }

    private static Object sinkOf(Map<String, String> options) {
        return ((FlinkSinkProvider) createSink(options).getEventSinkProvider()).getSink();
    }

    private static DataSink createSink(Map<String, String> values) {
        Configuration config = new Configuration();
        values.forEach((k, v) -> config.set(ConfigOptions.key(k).stringType().noDefaultValue(), v));
        return new ValuesDataSinkFactory()
                .createDataSink(
                        new FactoryHelper.DefaultContext(
                                config,
                                new Configuration(),
                                ValuesCommittingSinkTest.class.getClassLoader()));
    }

    /** As the pipeline does it: the writer flushes, the applier applies, the writer receives. */
    private void schemaChange(SchemaChangeEvent event) throws Exception {
        writer.flush(false);
        applier.applySchemaChange(event);
        writer.write(event, null);
    }

    private void insert(int id, String name, int qty) throws Exception {
        writer.write(DataChangeEvent.insertEvent(ORDERS, row(id, name, qty)), null);
    }

    private static BinaryRecordData row(int id, String name, int qty) {
        return new BinaryRecordDataGenerator(TYPES)
                .generate(new Object[] {id, BinaryStringData.fromString(name), qty});
    }

    private void commit(Collection<ValuesCommittable> committables, boolean failOnce)
            throws Exception {
        List<Committer.CommitRequest<ValuesCommittable>> requests = new ArrayList<>();
        committables.forEach(c -> requests.add(new Request(c)));
        new ValuesCommitter(store, false, failOnce).commit(requests);
    }

    /** The committed rows as their values in column order, sorted by key. */
    private List<String> rows() throws IOException {
        store.writeFile();
        List<String> rows = new ArrayList<>();
        JsonNode table = JSON.readTree(out.toFile()).path("tables").path(ORDERS.toString());
        for (JsonNode row : table.path("rows")) {
            List<String> values = new ArrayList<>();
            row.forEach(v -> values.add(v.asText()));
            rows.add(String.join(" ", values));
        }
        return rows;
    }

    private Map<String, Long> commits() throws IOException {
        store.writeFile();
        Map<String, Long> commits = new LinkedHashMap<>();
        JSON.readTree(out.toFile())
                .path("commits")
                .fields()
                .forEachRemaining(e -> commits.put(e.getKey(), e.getValue().asLong()));
        return commits;
    }

    private static final class Request implements Committer.CommitRequest<ValuesCommittable> {
        private final ValuesCommittable committable;

        Request(ValuesCommittable committable) {
            this.committable = committable;
        }

        @Override
        public ValuesCommittable getCommittable() {
            return committable;
        }

        @Override
        public int getNumberOfRetries() {
            return 0;
        }

        @Override
        public void signalFailedWithKnownReason(Throwable t) {}

        @Override
        public void signalFailedWithUnknownReason(Throwable t) {}

        @Override
        public void retryLater() {}

        @Override
        public void updateAndRetryLater(ValuesCommittable committable) {}

        @Override
        public void signalAlreadyCommitted() {}
    }
}
