package dev.schemaop.connectors.jdbc.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.connectors.jdbc.testutil.JdbcEndpoints;
import dev.schemaop.connectors.jdbc.testutil.TestDatabase;

import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.exceptions.SchemaEvolveException;
import org.apache.flink.cdc.common.exceptions.UnsupportedSchemaChangeEventException;
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
 * An {@code alter.column.type} whose new type would change a stored value (cut, round, lose
 * fractional seconds, put out of range, not convert) is refused before any DDL, whole, with the
 * table, each column, both types, how many values and one of them; one that changes no stored value
 * is applied. Against a real server, each table made by the applier and filled by the test.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class StoredValuesIntegrationTestBase {

    private static final String WAYS_OUT =
            " To go on: widen instead (a type that holds every stored value), or clean the data"
                    + " (update or delete the rows that do not fit the new type) and restart, or"
                    + " run with pipeline.schema.change.behavior: lenient, which keeps the wider"
                    + " type (try_evolve skips the change and keeps it too)";

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

    private static Schema items() {
        return Schema.newBuilder()
                .physicalColumn("id", DataTypes.INT().notNull())
                .physicalColumn("name", DataTypes.VARCHAR(20))
                .physicalColumn("price", DataTypes.DECIMAL(12, 4))
                .physicalColumn("qty", DataTypes.INT())
                .primaryKey("id")
                .build();
    }

    /** A new table of {@link #items()} holding the rows (id, name, price, qty). */
    private void createItems(String name, String rows) throws Exception {
        applier.applySchemaChange(new DropTableEvent(table(name)));
        applier.applySchemaChange(new CreateTableEvent(table(name), items()));
        db.execute("INSERT INTO " + db.table(name) + " VALUES " + rows);
    }

    private static AlterColumnTypeEvent alter(TableId table, Object... columnsAndTypes) {
        Map<String, DataType> types = new LinkedHashMap<>();
        for (int i = 0; i < columnsAndTypes.length; i += 2) {
            types.put((String) columnsAndTypes[i], (DataType) columnsAndTypes[i + 1]);
        }
        return new AlterColumnTypeEvent(table, types);
    }

    @Test
    void aChangeThatWouldChangeStoredValuesIsRefusedWholeBeforeAnyDdl() throws Exception {
        createItems(
                "refused",
                "(1, 'abcdefghij', 12.3456, 1), (2, 'abc', 1.5, 2), (3, 'klmnopq', 17.125, 3)");
        Schema before = applier.getExistingTableSchema(table("refused")).orElseThrow();
        List<String> rows = db.rows("refused", "id");

        // qty would widen and is listed first: it must not be applied either
        AlterColumnTypeEvent narrowing =
                alter(
                        table("refused"),
                        "qty",
                        DataTypes.BIGINT(),
                        "price",
                        DataTypes.DECIMAL(10, 2),
                        "name",
                        DataTypes.VARCHAR(5));
        assertThatThrownBy(() -> applier.applySchemaChange(narrowing))
                .isInstanceOfSatisfying(
                        UnsupportedSchemaChangeEventException.class,
                        e ->
                                assertThat(e.getExceptionMessage())
                                        .isEqualTo(
                                                "The "
                                                        + endpoint().dialect()
                                                        + " sink refuses alter.column.type of"
                                                        + " table "
                                                        + schema()
                                                        + ".refused: the new types would change"
                                                        + " stored values, so nothing of the"
                                                        + " change was applied. Column price, "
                                                        + either(
                                                                "numeric(12,4) -> numeric(10,2)",
                                                                "decimal(12,4) -> DECIMAL(10,2)")
                                                        + ": 2 stored values would change, e.g."
                                                        + " 12.3456 would become 12.35. Column"
                                                        + " name, "
                                                        + either(
                                                                "character varying(20) ->"
                                                                        + " character varying(5)",
                                                                "varchar(20) -> VARCHAR(5)")
                                                        + ": 2 stored values would change, e.g."
                                                        + " 'abcdefghij' would become 'abcde'."
                                                        + WAYS_OUT));
        assertThat(applier.getExistingTableSchema(table("refused"))).contains(before);
        assertThat(db.rows("refused", "id")).isEqualTo(rows);

        // the refusal left no transaction or lock behind: the next change is applied
        applier.applySchemaChange(alter(table("refused"), "qty", DataTypes.BIGINT()));
        assertThat(applier.lastStatements()).hasSize(1);
        assertThat(db.rows("refused", "id")).isEqualTo(rows);
    }

    @Test
    void aNarrowingThatChangesNoStoredValueIsApplied() throws Exception {
        createItems("fitting", "(1, 'abcde', 12.3400, 1), (2, NULL, 1.5, 7000)");
        applier.applySchemaChange(
                alter(
                        table("fitting"),
                        "name",
                        DataTypes.VARCHAR(5),
                        "price",
                        DataTypes.DECIMAL(10, 2),
                        "qty",
                        DataTypes.SMALLINT()));
        assertThat(applier.lastStatements()).hasSize(1);
        assertThat(applier.getExistingTableSchema(table("fitting")).orElseThrow())
                .isEqualTo(
                        Schema.newBuilder()
                                .physicalColumn("id", DataTypes.INT().notNull())
                                .physicalColumn("name", DataTypes.VARCHAR(5))
                                .physicalColumn("price", DataTypes.DECIMAL(10, 2))
                                .physicalColumn("qty", DataTypes.SMALLINT())
                                .primaryKey("id")
                                .build());
        assertThat(db.rows("fitting", "id"))
                .containsExactly("1, abcde, 12.34, 1", "2, null, 1.50, 7000");
    }

    /** One column of one type holding one value, and what the refusal says of it. */
    private record Narrowing(
            String column, DataType from, String value, DataType to, String says) {}

    private List<Narrowing> narrowings() {
        return List.of(
                new Narrowing(
                        "big",
                        DataTypes.BIGINT(),
                        "5000000000",
                        DataTypes.INT(),
                        either(
                                "bigint -> integer: 1 stored value would change, e.g. 5000000000"
                                        + " does not fit integer",
                                "bigint(20) -> INT: 1 stored value would change, e.g. 5000000000"
                                        + " does not fit INT")),
                new Narrowing(
                        "fraction",
                        DataTypes.DECIMAL(12, 4),
                        "12.5",
                        DataTypes.INT(),
                        either(
                                "numeric(12,4) -> integer: 1 stored value would change, e.g."
                                        + " 12.5000 would become 13",
                                "decimal(12,4) -> INT: 1 stored value would change, e.g."
                                        + " 12.5000 would become 13")),
                new Narrowing(
                        "digits",
                        DataTypes.DECIMAL(12, 2),
                        "123456.78",
                        DataTypes.DECIMAL(6, 2),
                        either(
                                "numeric(12,2) -> numeric(6,2): 1 stored value would change,"
                                        + " e.g. 123456.78 does not fit numeric(6,2)",
                                "decimal(12,2) -> DECIMAL(6,2): 1 stored value would change,"
                                        + " e.g. 123456.78 does not fit DECIMAL(6,2)")),
                new Narrowing(
                        "stamp",
                        DataTypes.TIMESTAMP(6),
                        "'2024-01-31 10:11:12.123456'",
                        DataTypes.TIMESTAMP(3),
                        either(
                                "timestamp(6) without time zone -> timestamp(3) without time"
                                        + " zone: 1 stored value would change, e.g. '2024-01-31"
                                        + " 10:11:12.123456' would become '2024-01-31"
                                        + " 10:11:12.123'",
                                "datetime(6) -> DATETIME(3): 1 stored value would change, e.g."
                                        + " '2024-01-31 10:11:12.123456' would become"
                                        + " '2024-01-31 10:11:12.123'")),
                new Narrowing(
                        "code",
                        DataTypes.VARCHAR(10),
                        "'x1'",
                        DataTypes.INT(),
                        either(
                                "character varying(10) -> integer: 1 stored value would change,"
                                        + " e.g. 'x1' is not a number that fits integer",
                                "varchar(10) -> INT: 1 stored value would change, e.g. 'x1' is"
                                        + " not a number that fits INT")),
                new Narrowing(
                        "amount",
                        DataTypes.VARCHAR(10),
                        "'12.5'",
                        DataTypes.INT(),
                        either(
                                "character varying(10) -> integer: 1 stored value would change,"
                                        + " e.g. '12.5' would become 13",
                                "varchar(10) -> INT: 1 stored value would change, e.g. '12.5'"
                                        + " would become 13")),
                new Narrowing(
                        "ratio",
                        DataTypes.DOUBLE(),
                        "1.23456789012",
                        DataTypes.FLOAT(),
                        either(
                                "double precision -> real: 1 stored value would change, e.g."
                                        + " 1.23456789012 would become 1.2345679",
                                "double -> FLOAT: 1 stored value would change, e.g."
                                        + " 1.23456789012 would become 1.23457")),
                new Narrowing(
                        "day",
                        DataTypes.STRING(),
                        "'not a day'",
                        DataTypes.DATE(),
                        either(
                                "text -> date: 1 stored value would change, e.g. 'not a day'"
                                        + " cannot be converted (invalid input syntax for type"
                                        + " date: \"not a day\")",
                                "longtext -> DATE: 1 stored value would change, e.g. 'not a"
                                        + " day' would become '0000-00-00'")));
    }

    @Test
    void eachKindOfTypeChangeFindsTheValuesItWouldChange() throws Exception {
        for (Narrowing n : narrowings()) {
            TableId t = table("kind_" + n.column());
            applier.applySchemaChange(new DropTableEvent(t));
            applier.applySchemaChange(
                    new CreateTableEvent(
                            t,
                            Schema.newBuilder()
                                    .physicalColumn("id", DataTypes.INT().notNull())
                                    .physicalColumn(n.column(), n.from())
                                    .primaryKey("id")
                                    .build()));
            String table = db.table("kind_" + n.column());
            db.execute("INSERT INTO " + table + " VALUES (1, " + n.value() + "), (2, NULL)");
            Schema before = applier.getExistingTableSchema(t).orElseThrow();
            assertThatThrownBy(
                            () ->
                                    applier.applySchemaChange(
                                            new AlterColumnTypeEvent(
                                                    t, Map.of(n.column(), n.to()))))
                    .as("%s", n)
                    .isInstanceOfSatisfying(
                            UnsupportedSchemaChangeEventException.class,
                            e ->
                                    assertThat(e.getExceptionMessage())
                                            .contains(
                                                    "Column "
                                                            + n.column()
                                                            + ", "
                                                            + n.says()
                                                            + "."));
            assertThat(applier.getExistingTableSchema(t)).as("%s", n).contains(before);
        }
    }

    /** The database has no conversion at all: its answer, as before (whatever the rows hold). */
    @Test
    void aTypeTheDatabaseCannotConvertToIsItsRefusal() throws Exception {
        createItems("unconvertible", "(1, 'a', 1, 1)");
        if (!endpoint().dialect().hasTransactionalDdl()) {
            return; // MariaDB converts anything to DATE, as NULL or zero dates: a round trip
        }
        assertThatThrownBy(
                        () ->
                                applier.applySchemaChange(
                                        alter(table("unconvertible"), "qty", DataTypes.DATE())))
                .isInstanceOf(SchemaEvolveException.class)
                .isNotInstanceOf(UnsupportedSchemaChangeEventException.class)
                .hasMessageContaining("cannot cast type integer to date");
    }
}
