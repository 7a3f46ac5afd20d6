package dev.schemaop.connectors.jdbc.sink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.connectors.jdbc.testutil.JdbcEndpoints;
import dev.schemaop.connectors.jdbc.testutil.ManualTimeService;
import dev.schemaop.connectors.jdbc.testutil.Rows;
import dev.schemaop.connectors.jdbc.testutil.TestDatabase;
import dev.schemaop.connectors.jdbc.testutil.TestWriterInitContext;

import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Tables and columns named with a double quote, a backtick, a semicolon, spaces and unicode (and
 * text that would be SQL if it were not quoted) go through every change and every write, while a
 * second table is never touched.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class HostileIdentifiersIntegrationTestBase {

    static final String TABLE = "we\"ird`; DROP TABLE victim; -- ü名";
    static final String KEY = "k\"`; ü";
    static final String COLUMN = "co\"l`; x ü";
    static final String ADDED = "a\"`;b 名";
    static final String RENAMED = "re\"named`; DROP TABLE victim";

    private TestDatabase db;
    private JdbcMetadataApplier applier;
    private SinkWriter<Event> writer;

    protected abstract JdbcEndpoints.Endpoint endpoint();

    protected abstract String schema();

    @BeforeAll
    void setUp() throws Exception {
        db = TestDatabase.fresh(endpoint(), schema());
        applier = new JdbcMetadataApplier(endpoint().dialect(), endpoint().options(), 1);
        writer =
                new JdbcSink(
                                endpoint().dialect(),
                                endpoint().options(),
                                new WriteOptions(100, Duration.ZERO, 1))
                        .createWriter(new TestWriterInitContext(0, new ManualTimeService()));
    }

    @AfterAll
    void tearDown() throws Exception {
        if (writer != null) {
            writer.close();
        }
        if (applier != null) {
            applier.close();
        }
        if (db != null) {
            db.close();
        }
    }

    private void change(SchemaChangeEvent event) throws Exception {
        writer.flush(false);
        applier.applySchemaChange(event);
        applier.applySchemaChange(event);
        writer.write(event, null);
    }

    @Test
    void hostileNamesStayNamesAndTheOtherTableIsUntouched() throws Exception {
        TableId victim = TableId.tableId(schema(), "victim");
        Schema victimSchema =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("v", DataTypes.STRING())
                        .primaryKey("id")
                        .build();
        change(new CreateTableEvent(victim, victimSchema));
        writer.write(new Rows(victim, victimSchema).insert(1, "still here"), null);

        TableId hostile = TableId.tableId(schema(), TABLE);
        Schema v1 =
                Schema.newBuilder()
                        .physicalColumn(KEY, DataTypes.VARCHAR(40).notNull())
                        .physicalColumn(COLUMN, DataTypes.INT(), "a comment with ' and \\ in it")
                        .primaryKey(KEY)
                        .build();
        change(new CreateTableEvent(hostile, v1));
        Rows r1 = new Rows(hostile, v1);
        writer.write(r1.insert("'; DROP TABLE victim; --", 1), null);
        writer.write(r1.insert("x\"`y", 2), null);
        writer.write(r1.insert("gone", 3), null);
        writer.write(r1.delete("gone", 3), null);

        change(
                new AddColumnEvent(
                        hostile,
                        List.of(
                                AddColumnEvent.after(
                                        Column.physicalColumn(ADDED, DataTypes.STRING()), KEY))));
        change(new RenameColumnEvent(hostile, Map.of(COLUMN, RENAMED)));
        change(new AlterColumnTypeEvent(hostile, Map.of(RENAMED, DataTypes.BIGINT())));
        Schema v2 = applier.getExistingTableSchema(hostile).orElseThrow();
        assertThat(v2.getColumnNames()).containsExactlyInAnyOrder(KEY, ADDED, RENAMED);
        assertThat(v2.primaryKeys()).containsExactly(KEY);
        assertThat(v2.getColumn(RENAMED).orElseThrow().getType()).isEqualTo(DataTypes.BIGINT());
        assertThat(v2.getColumn(RENAMED).orElseThrow().getComment())
                .isEqualTo("a comment with ' and \\ in it");

        Schema writerSchema =
                Schema.newBuilder()
                        .physicalColumn(KEY, DataTypes.VARCHAR(40).notNull())
                        .physicalColumn(ADDED, DataTypes.STRING())
                        .physicalColumn(RENAMED, DataTypes.BIGINT())
                        .primaryKey(KEY)
                        .build();
        Rows r2 = new Rows(hostile, writerSchema);
        writer.write(r2.insert("x\"`y", "\"; DELETE FROM victim; `", 22L), null);
        writer.flush(false);
        assertThat(
                        db.queryText(
                                "SELECT "
                                        + endpoint().dialect().quote(KEY)
                                        + ", "
                                        + endpoint().dialect().quote(ADDED)
                                        + ", "
                                        + endpoint().dialect().quote(RENAMED)
                                        + " FROM "
                                        + db.table(TABLE)
                                        + " ORDER BY 1"))
                .containsExactly(
                        "'; DROP TABLE victim; --, null, 1",
                        "x\"`y, \"; DELETE FROM victim; `, 22");

        change(new DropColumnEvent(hostile, List.of(ADDED)));
        change(new TruncateTableEvent(hostile));
        assertThat(db.rows(TABLE, "1")).isEmpty();
        change(new DropTableEvent(hostile));
        assertThat(applier.getExistingTableSchema(hostile)).isEmpty();

        assertThat(applier.getExistingTableSchema(victim)).contains(victimSchema);
        assertThat(db.rows("victim", "id")).containsExactly("1, still here");
    }
}
