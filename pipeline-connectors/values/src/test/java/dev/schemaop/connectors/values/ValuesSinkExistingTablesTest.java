package dev.schemaop.connectors.values;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.api.ExistingTableSchemaExpansionSupport;
import dev.schemaop.connectors.values.script.ScriptException;
import dev.schemaop.connectors.values.sink.ValuesStore;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.cdc.common.configuration.ConfigOptions;
import org.apache.flink.cdc.common.configuration.Configuration;
import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.factories.FactoryHelper;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.sink.DataSink;
import org.apache.flink.cdc.common.sink.MetadataApplier;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The sink options {@code existing.tables} and {@code schema.changes.noop}, and the applier's
 * {@link ExistingTableSchemaExpansionSupport}.
 */
class ValuesSinkExistingTablesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final TableId ORDERS = TableId.tableId("db", "orders");
    private static final TableId LOGS = TableId.tableId("logs");

    private static final String EXISTING =
            "- table: db.orders\n"
                    + "  columns:\n"
                    + "    - {name: id, type: INT NOT NULL, comment: order id}\n"
                    + "    - {name: code, type: CHAR(3) NOT NULL}\n"
                    + "    - {name: qty, type: SMALLINT}\n"
                    + "    - {name: price, type: \"DECIMAL(10,2)\"}\n"
                    + "  primaryKeys: [id, code]\n"
                    + "  partitionKeys: [code]\n"
                    + "  comment: orders as the sink has them\n"
                    + "  options: {bucket: 4}\n"
                    + "- table: logs\n"
                    + "  columns: [{name: line, type: STRING}]\n";

    private static final Schema ORDERS_SCHEMA =
            Schema.newBuilder()
                    .column(Column.physicalColumn("id", DataTypes.INT().notNull(), "order id"))
                    .physicalColumn("code", DataTypes.CHAR(3).notNull())
                    .physicalColumn("qty", DataTypes.SMALLINT())
                    .physicalColumn("price", DataTypes.DECIMAL(10, 2))
                    .primaryKey("id", "code")
                    .partitionKey("code")
                    .comment("orders as the sink has them")
                    .option("bucket", "4")
                    .build();

    private static final Schema LOGS_SCHEMA =
            Schema.newBuilder().physicalColumn("line", DataTypes.STRING()).build();

    private static DataSink createSink(Map<String, String> options) {
        return createSink(options, Map.of());
    }

    /** {@code pipeline}: what the runner puts into the pipeline configuration. */
    private static DataSink createSink(Map<String, String> options, Map<String, String> pipeline) {
        return new ValuesDataSinkFactory()
                .createDataSink(
                        new FactoryHelper.DefaultContext(
                                configuration(options),
                                configuration(pipeline),
                                ValuesSinkExistingTablesTest.class.getClassLoader()));
    }

    private static Configuration configuration(Map<String, String> values) {
        Configuration config = new Configuration();
        values.forEach((k, v) -> config.set(ConfigOptions.key(k).stringType().noDefaultValue(), v));
        return config;
    }

    private static ExistingTableSchemaExpansionSupport describer(DataSink sink) {
        MetadataApplier applier = sink.getMetadataApplier();
        assertThat(applier).isInstanceOf(ExistingTableSchemaExpansionSupport.class);
        return (ExistingTableSchemaExpansionSupport) applier;
    }

    // ------------------------------------------------------------- existing.tables

    @Test
    void existingTablesSeedTheStoreWithTheExactSchemasAndNoRows(@TempDir Path dir)
            throws Exception {
        Path out = dir.resolve("out.json");
        Path file = dir.resolve("existing.yaml");
        Files.writeString(file, EXISTING);

        DataSink sink =
                createSink(
                        Map.of("output.path", out.toString(), "existing.tables", file.toString()));

        ExistingTableSchemaExpansionSupport tables = describer(sink);
        assertThat(tables.getExistingTableSchema(ORDERS)).contains(ORDERS_SCHEMA);
        assertThat(tables.getExistingTableSchema(LOGS)).contains(LOGS_SCHEMA);
        assertThat(tables.getExistingTableSchema(TableId.tableId("db", "nope"))).isEmpty();
        // written at submission: the tables, no rows, and no schema change (they were there)
        JsonNode written = JSON.readTree(out.toFile());
        assertThat(written.get("tables").get("db.orders").get("rows")).isEmpty();
        assertThat(written.get("tables").get("logs").get("rows")).isEmpty();
        assertThat(written.get("tables").get("db.orders").get("schema").get("primaryKeys"))
                .hasToString("[\"id\",\"code\"]");
        assertThat(written.get("schemaChanges")).isEmpty();
    }

    @Test
    void theSinksOwnChangesReachTheSeededTable(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out.json");
        Path file = dir.resolve("existing.yaml");
        Files.writeString(file, EXISTING);
        DataSink sink =
                createSink(
                        Map.of("output.path", out.toString(), "existing.tables", file.toString()));
        MetadataApplier applier = sink.getMetadataApplier();

        applier.applySchemaChange(
                new AddColumnEvent(
                        ORDERS,
                        List.of(
                                AddColumnEvent.last(
                                        Column.physicalColumn("note", DataTypes.VARCHAR(20))))));
        applier.applySchemaChange(new AlterColumnTypeEvent(ORDERS, Map.of("qty", DataTypes.INT())));
        // a create of a table the sink already has changes nothing (idempotent)
        applier.applySchemaChange(new CreateTableEvent(LOGS, ORDERS_SCHEMA));

        assertThat(describer(sink).getExistingTableSchema(ORDERS).orElseThrow().getColumns())
                .extracting(c -> c.getName() + " " + c.getType())
                .containsExactly(
                        "id INT NOT NULL",
                        "code CHAR(3) NOT NULL",
                        "qty INT",
                        "price DECIMAL(10, 2)",
                        "note VARCHAR(20)");
        assertThat(describer(sink).getExistingTableSchema(LOGS)).contains(LOGS_SCHEMA);
    }

    @Test
    void aNewSubmissionStartsFromTheListedTablesAgain(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out.json");
        Path file = dir.resolve("existing.yaml");
        Files.writeString(file, EXISTING);
        Map<String, String> options =
                Map.of("output.path", out.toString(), "existing.tables", file.toString());
        createSink(options).getMetadataApplier().applySchemaChange(new DropTableEvent(ORDERS));
        assertThat(ValuesStore.forPath(out.toString()).getSchema(ORDERS)).isNull();

        createSink(options);

        assertThat(ValuesStore.forPath(out.toString()).getSchema(ORDERS)).isEqualTo(ORDERS_SCHEMA);
    }

    @Test
    void withKeepExistingATableTheStoreHasIsKeptAsItIs(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out.json");
        Path file = dir.resolve("existing.yaml");
        Files.writeString(file, EXISTING);
        Schema evolved =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("grown", DataTypes.BIGINT())
                        .primaryKey("id")
                        .build();
        ValuesStore store = ValuesStore.forPath(out.toString());
        store.reset();
        store.createTableIfAbsent(ORDERS, evolved);

        createSink(
                Map.of(
                        "output.path",
                        out.toString(),
                        "existing.tables",
                        file.toString(),
                        "keep.existing",
                        "true"));

        assertThat(store.getSchema(ORDERS)).as("kept, not replaced").isEqualTo(evolved);
        assertThat(store.getSchema(LOGS)).as("created: the store lacked it").isEqualTo(LOGS_SCHEMA);
    }

    @Test
    void aRelativeFileIsResolvedAgainstThePipelineDefinitionsDirectory(@TempDir Path dir)
            throws Exception {
        Files.createDirectories(dir.resolve("tables"));
        Files.writeString(dir.resolve("tables/existing.yaml"), EXISTING);
        Path out = dir.resolve("out.json");

        DataSink sink =
                createSink(
                        Map.of(
                                "output.path",
                                out.toString(),
                                "existing.tables",
                                "tables/existing.yaml"),
                        Map.of("pipeline.definition.dir", dir.toString()));

        assertThat(describer(sink).getExistingTableSchema(ORDERS)).contains(ORDERS_SCHEMA);
    }

    @Test
    void aMissingRelativeFileNamesThePathTriedAndTheDefinitionsDirectory(@TempDir Path dir) {
        assertThatThrownBy(
                        () ->
                                createSink(
                                        Map.of("existing.tables", "tables/nope.yaml"),
                                        Map.of("pipeline.definition.dir", dir.toString())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Cannot read the values sink's existing.tables file 'tables/nope.yaml':"
                                + " there is no such file as "
                                + dir.resolve("tables/nope.yaml")
                                + " (a relative 'existing.tables' is resolved against the"
                                + " directory of the pipeline definition, "
                                + dir
                                + "). Give the path relative to that directory, or an absolute"
                                + " path.");
    }

    @Test
    void withoutTheDefinitionsDirectoryARelativeFileIsResolvedAgainstTheWorkingDirectory() {
        Path cwd = Path.of("").toAbsolutePath();
        assertThatThrownBy(() -> createSink(Map.of("existing.tables", "no-such-dir/nope.yaml")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Cannot read the values sink's existing.tables file"
                                + " 'no-such-dir/nope.yaml': there is no such file as "
                                + cwd.resolve("no-such-dir/nope.yaml")
                                + " (a relative 'existing.tables' is resolved against the working"
                                + " directory, "
                                + cwd
                                + "). Give the path relative to that directory, or an absolute"
                                + " path.");
    }

    @Test
    void aDirectoryIsNotAFile(@TempDir Path dir) {
        assertThatThrownBy(() -> createSink(Map.of("existing.tables", dir.toString())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Cannot read the values sink's existing.tables file '"
                                + dir
                                + "': the file is a directory; 'existing.tables' must name the"
                                + " YAML file that lists the sink's tables.");
    }

    @Test
    void aBadEntryFailsTheSubmissionNamingTheFileEntryAndLineAndKeepsTheStore(@TempDir Path dir)
            throws Exception {
        Path out = dir.resolve("out.json");
        Path file = dir.resolve("existing.yaml");
        Files.writeString(
                file,
                EXISTING
                        + "- table: db.bad\n"
                        + "  columns: [{name: id, type: INT}, {name: id, type: STRING}]\n");
        ValuesStore store = ValuesStore.forPath(out.toString());
        store.reset();
        store.createTableIfAbsent(LOGS, LOGS_SCHEMA);

        assertThatThrownBy(
                        () ->
                                createSink(
                                        Map.of(
                                                "output.path",
                                                out.toString(),
                                                "existing.tables",
                                                file.toString())))
                .isInstanceOf(ScriptException.class)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Invalid values sink existing.tables file "
                                + file
                                + ", entry #3 (line 13): duplicate column 'id'");
        assertThat(store.getSchema(LOGS)).as("read before the reset: nothing reset").isNotNull();
        assertThat(store.getSchema(ORDERS)).isNull();
    }

    @Test
    void withoutExistingTablesTheStoreStartsEmptyAsBefore(@TempDir Path dir) {
        DataSink sink = createSink(Map.of("output.path", dir.resolve("out.json").toString()));
        assertThat(describer(sink).getExistingTableSchema(ORDERS)).isEmpty();
        assertThat(dir.resolve("out.json")).doesNotExist();
    }

    // ------------------------------------------------------------- the interface

    @Test
    void theApplierDescribesItsTablesAsTheStoreHasThem(@TempDir Path dir) throws Exception {
        DataSink sink = createSink(Map.of("output.path", dir.resolve("out.json").toString()));
        ExistingTableSchemaExpansionSupport tables = describer(sink);
        assertThat(tables.getExistingTableSchema(ORDERS)).isEmpty();

        sink.getMetadataApplier().applySchemaChange(new CreateTableEvent(ORDERS, ORDERS_SCHEMA));

        assertThat(tables.getExistingTableSchema(ORDERS)).isEqualTo(Optional.of(ORDERS_SCHEMA));
        assertThat(tables.isColumnNameCaseSensitive()).isTrue();
        // every CDC type is kept as it is: nothing is mapped to another physical type
        for (DataType type :
                List.of(
                        DataTypes.CHAR(3),
                        DataTypes.CHAR(3).notNull(),
                        DataTypes.TINYINT(),
                        DataTypes.DECIMAL(12, 4),
                        DataTypes.TIMESTAMP_LTZ(3),
                        DataTypes.ARRAY(DataTypes.INT()))) {
            assertThat(tables.normalizeToTargetDataType(ORDERS, "code", type, ORDERS_SCHEMA))
                    .isEqualTo(type);
        }
    }

    @Test
    void theNewOptionsAreDeclared() {
        assertThat(new ValuesDataSinkFactory().optionalOptions())
                .contains(
                        ValuesDataSinkOptions.EXISTING_TABLES,
                        ValuesDataSinkOptions.SCHEMA_CHANGES_NOOP);
        assertThat(ValuesDataSinkOptions.EXISTING_TABLES.key()).isEqualTo("existing.tables");
        assertThat(ValuesDataSinkOptions.SCHEMA_CHANGES_NOOP.key())
                .isEqualTo("schema.changes.noop");
        assertThat(ValuesDataSinkOptions.SCHEMA_CHANGES_NOOP.defaultValue()).isFalse();
    }

    // ------------------------------------------------------------- schema.changes.noop

    @Test
    void noopReportsEveryChangeAppliedButChangesNothing(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out.json");
        Path file = dir.resolve("existing.yaml");
        Files.writeString(file, EXISTING);
        DataSink sink =
                createSink(
                        Map.of(
                                "output.path",
                                out.toString(),
                                "existing.tables",
                                file.toString(),
                                "schema.changes.noop",
                                "true"));
        MetadataApplier applier = sink.getMetadataApplier();
        ValuesStore store = ValuesStore.forPath(out.toString());
        String before = store.toJson();

        // no exception for any of them
        applier.applySchemaChange(
                new AddColumnEvent(
                        ORDERS,
                        List.of(
                                AddColumnEvent.last(
                                        Column.physicalColumn("note", DataTypes.VARCHAR(20))))));
        applier.applySchemaChange(new AlterColumnTypeEvent(ORDERS, Map.of("qty", DataTypes.INT())));
        applier.applySchemaChange(new TruncateTableEvent(LOGS));
        applier.applySchemaChange(new DropTableEvent(LOGS));
        applier.applySchemaChange(
                new CreateTableEvent(TableId.tableId("db", "fresh"), LOGS_SCHEMA));
        // even a change of a table the sink does not have
        applier.applySchemaChange(new AlterColumnTypeEvent(TableId.tableId("nope"), Map.of()));

        assertThat(store.toJson()).as("tables and recorded changes unchanged").isEqualTo(before);
        assertThat(describer(sink).getExistingTableSchema(ORDERS)).contains(ORDERS_SCHEMA);
        assertThat(describer(sink).getExistingTableSchema(LOGS)).contains(LOGS_SCHEMA);
        assertThat(describer(sink).getExistingTableSchema(TableId.tableId("db", "fresh")))
                .isEmpty();
        assertThat(JSON.readTree(store.toJson()).get("schemaChanges")).isEmpty();
    }

    @Test
    void withoutNoopTheSameChangesAreApplied(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out.json");
        Path file = dir.resolve("existing.yaml");
        Files.writeString(file, EXISTING);
        DataSink sink =
                createSink(
                        Map.of(
                                "output.path",
                                out.toString(),
                                "existing.tables",
                                file.toString(),
                                "schema.changes.noop",
                                "false"));

        sink.getMetadataApplier()
                .applySchemaChange(
                        new AlterColumnTypeEvent(ORDERS, Map.of("qty", DataTypes.INT())));

        assertThat(describer(sink).getExistingTableSchema(ORDERS).orElseThrow().getColumn("qty"))
                .hasValueSatisfying(c -> assertThat(c.getType()).isEqualTo(DataTypes.INT()));
        assertThat(JSON.readTree(ValuesStore.forPath(out.toString()).toJson()).get("schemaChanges"))
                .hasSize(1);
    }
}
