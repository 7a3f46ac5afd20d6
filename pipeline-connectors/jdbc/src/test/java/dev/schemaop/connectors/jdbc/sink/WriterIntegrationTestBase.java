package dev.schemaop.connectors.jdbc.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.connectors.jdbc.connection.JdbcConnectionOptions;
import dev.schemaop.connectors.jdbc.testutil.JdbcEndpoints;
import dev.schemaop.connectors.jdbc.testutil.LogCapture;
import dev.schemaop.connectors.jdbc.testutil.ManualTimeService;
import dev.schemaop.connectors.jdbc.testutil.Rows;
import dev.schemaop.connectors.jdbc.testutil.TestDatabase;
import dev.schemaop.connectors.jdbc.testutil.TestWriterInitContext;

import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.cdc.common.data.GenericArrayData;
import org.apache.flink.cdc.common.data.GenericMapData;
import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Sink v2 writer against a real server, created through {@link JdbcSink#createWriter} with a
 * minimal init context whose processing-time service the test drives. Tables are created by the
 * applier, as in a pipeline, and the writer receives the same schema events.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class WriterIntegrationTestBase {

    protected TestDatabase db;
    protected JdbcMetadataApplier applier;
    protected ManualTimeService time;
    protected final List<SinkWriter<Event>> writers = new ArrayList<>();

    protected abstract JdbcEndpoints.Endpoint endpoint();

    protected abstract String schema();

    /** The writers' connection options; a subclass marks them so that it can find them. */
    protected JdbcConnectionOptions sinkOptions() {
        return endpoint().options();
    }

    /** Closes the writers' connections from the server side, as a server restart would. */
    protected abstract void killSinkConnections() throws SQLException;

    /** A TIMESTAMP_LTZ column's value. */
    protected abstract Instant readInstant(ResultSet rs, int column) throws SQLException;

    /** A CHAR(3) column holding "ab". */
    protected abstract String charAb();

    @BeforeAll
    void setUp() throws Exception {
        db = TestDatabase.fresh(endpoint(), schema());
        applier = new JdbcMetadataApplier(endpoint().dialect(), endpoint().options(), 1);
    }

    @AfterEach
    void closeWriters() throws Exception {
        for (SinkWriter<Event> w : writers) {
            w.close();
        }
        writers.clear();
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

    protected SinkWriter<Event> writer(int maxRows, Duration interval) {
        time = new ManualTimeService();
        SinkWriter<Event> writer =
                new JdbcSink(
                                endpoint().dialect(),
                                sinkOptions(),
                                new WriteOptions(maxRows, interval, 2))
                        .createWriter(new TestWriterInitContext(0, time));
        writers.add(writer);
        return writer;
    }

    protected TableId table(String name) {
        return TableId.tableId(schema(), name);
    }

    /** The applier applies the change (the create after dropping the table), the writer gets it. */
    protected void schemaChange(SinkWriter<Event> writer, SchemaChangeEvent event)
            throws Exception {
        if (event instanceof CreateTableEvent) {
            applier.applySchemaChange(new DropTableEvent(event.tableId()));
        }
        writer.flush(false);
        applier.applySchemaChange(event);
        writer.write(event, null);
    }

    protected static void write(SinkWriter<Event> writer, Event... events) throws Exception {
        for (Event e : events) {
            writer.write(e, null);
        }
    }

    static Schema keyed() {
        return Schema.newBuilder()
                .physicalColumn("id", DataTypes.INT().notNull())
                .physicalColumn("name", DataTypes.VARCHAR(20))
                .physicalColumn("price", DataTypes.DECIMAL(8, 2))
                .primaryKey("id")
                .build();
    }

    @Test
    void upsertsAndDeletesByKey() throws Exception {
        SinkWriter<Event> writer = writer(1000, Duration.ZERO);
        TableId t = table("upserts");
        schemaChange(writer, new CreateTableEvent(t, keyed()));
        Rows rows = new Rows(t, keyed());
        write(
                writer,
                rows.insert(1, "apple", new BigDecimal("1.50")),
                rows.insert(2, "pear", new BigDecimal("2.00")),
                rows.insert(3, "plum", null),
                rows.update(
                        new Object[] {2, "pear", new BigDecimal("2.00")},
                        new Object[] {2, "pear", new BigDecimal("2.50")}),
                rows.delete(3, "plum", null),
                // an insert of an existing key updates it
                rows.insert(1, "green apple", new BigDecimal("1.75")),
                // insert then delete of a key in one batch: deleted
                rows.insert(5, "fig", null),
                rows.delete(5, "fig", null),
                // delete then insert: there
                rows.delete(2, "pear", new BigDecimal("2.50")),
                rows.insert(2, "nashi", new BigDecimal("3.00")),
                // an update that changes the key
                rows.insert(6, "kiwi", null),
                rows.update(new Object[] {6, "kiwi", null}, new Object[] {7, "kiwi", null}));
        assertThat(db.rows("upserts", "id")).isEmpty();
        writer.flush(false);
        assertThat(db.rows("upserts", "id"))
                .containsExactly("1, green apple, 1.75", "2, nashi, 3.00", "7, kiwi, null");
    }

    static Schema noKey() {
        return Schema.newBuilder()
                .physicalColumn("a", DataTypes.INT())
                .physicalColumn("b", DataTypes.STRING())
                .physicalColumn("c", DataTypes.DOUBLE())
                .build();
    }

    @Test
    void tablesWithoutKeyInsertAndDeleteOneEqualRow() throws Exception {
        SinkWriter<Event> writer = writer(1000, Duration.ZERO);
        TableId t = table("no_key");
        schemaChange(writer, new CreateTableEvent(t, noKey()));
        Rows rows = new Rows(t, noKey());
        write(
                writer,
                rows.insert(1, "x", 1.5d),
                rows.insert(1, "x", 1.5d),
                rows.insert(2, null, null),
                rows.insert(3, "y", null),
                rows.delete(1, "x", 1.5d),
                rows.delete(2, null, null),
                rows.update(new Object[] {3, "y", null}, new Object[] {3, "z", 2.0d}),
                rows.delete(9, "not there", null));
        writer.flush(false);
        assertThat(db.rows("no_key", "a, b")).containsExactly("1, x, 1.5", "3, z, 2");
    }

    @Test
    void flushesBySizeByIntervalAndOnFlush() throws Exception {
        SinkWriter<Event> writer = writer(3, Duration.ofSeconds(1));
        TableId t = table("batching");
        schemaChange(writer, new CreateTableEvent(t, keyed()));
        Rows rows = new Rows(t, keyed());
        write(writer, rows.insert(1, "a", null), rows.insert(2, "b", null));
        assertThat(db.rows("batching", "id")).isEmpty();
        write(writer, rows.insert(3, "c", null));
        assertThat(db.rows("batching", "id")).hasSize(3);

        write(writer, rows.insert(4, "d", null));
        time.advance(999);
        assertThat(db.rows("batching", "id")).hasSize(3);
        time.advance(1);
        assertThat(db.rows("batching", "id")).hasSize(4);

        write(writer, rows.insert(5, "e", null));
        assertThat(db.rows("batching", "id")).hasSize(4);
        writer.flush(true);
        assertThat(db.rows("batching", "id"))
                .containsExactly(
                        "1, a, null", "2, b, null", "3, c, null", "4, d, null", "5, e, null");
        // a timer that finds nothing to flush does nothing
        time.advance(5000);
        assertThat(time.pendingTimers()).isZero();
    }

    /** The events of a short pipeline: rows around an add, a rename and a type change. */
    private List<Event> story(TableId t) {
        List<Event> events = new ArrayList<>();
        Schema v1 = keyed();
        Rows r1 = new Rows(t, v1);
        events.add(r1.insert(1, "a", new BigDecimal("1.00")));
        events.add(r1.insert(2, "b", new BigDecimal("2.00")));
        events.add(r1.insert(3, "c", null));
        events.add(r1.delete(2, "b", new BigDecimal("2.00")));
        AddColumnEvent add =
                new AddColumnEvent(
                        t,
                        List.of(
                                AddColumnEvent.last(
                                        Column.physicalColumn("qty", DataTypes.INT()))));
        events.add(add);
        Schema v2 =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("name", DataTypes.VARCHAR(20))
                        .physicalColumn("price", DataTypes.DECIMAL(8, 2))
                        .physicalColumn("qty", DataTypes.INT())
                        .primaryKey("id")
                        .build();
        Rows r2 = new Rows(t, v2);
        events.add(r2.insert(4, "d", null, 40));
        events.add(
                r2.update(
                        new Object[] {1, "a", new BigDecimal("1.00"), null},
                        new Object[] {1, "a", new BigDecimal("1.10"), 10}));
        events.add(new RenameColumnEvent(t, Map.of("name", "title")));
        events.add(new AlterColumnTypeEvent(t, Map.of("qty", DataTypes.BIGINT())));
        Schema v3 =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("title", DataTypes.VARCHAR(20))
                        .physicalColumn("price", DataTypes.DECIMAL(8, 2))
                        .physicalColumn("qty", DataTypes.BIGINT())
                        .primaryKey("id")
                        .build();
        Rows r3 = new Rows(t, v3);
        events.add(r3.insert(5, "e", new BigDecimal("5.00"), 5_000_000_000L));
        events.add(r3.delete(3, "c", null, null));
        events.add(new DropColumnEvent(t, List.of("price")));
        Schema v4 =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("title", DataTypes.VARCHAR(20))
                        .physicalColumn("qty", DataTypes.BIGINT())
                        .primaryKey("id")
                        .build();
        events.add(new Rows(t, v4).insert(6, "f", 6L));
        return events;
    }

    private void run(SinkWriter<Event> writer, List<Event> events) throws Exception {
        for (Event e : events) {
            if (e instanceof SchemaChangeEvent) {
                schemaChange(writer, (SchemaChangeEvent) e);
            } else {
                writer.write(e, null);
            }
        }
        writer.flush(true);
    }

    @Test
    void writesAcrossSchemaChangesAndAReplayEndsTheSame() throws Exception {
        TableId t = table("story");
        List<Event> events = story(t);
        SinkWriter<Event> first = writer(2, Duration.ZERO);
        schemaChange(first, new CreateTableEvent(t, keyed()));
        run(first, events);
        List<String> expected = List.of("1, a, 10", "4, d, 40", "5, e, 5000000000", "6, f, 6");
        assertThat(db.rows("story", "id")).containsExactlyElementsOf(expected);

        // a failover right after the last schema change, before the runtime recorded it: that
        // change reaches the applier again (no DDL, no failure); a new writer starts from the
        // table's schema, and every row event comes again in that shape
        SchemaChangeEvent last = null;
        for (Event e : events) {
            if (e instanceof SchemaChangeEvent) {
                last = (SchemaChangeEvent) e;
            }
        }
        applier.applySchemaChange(last);
        assertThat(applier.lastStatements()).as("DDL of the replayed %s", last).isEmpty();
        SinkWriter<Event> second = writer(3, Duration.ZERO);
        second.write(
                new CreateTableEvent(t, applier.getExistingTableSchema(t).orElseThrow()), null);
        for (Event e : replayable()) {
            second.write(e, null);
        }
        second.flush(false);
        assertThat(db.rows("story", "id")).containsExactlyElementsOf(expected);
    }

    /** The row events only, rewritten onto the final schema, as the runtime reshapes a replay. */
    private List<Event> replayable() {
        TableId t = table("story");
        Schema v4 =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("title", DataTypes.VARCHAR(20))
                        .physicalColumn("qty", DataTypes.BIGINT())
                        .primaryKey("id")
                        .build();
        Rows r = new Rows(t, v4);
        return List.of(
                r.insert(1, "a", null),
                r.insert(2, "b", null),
                r.insert(3, "c", null),
                r.delete(2, "b", null),
                r.insert(4, "d", 40L),
                r.update(new Object[] {1, "a", null}, new Object[] {1, "a", 10L}),
                r.insert(5, "e", 5_000_000_000L),
                r.delete(3, "c", null),
                r.insert(6, "f", 6L));
    }

    static Schema allTypes() {
        return ApplierIntegrationTestBase.allTypesSchema();
    }

    @Test
    void writesEveryType() throws Exception {
        SinkWriter<Event> writer = writer(1000, Duration.ZERO);
        TableId t = table("all_types");
        schemaChange(writer, new CreateTableEvent(t, allTypes()));
        Rows rows = new Rows(t, allTypes());
        Map<Object, Object> map = new LinkedHashMap<>();
        map.put(BinaryStringData.fromString("k"), 1);
        Object row =
                new BinaryRecordDataGenerator(new DataType[] {DataTypes.INT()})
                        .generate(new Object[] {5});
        Instant ltz = Instant.parse("2024-01-31T10:11:12.123456Z");
        ZonedDateTime tz = ZonedDateTime.parse("2024-01-31T12:11:12.345+02:00");
        Object[] values = {
            1,
            true,
            (byte) -5,
            (short) 300,
            70000,
            1L << 40,
            1.5f,
            2.25d,
            new BigDecimal("12345678.1234"),
            "ab",
            "héllo 'quoted' \"x\" `y`; z",
            "long text ✓ 名",
            new byte[] {1, 2, 3, 4},
            new byte[] {0, -1, 5},
            new byte[] {9, 8},
            LocalDate.of(2024, 1, 31),
            LocalTime.of(10, 11, 12, 345_000_000),
            LocalDateTime.of(2024, 1, 31, 10, 11, 12, 345_000_000),
            ltz,
            tz,
            new GenericArrayData(new Object[] {1, 2, null}),
            new GenericMapData(map),
            row
        };
        Object[] nulls = new Object[values.length];
        nulls[0] = 2;
        write(writer, rows.insert(values), rows.insert(nulls));
        writer.flush(false);
        try (Connection c = endpoint().connect();
                Statement st = c.createStatement();
                ResultSet rs =
                        st.executeQuery(
                                "SELECT * FROM " + db.table("all_types") + " ORDER BY id")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getInt(1)).isEqualTo(1);
            assertThat(rs.getBoolean(2)).isTrue();
            assertThat(rs.getInt(3)).isEqualTo(-5);
            assertThat(rs.getInt(4)).isEqualTo(300);
            assertThat(rs.getInt(5)).isEqualTo(70000);
            assertThat(rs.getLong(6)).isEqualTo(1L << 40);
            assertThat(rs.getFloat(7)).isEqualTo(1.5f);
            assertThat(rs.getDouble(8)).isEqualTo(2.25d);
            assertThat(rs.getBigDecimal(9)).isEqualTo(new BigDecimal("12345678.1234"));
            assertThat(rs.getString(10)).isEqualTo(charAb());
            assertThat(rs.getString(11)).isEqualTo("héllo 'quoted' \"x\" `y`; z");
            assertThat(rs.getString(12)).isEqualTo("long text ✓ 名");
            assertThat(rs.getBytes(13)).containsExactly(1, 2, 3, 4);
            assertThat(rs.getBytes(14)).containsExactly(0, -1, 5);
            assertThat(rs.getBytes(15)).containsExactly(9, 8);
            assertThat(rs.getObject(16, LocalDate.class)).isEqualTo(LocalDate.of(2024, 1, 31));
            assertThat(rs.getObject(17, LocalTime.class))
                    .isEqualTo(LocalTime.of(10, 11, 12, 345_000_000));
            assertThat(rs.getObject(18, LocalDateTime.class))
                    .isEqualTo(LocalDateTime.of(2024, 1, 31, 10, 11, 12, 345_000_000));
            assertThat(readInstant(rs, 19)).isEqualTo(ltz);
            assertThat(readInstant(rs, 20)).isEqualTo(tz.toInstant());
            assertThat(rs.getString(21).replace(" ", "")).isEqualTo("[1,2,null]");
            assertThat(rs.getString(22).replace(" ", "")).isEqualTo("{\"k\":1}");
            assertThat(rs.getString(23).replace(" ", "")).isEqualTo("{\"x\":5}");
            assertThat(rs.next()).isTrue();
            assertThat(rs.getInt(1)).isEqualTo(2);
            for (int i = 2; i <= values.length; i++) {
                assertThat(rs.getObject(i)).as("column %d", i).isNull();
            }
        }
    }

    @Test
    void retriesOnAFreshConnectionAfterTheConnectionIsLost() throws Exception {
        SinkWriter<Event> writer = writer(1000, Duration.ZERO);
        TableId t = table("retry");
        schemaChange(writer, new CreateTableEvent(t, keyed()));
        Rows rows = new Rows(t, keyed());
        write(writer, rows.insert(1, "a", null));
        writer.flush(false);
        killSinkConnections();
        write(writer, rows.insert(2, "b", null));
        try (LogCapture log = LogCapture.start()) {
            writer.flush(false);
            assertThat(log.text()).contains("retrying on a fresh connection");
        }
        assertThat(db.rows("retry", "id")).containsExactly("1, a, null", "2, b, null");
    }

    @Test
    void aRowTheDatabaseRefusesFailsTheWriterWithTheTableAndTheReason() throws Exception {
        SinkWriter<Event> writer = writer(1000, Duration.ZERO);
        TableId t = table("refused");
        schemaChange(writer, new CreateTableEvent(t, keyed()));
        // the sink's table is changed behind its back: name is NOT NULL now
        db.execute("UPDATE " + db.table("refused") + " SET name = 'x' WHERE name IS NULL");
        db.execute(notNull(db.table("refused"), "name"));
        Rows rows = new Rows(t, keyed());
        write(writer, rows.insert(1, "a", null), rows.insert(2, null, null));
        assertThatThrownBy(() -> writer.flush(false))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("sink writer 0 could not write the upsert of 2 row(s) in")
                .hasMessageContaining(schema() + ".refused")
                .hasMessageContaining("answered");
        assertThat(db.rows("refused", "id")).isEmpty();
    }

    /**
     * A null in a column the pipeline's schema says is NOT NULL (a row reshaped after the column
     * was dropped upstream under IGNORE) reaches the database as NULL, and the database refuses it:
     * it must not be stored as 0 or an empty string.
     */
    @Test
    void aNullForANotNullColumnIsRefusedNotMadeUp() throws Exception {
        SinkWriter<Event> writer = writer(1000, Duration.ZERO);
        TableId t = table("not_null");
        Schema schema =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("qty", DataTypes.INT().notNull())
                        .physicalColumn("name", DataTypes.VARCHAR(20).notNull())
                        .primaryKey("id")
                        .build();
        schemaChange(writer, new CreateTableEvent(t, schema));
        Rows rows = new Rows(t, schema);
        write(writer, rows.insert(1, 7, "a"), rows.insert(2, null, null));
        assertThatThrownBy(() -> writer.flush(false))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(schema() + ".not_null")
                .hasMessageContaining("answered");
        assertThat(db.rows("not_null", "id")).isEmpty();
    }

    /** DDL that makes a VARCHAR(20) column NOT NULL. */
    protected abstract String notNull(String table, String column);
}
