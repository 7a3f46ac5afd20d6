package dev.schemaop.connectors.jdbc.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.api.NonRecoverableException;
import dev.schemaop.connectors.jdbc.testutil.JdbcEndpoints;
import dev.schemaop.connectors.jdbc.testutil.TestDatabase;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.exceptions.UnsupportedSchemaChangeEventException;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Drift never hides: a change that does not fit the table as it is (changed by hand, by another
 * job) is refused before any DDL of it, as an {@link UnsupportedSchemaChangeEventException} (SPEC
 * §3: try_evolve skips it, evolve fails) whose cause is a {@link NonRecoverableException}, naming
 * the table, the change, the table now and what the change expects; the table and its rows stay as
 * they were. A replay, which meets the table as the change left it, runs no DDL and succeeds.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class DriftIntegrationTestBase {

    protected TestDatabase db;
    protected JdbcMetadataApplier applier;

    protected abstract JdbcEndpoints.Endpoint endpoint();

    protected abstract String schema();

    /** The expectation of PostgreSQL or of MariaDB. */
    protected abstract String either(String postgres, String mariadb);

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

    private TableId table(String name) {
        return TableId.tableId(schema(), name);
    }

    private static Schema orders() {
        return Schema.newBuilder()
                .physicalColumn("id", DataTypes.BIGINT().notNull())
                .physicalColumn("name", DataTypes.VARCHAR(10).notNull())
                .physicalColumn("qty", DataTypes.INT())
                .physicalColumn("price", DataTypes.DECIMAL(5, 2))
                .primaryKey("id")
                .build();
    }

    /** {@link #orders()} as the table describes it. */
    private String ordersNow() {
        return either(
                "(id bigint NOT NULL, name character varying(10) NOT NULL, qty integer, price"
                        + " numeric(5,2)) with primary key (id)",
                "(id bigint(20) NOT NULL, name varchar(10) NOT NULL, qty int(11), price"
                        + " decimal(5,2)) with primary key (id)");
    }

    private void createOrders(String name) throws Exception {
        applier.applySchemaChange(new DropTableEvent(table(name)));
        applier.applySchemaChange(new CreateTableEvent(table(name), orders()));
        db.execute("INSERT INTO " + db.table(name) + " VALUES (1, 'apple', 3, 1.25)");
    }

    /** The whole message of a refusal. */
    private String refusal(String tag, String table, String found, String now, String expects) {
        return "The "
                + endpoint().dialect()
                + " sink refuses "
                + tag
                + " of table "
                + schema()
                + "."
                + table
                + ": the table is not as the change expects (it drifted from what the pipeline"
                + " knows), so nothing of the change was applied. "
                + found
                + ". The table now: "
                + now
                + ". The change expects: "
                + expects
                + ". Make the table what the change expects (or what it leads to), then restart";
    }

    /** The change is refused with the message; the table and its rows are as before. */
    private void refused(SchemaChangeEvent event, String message) throws Exception {
        String table = event.tableId().getTableName();
        var before = applier.getExistingTableSchema(event.tableId());
        List<String> rows = before.isPresent() ? db.rows(table, "1") : List.of();
        assertThatThrownBy(() -> applier.applySchemaChange(event))
                .as("%s", event)
                .isInstanceOfSatisfying(
                        UnsupportedSchemaChangeEventException.class,
                        e -> {
                            assertThat(e.getExceptionMessage()).isEqualTo(message);
                            assertThat(e.getCause()).isInstanceOf(NonRecoverableException.class);
                        });
        assertThat(applier.getExistingTableSchema(event.tableId())).isEqualTo(before);
        if (before.isPresent()) {
            assertThat(db.rows(table, "1")).isEqualTo(rows);
        }
    }

    @Test
    void anAddOfAColumnThatExistsWithAnotherTypeIsRefusedWhole() throws Exception {
        createOrders("add_drift");
        refused(
                new AddColumnEvent(
                        table("add_drift"),
                        List.of(
                                AddColumnEvent.last(Column.physicalColumn("note", DataTypes.INT())),
                                AddColumnEvent.last(
                                        Column.physicalColumn("qty", DataTypes.DATE())))),
                refusal(
                        "add.column",
                        "add_drift",
                        "Column qty exists as "
                                + either("integer", "int(11)")
                                + ", where the change adds it as "
                                + either("date", "DATE")
                                + " (nullable)",
                        ordersNow(),
                        "no column qty, or (the change applied) qty "
                                + either("date", "DATE")
                                + " nullable"));
    }

    @Test
    void anAlterOfAMissingColumnIsRefused() throws Exception {
        createOrders("alter_drift");
        Map<String, DataType> types = new LinkedHashMap<>();
        types.put("qty", DataTypes.BIGINT());
        types.put("gone", DataTypes.INT());
        refused(
                new AlterColumnTypeEvent(table("alter_drift"), types),
                refusal(
                        "alter.column.type",
                        "alter_drift",
                        "The table has no column gone",
                        ordersNow(),
                        "a column gone to change to " + either("integer", "INT")));
    }

    @Test
    void aRenameWhoseNamesBothOrNeitherExistIsRefused() throws Exception {
        createOrders("rename_drift");
        refused(
                new RenameColumnEvent(table("rename_drift"), Map.of("qty", "name")),
                refusal(
                        "rename.column",
                        "rename_drift",
                        "Columns qty and name both exist",
                        ordersNow(),
                        "a column qty and no column name, or (the change applied) name and no"
                                + " qty"));
        refused(
                new RenameColumnEvent(table("rename_drift"), Map.of("gone", "absent")),
                refusal(
                        "rename.column",
                        "rename_drift",
                        "Neither column gone nor absent exists",
                        ordersNow(),
                        "a column gone and no column absent, or (the change applied) absent and"
                                + " no gone"));
    }

    @Test
    void aCreateThatMeetsATableNotHoldingItsSchemaIsRefused() throws Exception {
        createOrders("create_drift");
        db.execute(
                "ALTER TABLE "
                        + db.table("create_drift")
                        + " ADD COLUMN must "
                        + either("integer", "INT")
                        + " NOT NULL DEFAULT 0");
        db.execute(
                "ALTER TABLE "
                        + db.table("create_drift")
                        + " ADD COLUMN hard "
                        + either("integer", "INT")
                        + " NOT NULL DEFAULT 0");
        db.execute("ALTER TABLE " + db.table("create_drift") + " ALTER COLUMN hard DROP DEFAULT");
        String now =
                either(
                        "(id bigint NOT NULL, name character varying(10) NOT NULL, qty integer,"
                                + " price numeric(5,2), must integer NOT NULL, hard integer NOT"
                                + " NULL) with primary key (id)",
                        "(id bigint(20) NOT NULL, name varchar(10) NOT NULL, qty int(11), price"
                                + " decimal(5,2), must int(11) NOT NULL, hard int(11) NOT NULL)"
                                + " with primary key (id)");
        Schema other =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.BIGINT().notNull())
                        .physicalColumn("name", DataTypes.VARCHAR(40))
                        .physicalColumn("extra", DataTypes.INT())
                        .physicalColumn("price", DataTypes.DECIMAL(5, 2))
                        .primaryKey("name")
                        .build();
        refused(
                new CreateTableEvent(table("create_drift"), other),
                refusal(
                        "create.table",
                        "create_drift",
                        "The table exists, and column name is "
                                + either("character varying(10)", "varchar(10)")
                                + ", which does not hold "
                                + either("character varying(40)", "VARCHAR(40)")
                                + "; column extra is missing; column hard, which the pipeline does"
                                + " not write, is NOT NULL without a default: no row of the"
                                + " pipeline could be inserted; the primary key is (id), where"
                                + " the created one is (name)",
                        now,
                        "no table, or one that holds the created columns "
                                + either(
                                        "(id bigint NOT NULL, name character varying(40) NOT NULL,"
                                                + " extra integer, price numeric(5,2))",
                                        "(id BIGINT NOT NULL, name VARCHAR(40) NOT NULL, extra"
                                                + " INT, price DECIMAL(5,2))")
                                + " with primary key (name) (other columns may stay when"
                                + " nullable or with a default)"));
        // a nullable column the create has where the table's is NOT NULL
        Schema nullableName =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.BIGINT().notNull())
                        .physicalColumn("name", DataTypes.VARCHAR(10))
                        .primaryKey("id")
                        .build();
        db.execute("ALTER TABLE " + db.table("create_drift") + " DROP COLUMN hard");
        refused(
                new CreateTableEvent(table("create_drift"), nullableName),
                refusal(
                        "create.table",
                        "create_drift",
                        "The table exists, and column name is NOT NULL, where the created column"
                                + " is nullable",
                        now.replace(
                                either(", hard integer NOT NULL", ", hard int(11) NOT NULL"), ""),
                        "no table, or one that holds the created columns "
                                + either(
                                        "(id bigint NOT NULL, name character varying(10))",
                                        "(id BIGINT NOT NULL, name VARCHAR(10))")
                                + " with primary key (id) (other columns may stay when nullable"
                                + " or with a default)"));
    }

    /**
     * A create that meets a table holding its schema is a replay or an adopted table: nothing to
     * do. The table may have other columns (nullable or with a default) and wider types.
     */
    @Test
    void aCreateThatMeetsATableHoldingItsSchemaChangesNothing() throws Exception {
        createOrders("create_holds");
        db.execute(
                "ALTER TABLE "
                        + db.table("create_holds")
                        + " ADD COLUMN status "
                        + either("text", "VARCHAR(10)")
                        + " NOT NULL DEFAULT 'new'");
        List<String> rows = db.rows("create_holds", "1");
        var before = applier.getExistingTableSchema(table("create_holds"));
        Schema subset =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.BIGINT().notNull())
                        .physicalColumn("name", DataTypes.VARCHAR(5).notNull())
                        .physicalColumn("qty", DataTypes.SMALLINT())
                        .primaryKey("id")
                        .build();
        applier.applySchemaChange(new CreateTableEvent(table("create_holds"), subset));
        assertThat(applier.lastStatements()).isEmpty();
        applier.applySchemaChange(new CreateTableEvent(table("create_holds"), orders()));
        assertThat(applier.lastStatements()).isEmpty();
        assertThat(applier.getExistingTableSchema(table("create_holds"))).isEqualTo(before);
        assertThat(db.rows("create_holds", "1")).isEqualTo(rows);
    }

    @Test
    void aChangeOfATableThatIsGoneIsRefused() throws Exception {
        TableId gone = table("gone_table");
        applier.applySchemaChange(new DropTableEvent(gone));
        refused(
                new AddColumnEvent(
                        gone,
                        List.of(AddColumnEvent.last(Column.physicalColumn("x", DataTypes.INT())))),
                refusal(
                        "add.column",
                        "gone_table",
                        "The table does not exist",
                        "none",
                        "the table, to add the columns to"));
        refused(
                new AlterColumnTypeEvent(gone, Map.of("x", DataTypes.BIGINT())),
                refusal(
                        "alter.column.type",
                        "gone_table",
                        "The table does not exist",
                        "none",
                        "the table, to change column types of"));
        refused(
                new RenameColumnEvent(gone, Map.of("x", "y")),
                refusal(
                        "rename.column",
                        "gone_table",
                        "The table does not exist",
                        "none",
                        "the table, to rename columns of"));
        refused(
                new DropColumnEvent(gone, List.of("x")),
                refusal(
                        "drop.column",
                        "gone_table",
                        "The table does not exist",
                        "none",
                        "the table, to drop columns of"));
        refused(
                new TruncateTableEvent(gone),
                refusal(
                        "truncate.table",
                        "gone_table",
                        "The table does not exist",
                        "none",
                        "the table, to truncate"));
        // a drop of a table that is gone is a replay
        applier.applySchemaChange(new DropTableEvent(gone));
        assertThat(applier.lastStatements()).isEmpty();
    }

    /**
     * A change replayed after later changes went further meets a table it does not fit: drift for
     * the sink (the runtime's applied-change log keeps such replays from it).
     */
    @Test
    void anOlderChangeReplayedAfterALaterOneIsRefused() throws Exception {
        createOrders("history_drift");
        AddColumnEvent add =
                new AddColumnEvent(
                        table("history_drift"),
                        List.of(
                                AddColumnEvent.last(
                                        Column.physicalColumn("note", DataTypes.INT()))));
        applier.applySchemaChange(add);
        applier.applySchemaChange(
                new AlterColumnTypeEvent(
                        table("history_drift"), Map.of("note", DataTypes.STRING())));
        refused(
                add,
                refusal(
                        "add.column",
                        "history_drift",
                        "Column note exists as "
                                + either("text", "longtext")
                                + ", where the change adds it as "
                                + either("integer", "INT")
                                + " (nullable)",
                        either(
                                "(id bigint NOT NULL, name character varying(10) NOT NULL, qty"
                                        + " integer, price numeric(5,2), note text) with primary"
                                        + " key (id)",
                                "(id bigint(20) NOT NULL, name varchar(10) NOT NULL, qty int(11),"
                                        + " price decimal(5,2), note longtext) with primary key"
                                        + " (id)"),
                        "no column note, or (the change applied) note "
                                + either("integer", "INT")
                                + " nullable"));
    }
}
