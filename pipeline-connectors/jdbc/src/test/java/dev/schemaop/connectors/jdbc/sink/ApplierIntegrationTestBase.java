package dev.schemaop.connectors.jdbc.sink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.connectors.jdbc.testutil.JdbcEndpoints;
import dev.schemaop.connectors.jdbc.testutil.TestDatabase;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.exceptions.SchemaEvolveException;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.assertj.core.api.ThrowingConsumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The applier against a real server: every change type applied, read back from the catalog (exact
 * columns, types, nullability, key) and applied a second time without any DDL and without changing
 * the table.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ApplierIntegrationTestBase {

    protected TestDatabase db;
    protected JdbcMetadataApplier applier;

    protected abstract JdbcEndpoints.Endpoint endpoint();

    /** The schema (database) this class owns. */
    protected abstract String schema();

    /** Every Flink CDC type, as {@link #allTypes()} lists them, read back from the catalog. */
    protected abstract List<DataType> allTypesReadBack();

    /** DDL of a table made by hand, for {@link #describesATableItDidNotCreate()}. */
    protected abstract String handMadeTableDdl(String qualifiedName);

    /** What {@link #handMadeTableDdl} reads back as. */
    protected abstract Schema handMadeTableSchema();

    @BeforeAll
    void setUp() throws Exception {
        db = TestDatabase.fresh(endpoint(), schema());
        applier = new JdbcMetadataApplier(endpoint().dialect(), endpoint().options(), 1);
    }

    @AfterAll
    void tearDown() throws Exception {
        if (applier != null) {
            applier.close();
        }
        if (db != null) {
            db.close();
        }
    }

    protected TableId table(String name) {
        return TableId.tableId(schema(), name);
    }

    protected Schema read(String table) {
        return applier.getExistingTableSchema(table(table)).orElseThrow();
    }

    /**
     * Applies the change twice: the second time runs no DDL (a truncate, which leaves no trace to
     * check, truncates again) and changes nothing.
     */
    protected List<String> applyTwice(SchemaChangeEvent event) {
        applier.applySchemaChange(event);
        List<String> first = new ArrayList<>(applier.lastStatements());
        Optional<Schema> after = applier.getExistingTableSchema(event.tableId());
        applier.applySchemaChange(event);
        if (!(event instanceof TruncateTableEvent)) {
            assertThat(applier.lastStatements()).as("DDL of the second %s", event).isEmpty();
        }
        assertThat(applier.getExistingTableSchema(event.tableId()))
                .as("table after the second %s", event)
                .isEqualTo(after);
        return first;
    }

    /** A SchemaEvolveException whose message (getExceptionMessage) contains the text. */
    static ThrowingConsumer<Throwable> evolveMessageContains(String text) {
        return e ->
                assertThat(e)
                        .isInstanceOfSatisfying(
                                SchemaEvolveException.class,
                                x -> assertThat(x.getExceptionMessage()).contains(text));
    }

    static List<DataType> allTypes() {
        return List.of(
                DataTypes.BOOLEAN(),
                DataTypes.TINYINT(),
                DataTypes.SMALLINT(),
                DataTypes.INT(),
                DataTypes.BIGINT(),
                DataTypes.FLOAT(),
                DataTypes.DOUBLE(),
                DataTypes.DECIMAL(12, 4),
                DataTypes.CHAR(3),
                DataTypes.VARCHAR(40),
                DataTypes.STRING(),
                DataTypes.BINARY(4),
                DataTypes.VARBINARY(40),
                DataTypes.BYTES(),
                DataTypes.DATE(),
                DataTypes.TIME(3),
                DataTypes.TIMESTAMP(3),
                DataTypes.TIMESTAMP_LTZ(6),
                DataTypes.TIMESTAMP_TZ(3),
                DataTypes.ARRAY(DataTypes.INT()),
                DataTypes.MAP(DataTypes.STRING(), DataTypes.INT()),
                DataTypes.ROW(DataTypes.FIELD("x", DataTypes.INT())));
    }

    static Schema allTypesSchema() {
        Schema.Builder builder =
                Schema.newBuilder().physicalColumn("id", DataTypes.INT().notNull());
        List<DataType> types = allTypes();
        for (int i = 0; i < types.size(); i++) {
            builder.physicalColumn("c" + i, types.get(i));
        }
        return builder.primaryKey("id").build();
    }

    @Test
    void createsEveryTypeAndReadsItBackExactly() {
        List<String> ddl = applyTwice(new CreateTableEvent(table("all_types"), allTypesSchema()));
        assertThat(ddl).isNotEmpty();
        Schema.Builder expected =
                Schema.newBuilder().physicalColumn("id", DataTypes.INT().notNull());
        List<DataType> readBack = allTypesReadBack();
        for (int i = 0; i < readBack.size(); i++) {
            expected.physicalColumn("c" + i, readBack.get(i));
        }
        assertThat(read("all_types")).isEqualTo(expected.primaryKey("id").build());
        for (int i = 0; i < allTypes().size(); i++) {
            assertThat(
                            applier.normalizeToTargetDataType(
                                    table("all_types"), "c" + i, allTypes().get(i), null))
                    .as("normalized %s", allTypes().get(i))
                    .isEqualTo(readBack.get(i));
        }
    }

    protected static Schema orders() {
        return Schema.newBuilder()
                .physicalColumn("id", DataTypes.BIGINT().notNull())
                .physicalColumn("name", DataTypes.VARCHAR(10).notNull())
                .physicalColumn("qty", DataTypes.INT())
                .physicalColumn("price", DataTypes.DECIMAL(5, 2))
                .primaryKey("id")
                .build();
    }

    protected void createOrders(String name) throws Exception {
        applier.applySchemaChange(new DropTableEvent(table(name)));
        applier.applySchemaChange(new CreateTableEvent(table(name), orders()));
        db.execute(
                "INSERT INTO "
                        + db.table(name)
                        + " VALUES (1, 'apple', 3, 1.25), (2, 'pear', NULL, 12.50)");
    }

    protected static List<String> names(Schema schema) {
        return schema.getColumnNames();
    }

    @Test
    void altersColumnTypesKeepingTheValues() throws Exception {
        createOrders("alter_orders");
        Map<String, DataType> types = new LinkedHashMap<>();
        types.put("qty", DataTypes.BIGINT());
        types.put("name", DataTypes.VARCHAR(30).notNull());
        types.put("price", DataTypes.DECIMAL(10, 4));
        applyTwice(new AlterColumnTypeEvent(table("alter_orders"), types));
        assertThat(read("alter_orders"))
                .isEqualTo(
                        Schema.newBuilder()
                                .physicalColumn("id", DataTypes.BIGINT().notNull())
                                .physicalColumn("name", DataTypes.VARCHAR(30).notNull())
                                .physicalColumn("qty", DataTypes.BIGINT())
                                .physicalColumn("price", DataTypes.DECIMAL(10, 4))
                                .primaryKey("id")
                                .build());
        assertThat(db.rows("alter_orders", "1"))
                .containsExactly("1, apple, 3, 1.2500", "2, pear, null, 12.5000");

        // a NOT NULL column becomes nullable when the new type is; never the other way
        applyTwice(
                new AlterColumnTypeEvent(
                        table("alter_orders"), Map.of("name", DataTypes.VARCHAR(30))));
        assertThat(read("alter_orders").getColumn("name").orElseThrow().getType())
                .isEqualTo(DataTypes.VARCHAR(30));
        applyTwice(
                new AlterColumnTypeEvent(
                        table("alter_orders"), Map.of("qty", DataTypes.BIGINT().notNull())));
        assertThat(read("alter_orders").getColumn("qty").orElseThrow().getType())
                .isEqualTo(DataTypes.BIGINT());
        // text into a number: the stored values convert
        applyTwice(
                new AlterColumnTypeEvent(
                        table("alter_orders"), Map.of("price", DataTypes.STRING())));
        applyTwice(
                new AlterColumnTypeEvent(
                        table("alter_orders"), Map.of("price", DataTypes.DECIMAL(10, 2))));
        assertThat(db.rows("alter_orders", "1"))
                .containsExactly("1, apple, 3, 1.25", "2, pear, null, 12.50");
    }

    @Test
    void renamesDropsTruncatesAndDropsTables() throws Exception {
        createOrders("other_orders");
        applyTwice(new RenameColumnEvent(table("other_orders"), Map.of("qty", "quantity")));
        assertThat(names(read("other_orders"))).containsExactly("id", "name", "quantity", "price");
        assertThat(db.rows("other_orders", "1"))
                .containsExactly("1, apple, 3, 1.25", "2, pear, null, 12.50");

        applyTwice(new DropColumnEvent(table("other_orders"), List.of("price")));
        assertThat(names(read("other_orders"))).containsExactly("id", "name", "quantity");

        applyTwice(new TruncateTableEvent(table("other_orders")));
        assertThat(db.rows("other_orders", "1")).isEmpty();
        assertThat(names(read("other_orders"))).containsExactly("id", "name", "quantity");

        applyTwice(new DropTableEvent(table("other_orders")));
        assertThat(applier.getExistingTableSchema(table("other_orders"))).isEmpty();
    }

    /** The columns of a table after ADD COLUMN FIRST x0, AFTER name x1, BEFORE qty x2, LAST x3. */
    protected abstract List<String> columnsAfterPositionedAdds();

    @Test
    void addsColumnsWhereTheDialectCan() throws Exception {
        createOrders("add_orders");
        applyTwice(
                new AddColumnEvent(
                        table("add_orders"),
                        List.of(
                                AddColumnEvent.first(
                                        Column.physicalColumn("x0", DataTypes.INT(), "first one")),
                                AddColumnEvent.after(
                                        Column.physicalColumn("x1", DataTypes.STRING()), "name"),
                                AddColumnEvent.before(
                                        Column.physicalColumn("x2", DataTypes.DATE()), "qty"),
                                AddColumnEvent.last(
                                        Column.physicalColumn(
                                                "x3", DataTypes.VARCHAR(4).notNull())))));
        Schema schema = read("add_orders");
        assertThat(names(schema)).containsExactlyElementsOf(columnsAfterPositionedAdds());
        assertThat(schema.getColumn("x0").orElseThrow().getType()).isEqualTo(DataTypes.INT());
        assertThat(schema.getColumn("x0").orElseThrow().getComment()).isEqualTo("first one");
        // NOT NULL columns are added nullable: existing rows have no value for them
        assertThat(schema.getColumn("x3").orElseThrow().getType()).isEqualTo(DataTypes.VARCHAR(4));
        assertThat(db.queryText("SELECT COUNT(*) FROM " + db.table("add_orders")))
                .containsExactly("2");
    }

    /**
     * Each change of a history replayed right after it ran (a failover between the change and the
     * runtime's record of it): the replay meets the table as the change left it, runs no DDL and
     * changes nothing. A change replayed after later ones went further is drift ({@code
     * DriftIntegrationTestBase}); the runtime's applied-change log keeps such replays from the
     * sink.
     */
    @Test
    void eachChangeReplayedRightAfterItRunsNoDdl() throws Exception {
        TableId t = table("history");
        applier.applySchemaChange(new DropTableEvent(t));
        List<SchemaChangeEvent> history =
                List.of(
                        new CreateTableEvent(t, orders()),
                        new AddColumnEvent(
                                t,
                                List.of(
                                        AddColumnEvent.last(
                                                Column.physicalColumn("note", DataTypes.INT())))),
                        new RenameColumnEvent(t, Map.of("qty", "quantity")),
                        new AlterColumnTypeEvent(t, Map.of("note", DataTypes.STRING())),
                        new AddColumnEvent(
                                t,
                                List.of(
                                        AddColumnEvent.last(
                                                Column.physicalColumn("qty", DataTypes.DATE())))),
                        new DropColumnEvent(t, List.of("price")),
                        new TruncateTableEvent(t));
        for (SchemaChangeEvent event : history) {
            applyTwice(event);
        }
        assertThat(names(read("history"))).containsExactly("id", "name", "quantity", "note", "qty");
    }

    @Test
    void describesATableItDidNotCreate() throws Exception {
        db.execute(handMadeTableDdl(db.table("hand_made")));
        assertThat(read("hand_made")).isEqualTo(handMadeTableSchema());
        assertThat(applier.getExistingTableSchema(table("no_such_table"))).isEmpty();
    }

    @Test
    void createsTheSchemaOfANewTable() throws Exception {
        String other = schema() + "_new";
        db.dropSchema(other);
        try {
            applier.applySchemaChange(new CreateTableEvent(TableId.tableId(other, "t"), orders()));
            assertThat(applier.lastStatements()).hasSize(2);
            assertThat(applier.getExistingTableSchema(TableId.tableId(other, "t")))
                    .contains(orders());
        } finally {
            db.dropSchema(other);
        }
    }

    @Test
    void normalizesAsItWouldCreate() {
        Schema keyed = orders();
        assertThat(
                        applier.normalizeToTargetDataType(
                                table("t"), "name", DataTypes.VARCHAR(10).notNull(), keyed))
                .isEqualTo(DataTypes.VARCHAR(10).notNull());
        assertThat(applier.normalizeToTargetDataType(table("t"), "c", DataTypes.STRING(), keyed))
                .isEqualTo(DataTypes.STRING());
        assertThat(
                        applier.normalizeToTargetDataType(
                                table("t"), "c", DataTypes.TIMESTAMP_TZ(3), keyed))
                .isEqualTo(DataTypes.TIMESTAMP_LTZ(3));
    }

    @Test
    void acceptsWhatItIsTold() {
        assertThat(applier.getSupportedSchemaEvolutionTypes()).hasSize(7);
        JdbcMetadataApplier fresh =
                new JdbcMetadataApplier(endpoint().dialect(), endpoint().options(), 0);
        assertThat(fresh.acceptsSchemaEvolutionType(SchemaChangeEventType.DROP_TABLE)).isTrue();
        fresh.setAcceptedSchemaEvolutionTypes(Collections.emptySet());
        assertThat(fresh.acceptsSchemaEvolutionType(SchemaChangeEventType.DROP_TABLE)).isFalse();
        fresh.close();
    }
}
