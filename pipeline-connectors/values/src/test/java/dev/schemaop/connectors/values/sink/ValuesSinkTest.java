package dev.schemaop.connectors.values.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.connectors.values.ValuesDataSinkFactory;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.apache.flink.cdc.common.configuration.ConfigOptions;
import org.apache.flink.cdc.common.configuration.Configuration;
import org.apache.flink.cdc.common.data.DateData;
import org.apache.flink.cdc.common.data.DecimalData;
import org.apache.flink.cdc.common.data.TimestampData;
import org.apache.flink.cdc.common.data.binary.BinaryRecordData;
import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.exceptions.SchemaEvolveException;
import org.apache.flink.cdc.common.exceptions.UnsupportedSchemaChangeEventException;
import org.apache.flink.cdc.common.factories.FactoryHelper;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.sink.DataSink;
import org.apache.flink.cdc.common.sink.FlinkSinkProvider;
import org.apache.flink.cdc.common.sink.MetadataApplier;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

class ValuesSinkTest {

    private static final ObjectMapper MAPPER =
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private static final TableId ORDERS = TableId.tableId("db", "orders");
    private static final TableId LOGS = TableId.tableId("db", "logs");
    private static final TableId TMP = TableId.tableId("tmp");

    private static final Schema ORDERS_SCHEMA =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("name", DataTypes.VARCHAR(20))
                    .physicalColumn("price", DataTypes.DECIMAL(10, 2))
                    .physicalColumn("day", DataTypes.DATE())
                    .physicalColumn("ts", DataTypes.TIMESTAMP(3))
                    .primaryKey("id")
                    .build();

    static Configuration options(Map<String, String> values) {
        Configuration config = new Configuration();
        values.forEach((k, v) -> config.set(ConfigOptions.key(k).stringType().noDefaultValue(), v));
        return config;
    }

    static DataSink createSink(Map<String, String> values) {
        return new ValuesDataSinkFactory()
                .createDataSink(
                        new FactoryHelper.DefaultContext(
                                options(values),
                                new Configuration(),
                                ValuesSinkTest.class.getClassLoader()));
    }

    private static BinaryRecordData row(DataType[] types, Object... values) {
        return new BinaryRecordDataGenerator(types).generate(values);
    }

    private static final DataType[] V1 = {
        DataTypes.INT().notNull(),
        DataTypes.VARCHAR(20),
        DataTypes.DECIMAL(10, 2),
        DataTypes.DATE(),
        DataTypes.TIMESTAMP(3)
    };
    private static final DataType[] V2 = {
        DataTypes.INT().notNull(),
        DataTypes.VARCHAR(20),
        DataTypes.BIGINT(),
        DataTypes.DECIMAL(10, 2),
        DataTypes.DATE(),
        DataTypes.TIMESTAMP(3)
    };
    private static final DataType[] V3 = {
        DataTypes.INT().notNull(),
        DataTypes.VARCHAR(20),
        DataTypes.BIGINT(),
        DataTypes.DECIMAL(12, 4),
        DataTypes.DATE(),
        DataTypes.TIMESTAMP(3)
    };

    private static BinaryStringData s(String v) {
        return BinaryStringData.fromString(v);
    }

    private static DecimalData dec(String v, int p, int scale) {
        return DecimalData.fromBigDecimal(new BigDecimal(v), p, scale);
    }

    /** Sends a schema change the way the pipeline does: applier first, then every writer. */
    private static void schemaChange(
            MetadataApplier applier, SchemaChangeEvent event, ValuesSinkWriter... writers)
            throws Exception {
        applier.applySchemaChange(event);
        for (ValuesSinkWriter w : writers) {
            w.write(event, null);
        }
    }

    @Test
    void writersAndApplierProduceOneJsonFile(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out/result.json");
        DataSink sink = createSink(Map.of("output.path", out.toString()));
        assertThat(sink.getEventSinkProvider()).isInstanceOf(FlinkSinkProvider.class);
        MetadataApplier applier = sink.getMetadataApplier();
        ValuesSinkWriter w0 = new ValuesSinkWriter(out.toString(), false, 0);
        ValuesSinkWriter w1 = new ValuesSinkWriter(out.toString(), false, 1);

        CreateTableEvent createOrders = new CreateTableEvent(ORDERS, ORDERS_SCHEMA);
        schemaChange(applier, createOrders, w0, w1);
        w0.write(
                DataChangeEvent.insertEvent(
                        ORDERS,
                        row(
                                V1,
                                1,
                                s("Alice"),
                                dec("12.50", 10, 2),
                                DateData.fromLocalDate(LocalDate.of(2024, 1, 31)),
                                TimestampData.fromLocalDateTime(
                                        LocalDateTime.parse("2024-01-31T10:00:00.123")))),
                null);
        BinaryRecordData bob = row(V1, 2, s("Bob"), dec("3.1", 10, 2), null, null);
        w1.write(DataChangeEvent.insertEvent(ORDERS, bob), null);
        BinaryRecordData carol = row(V1, 3, s("Carol"), dec("0", 10, 2), null, null);
        w0.write(DataChangeEvent.insertEvent(ORDERS, carol), null);
        w1.write(
                DataChangeEvent.updateEvent(
                        ORDERS,
                        bob,
                        row(
                                V1,
                                2,
                                s("Bobby"),
                                dec("3.1", 10, 2),
                                DateData.fromLocalDate(LocalDate.of(2024, 2, 1)),
                                null)),
                null);
        w0.write(DataChangeEvent.deleteEvent(ORDERS, carol), null);

        AddColumnEvent addScore =
                new AddColumnEvent(
                        ORDERS,
                        List.of(
                                AddColumnEvent.after(
                                        Column.physicalColumn("score", DataTypes.BIGINT()),
                                        "name")));
        schemaChange(applier, addScore, w0, w1);
        w1.write(
                DataChangeEvent.insertEvent(
                        ORDERS, row(V2, 4, s("Dave"), 42L, dec("7.25", 10, 2), null, null)),
                null);

        Map<String, DataType> newPrice = new LinkedHashMap<>();
        newPrice.put("price", DataTypes.DECIMAL(12, 4));
        AlterColumnTypeEvent alterPrice = new AlterColumnTypeEvent(ORDERS, newPrice);
        schemaChange(applier, alterPrice, w0, w1);
        RenameColumnEvent rename = new RenameColumnEvent(ORDERS, Map.of("name", "full_name"));
        schemaChange(applier, rename, w0, w1);
        w0.write(
                DataChangeEvent.insertEvent(
                        ORDERS,
                        row(
                                V3,
                                1,
                                s("Alicia"),
                                7L,
                                dec("12.5", 12, 4),
                                DateData.fromLocalDate(LocalDate.of(2024, 1, 31)),
                                TimestampData.fromLocalDateTime(
                                        LocalDateTime.parse("2024-01-31T10:00:00.123")))),
                null);

        CreateTableEvent createLogs =
                new CreateTableEvent(
                        LOGS,
                        Schema.newBuilder()
                                .physicalColumn("id", DataTypes.BIGINT().notNull())
                                .physicalColumn("msg", DataTypes.STRING())
                                .primaryKey("id")
                                .build());
        DataType[] logTypes = {DataTypes.BIGINT().notNull(), DataTypes.STRING()};
        schemaChange(applier, createLogs, w0, w1);
        w0.write(DataChangeEvent.insertEvent(LOGS, row(logTypes, 10L, s("x"))), null);
        TruncateTableEvent truncateLogs = new TruncateTableEvent(LOGS);
        schemaChange(applier, truncateLogs, w0, w1);
        w1.write(DataChangeEvent.insertEvent(LOGS, row(logTypes, 11L, s("y"))), null);

        CreateTableEvent createTmp =
                new CreateTableEvent(
                        TMP, Schema.newBuilder().physicalColumn("a", DataTypes.INT()).build());
        schemaChange(applier, createTmp, w0, w1);
        w0.write(DataChangeEvent.insertEvent(TMP, row(new DataType[] {DataTypes.INT()}, 5)), null);
        DropTableEvent dropTmp = new DropTableEvent(TMP);
        schemaChange(applier, dropTmp, w0, w1);

        DropColumnEvent dropDay = new DropColumnEvent(ORDERS, List.of("day"));
        schemaChange(applier, dropDay, w0, w1);

        w0.flush(false);
        assertThat(out).doesNotExist();
        w0.flush(true);
        w1.flush(true);
        w0.close();
        w1.close();

        String expected =
                "{\n"
                        + "  \"tables\": {\n"
                        + "    \"db.logs\": {\n"
                        + "      \"schema\": {\n"
                        + "        \"columns\": [\n"
                        + "          {\"name\": \"id\", \"type\": \"BIGINT NOT NULL\", \"nullable\": false},\n"
                        + "          {\"name\": \"msg\", \"type\": \"STRING\", \"nullable\": true}\n"
                        + "        ],\n"
                        + "        \"primaryKeys\": [\"id\"]\n"
                        + "      },\n"
                        + "      \"rows\": [{\"id\": 11, \"msg\": \"y\"}]\n"
                        + "    },\n"
                        + "    \"db.orders\": {\n"
                        + "      \"schema\": {\n"
                        + "        \"columns\": [\n"
                        + "          {\"name\": \"id\", \"type\": \"INT NOT NULL\", \"nullable\": false},\n"
                        + "          {\"name\": \"full_name\", \"type\": \"VARCHAR(20)\", \"nullable\": true},\n"
                        + "          {\"name\": \"score\", \"type\": \"BIGINT\", \"nullable\": true},\n"
                        + "          {\"name\": \"price\", \"type\": \"DECIMAL(12, 4)\", \"nullable\": true},\n"
                        + "          {\"name\": \"ts\", \"type\": \"TIMESTAMP(3)\", \"nullable\": true}\n"
                        + "        ],\n"
                        + "        \"primaryKeys\": [\"id\"]\n"
                        + "      },\n"
                        + "      \"rows\": [\n"
                        + "        {\"id\": 1, \"full_name\": \"Alicia\", \"score\": 7, \"price\": \"12.5000\","
                        + " \"ts\": \"2024-01-31T10:00:00.123\"},\n"
                        + "        {\"id\": 2, \"full_name\": \"Bobby\", \"score\": null, \"price\": \"3.1000\","
                        + " \"ts\": null},\n"
                        + "        {\"id\": 4, \"full_name\": \"Dave\", \"score\": 42, \"price\": \"7.2500\","
                        + " \"ts\": null}\n"
                        + "      ]\n"
                        + "    }\n"
                        + "  },\n"
                        + "  \"schemaChanges\": [\n"
                        + change("create.table", "db.orders", createOrders)
                        + ",\n"
                        + change("add.column", "db.orders", addScore)
                        + ",\n"
                        + change("alter.column.type", "db.orders", alterPrice)
                        + ",\n"
                        + change("rename.column", "db.orders", rename)
                        + ",\n"
                        + change("create.table", "db.logs", createLogs)
                        + ",\n"
                        + change("truncate.table", "db.logs", truncateLogs)
                        + ",\n"
                        + change("create.table", "tmp", createTmp)
                        + ",\n"
                        + change("drop.table", "tmp", dropTmp)
                        + ",\n"
                        + change("drop.column", "db.orders", dropDay)
                        + "\n"
                        + "  ]\n"
                        + "}\n";
        String actual = Files.readString(out);
        // same content, same key order, same layout as the store's pretty printer
        assertThat(actual)
                .isEqualTo(
                        MAPPER.writeValueAsString(MAPPER.readTree(expected))
                                + System.lineSeparator());
        assertThat(dir.resolve("out").toFile().list()).containsExactly("result.json");
    }

    private static String change(String type, String table, SchemaChangeEvent event)
            throws Exception {
        Map<String, String> c = new LinkedHashMap<>();
        c.put("type", type);
        c.put("table", table);
        c.put("event", event.toString());
        return new ObjectMapper().writeValueAsString(c);
    }

    @Test
    void aRowOfTheWrongShapeIsAHardError(@TempDir Path dir) throws Exception {
        ValuesSinkWriter writer = new ValuesSinkWriter(dir.resolve("o.json").toString(), false, 3);
        writer.write(new CreateTableEvent(ORDERS, ORDERS_SCHEMA), null);
        assertThatThrownBy(
                        () ->
                                writer.write(
                                        DataChangeEvent.insertEvent(
                                                ORDERS, row(V2, 1, s("a"), 1L, null, null, null)),
                                        null))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage(
                        "Values sink writer 3 received a row of arity 6 (after) for table"
                                + " db.orders, whose schema has 5 columns: "
                                + ORDERS_SCHEMA);
    }

    @Test
    void aRowForAnUnknownTableIsAHardError(@TempDir Path dir) {
        ValuesSinkWriter writer = new ValuesSinkWriter(dir.resolve("o.json").toString(), false, 0);
        DataChangeEvent insert =
                DataChangeEvent.insertEvent(ORDERS, row(V1, 1, s("a"), null, null, null));
        assertThatThrownBy(() -> writer.write(insert, null))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage(
                        "Values sink writer 0 received a data change for table db.orders, but has"
                                + " no schema for that table (no CreateTableEvent, or the table"
                                + " was dropped): "
                                + insert);
    }

    @Test
    void printsEveryEventOnOneLine(@TempDir Path dir) throws Exception {
        ValuesSinkWriter writer = new ValuesSinkWriter(null, true, 1);
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true));
        try {
            writer.write(new CreateTableEvent(ORDERS, ORDERS_SCHEMA), null);
            writer.write(
                    DataChangeEvent.insertEvent(
                            ORDERS, row(V1, 1, s("a"), dec("1.5", 10, 2), null, null)),
                    null);
        } finally {
            System.setOut(original);
        }
        assertThat(captured.toString().split(System.lineSeparator()))
                .containsExactly(
                        "values-sink[1]> " + new CreateTableEvent(ORDERS, ORDERS_SCHEMA),
                        "values-sink[1]> DataChangeEvent{tableId=db.orders, before=[],"
                                + " after=[1, a, 1.50, null, null], op=INSERT, meta=()}");
    }

    @Test
    void unsupportedSchemaChangesAreRejected(@TempDir Path dir) throws Exception {
        DataSink sink =
                createSink(
                        Map.of(
                                "output.path",
                                dir.resolve("o.json").toString(),
                                "supported.schema.changes",
                                "create.table, add.column,table"));
        MetadataApplier applier = sink.getMetadataApplier();
        assertThat(applier.getSupportedSchemaEvolutionTypes())
                .containsExactlyInAnyOrder(
                        SchemaChangeEventType.CREATE_TABLE,
                        SchemaChangeEventType.ADD_COLUMN,
                        SchemaChangeEventType.DROP_TABLE,
                        SchemaChangeEventType.TRUNCATE_TABLE);
        applier.applySchemaChange(new CreateTableEvent(ORDERS, ORDERS_SCHEMA));
        DropColumnEvent drop = new DropColumnEvent(ORDERS, List.of("day"));
        assertThatThrownBy(() -> applier.applySchemaChange(drop))
                .isInstanceOfSatisfying(
                        UnsupportedSchemaChangeEventException.class,
                        e ->
                                assertThat(e.getExceptionMessage())
                                        .isEqualTo(
                                                "the values sink does not support drop.column"
                                                        + " (supported.schema.changes: add.column,"
                                                        + "create.table,drop.table,"
                                                        + "truncate.table)"));
    }

    @Test
    void errorOnSchemaChangeRejectsEverythingButCreateTable(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("o.json");
        MetadataApplier applier =
                createSink(Map.of("output.path", out.toString(), "error.on.schema.change", "true"))
                        .getMetadataApplier();
        applier.applySchemaChange(new CreateTableEvent(ORDERS, ORDERS_SCHEMA));
        TruncateTableEvent truncate = new TruncateTableEvent(ORDERS);
        assertThatThrownBy(() -> applier.applySchemaChange(truncate))
                .isExactlyInstanceOf(SchemaEvolveException.class)
                .satisfies(
                        e ->
                                assertThat(((SchemaEvolveException) e).getExceptionMessage())
                                        .isEqualTo(
                                                "the values sink rejects schema changes"
                                                        + " (error.on.schema.change: true)"));
        ValuesStore.forPath(out.toString()).writeFile();
        assertThat(MAPPER.readTree(out.toFile()).get("schemaChanges")).hasSize(1);
    }

    @Test
    void failOnceOnFailsTheFirstCallOnly(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("o.json");
        MetadataApplier applier =
                createSink(Map.of("output.path", out.toString(), "fail.once.on", "add.column"))
                        .getMetadataApplier();
        applier.applySchemaChange(new CreateTableEvent(ORDERS, ORDERS_SCHEMA));
        AddColumnEvent add =
                new AddColumnEvent(
                        ORDERS,
                        List.of(AddColumnEvent.last(Column.physicalColumn("x", DataTypes.INT()))));
        assertThatThrownBy(() -> applier.applySchemaChange(add))
                .isExactlyInstanceOf(RuntimeException.class)
                .hasMessage("injected failure before applying " + add);
        ValuesStore store = ValuesStore.forPath(out.toString());
        assertThat(store.getSchema(ORDERS).getColumnNames()).doesNotContain("x");

        // a new job on the same path in this JVM does not fail again
        MetadataApplier again =
                createSink(Map.of("output.path", out.toString(), "fail.once.on", "add.column"))
                        .getMetadataApplier();
        again.applySchemaChange(new CreateTableEvent(ORDERS, ORDERS_SCHEMA));
        again.applySchemaChange(add);
        again.applySchemaChange(add); // idempotent
        assertThat(store.getSchema(ORDERS).getColumnNames())
                .containsExactly("id", "name", "price", "day", "ts", "x");
        store.writeFile();
        assertThat(MAPPER.readTree(out.toFile()).get("schemaChanges")).hasSize(3);
    }

    @Test
    void acceptedTypesAreKept() {
        MetadataApplier applier = createSink(Map.of()).getMetadataApplier();
        assertThat(applier.acceptsSchemaEvolutionType(SchemaChangeEventType.DROP_TABLE)).isTrue();
        applier.setAcceptedSchemaEvolutionTypes(
                EnumSet.of(SchemaChangeEventType.CREATE_TABLE, SchemaChangeEventType.ADD_COLUMN));
        assertThat(applier.acceptsSchemaEvolutionType(SchemaChangeEventType.ADD_COLUMN)).isTrue();
        assertThat(applier.acceptsSchemaEvolutionType(SchemaChangeEventType.DROP_TABLE)).isFalse();
        assertThat(applier.getSupportedSchemaEvolutionTypes())
                .containsExactlyInAnyOrder(SchemaChangeEventType.values());
    }

    @Test
    void creatingTheSinkResetsTheStoreOfItsPath(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("o.json");
        MetadataApplier applier =
                createSink(Map.of("output.path", out.toString())).getMetadataApplier();
        applier.applySchemaChange(new CreateTableEvent(ORDERS, ORDERS_SCHEMA));
        assertThat(ValuesStore.forPath(out.toString()).getSchema(ORDERS)).isNotNull();
        createSink(Map.of("output.path", out.toString()));
        assertThat(ValuesStore.forPath(out.toString()).getSchema(ORDERS)).isNull();
    }

    @Test
    void rejectsUnknownOptionsAndTags() {
        assertThatThrownBy(() -> createSink(Map.of("output.pth", "x")))
                .hasMessageContaining("output.pth");
        assertThatThrownBy(() -> createSink(Map.of("supported.schema.changes", "add.column,boom")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Unknown schema change type 'boom' in option 'supported.schema.changes' of"
                                + " the values sink; valid: add.column, alter.column.type,"
                                + " create.table, drop.column, drop.table, rename.column,"
                                + " truncate.table, or the families add, alter, create, drop,"
                                + " rename, table, column, all");
        assertThatThrownBy(() -> createSink(Map.of("fail.once.on", "column")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Unknown schema change type 'column' in option 'fail.once.on' of the values"
                                + " sink; valid: add.column, alter.column.type, create.table,"
                                + " drop.column, drop.table, rename.column, truncate.table");
    }

    // ------------------------------------------------------------- output.path at submission

    @Test
    void anOutputPathThatIsADirectoryIsRejectedAtSubmission(@TempDir Path dir) {
        assertThatThrownBy(() -> createSink(Map.of("output.path", dir.toString())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Option 'output.path' of the values sink names a directory, "
                                + dir
                                + "; it must name the JSON file to write. Set it to a file path,"
                                + " e.g. "
                                + dir.resolve("values-result.json")
                                + ".");
    }

    @Test
    void anOutputPathUnderAFileIsRejectedAtSubmission(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("plain.txt"), "x");
        Path out = file.resolve("sub/o.json");
        assertThatThrownBy(() -> createSink(Map.of("output.path", out.toString())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Option 'output.path' of the values sink, "
                                + out
                                + ", lies under "
                                + file
                                + ", which is a file, not a directory, so the output file cannot"
                                + " be created. Choose a path in a directory.");
    }

    @Test
    void anOutputPathInDirectoriesStillToBeCreatedIsAccepted(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("a/b/o.json");
        createSink(Map.of("output.path", out.toString()));
        ValuesStore.forPath(out.toString()).writeFile();
        assertThat(MAPPER.readTree(out.toFile()).get("tables").size()).isZero();
    }

    @Test
    void theOutputFileIsReadableByAllLikeAnyNewFile(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("o.json");
        createSink(Map.of("output.path", out.toString()));
        ValuesStore store = ValuesStore.forPath(out.toString());
        store.writeFile();
        store.writeFile(); // replacing the file keeps the mode as well

        Path reference = dir.resolve("reference");
        Files.newOutputStream(reference).close();
        assertThat(Files.getPosixFilePermissions(out))
                .contains(
                        PosixFilePermission.OWNER_READ,
                        PosixFilePermission.OWNER_WRITE,
                        PosixFilePermission.GROUP_READ,
                        PosixFilePermission.OTHERS_READ)
                .isEqualTo(Files.getPosixFilePermissions(reference));
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("o.json", "reference");
        }
    }
}
