package dev.schemaop.e2e.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * SPEC §6 and §4 with real tables: the sink table exists before the job (created here with SQL) and
 * the JDBC sink describes it from the catalog; the first create of the table is checked, expanded
 * or adopted as {@code existing-table.schema-expansion.mode} says, or adopted as it is when {@code
 * create.table} is excluded. Every case runs into PostgreSQL and MariaDB, each with a schema
 * (database) of its own.
 */
class ExpansionIntoRealDatabasesTest {
    private static final String TABLE = "orders";

    /**
     * The pipeline sends orders(id INT NOT NULL, qty INT, note VARCHAR(50), price DECIMAL(12,4),
     * tag VARCHAR(5)), key id; row 2 needs every widening (70000 is no SMALLINT, its note has 22
     * characters, its price 4 decimals). SCHEMA is replaced by the case's schema (database).
     */
    private static final String SCRIPT =
            """
            events:
              - type: create.table
                table: SCHEMA.orders
                columns:
                  - {name: id, type: INT NOT NULL}
                  - {name: qty, type: INT}
                  - {name: note, type: VARCHAR(50)}
                  - {name: price, type: "DECIMAL(12,4)"}
                  - {name: tag, type: VARCHAR(5)}
                primaryKeys: [id]
              - type: insert
                table: SCHEMA.orders
                rows:
                  - [1, 10, short, "1.50", a]
                  - [2, 70000, a note of 22 characters, "12345678.1234", b]
                  - [3, null, null, null, null]
              - type: update
                table: SCHEMA.orders
                before: [1, 10, short, "1.50", a]
                after: [1, 11, short too, "1.5000", aa]
            """;

    /** The narrower table: SMALLINT, VARCHAR(10), DECIMAL(10,2), no tag, and its own legacy. */
    private static final String NARROWER_TABLE =
            "(id INT NOT NULL, qty SMALLINT, note VARCHAR(10), price DECIMAL(10,2), legacy INT,"
                    + " PRIMARY KEY (id))";

    /** Holds everything the pipeline sends, wider, with its own column legacy in the middle. */
    private static final String WIDER_TABLE =
            "(id INT NOT NULL, qty BIGINT, note VARCHAR(80), legacy INT, price DECIMAL(14,4),"
                    + " tag VARCHAR(5), PRIMARY KEY (id))";

    /** Holds everything but tag. */
    private static final String TABLE_WITHOUT_TAG =
            "(id INT NOT NULL, qty BIGINT, note VARCHAR(80), price DECIMAL(14,4), legacy INT,"
                    + " PRIMARY KEY (id))";

    /** The row the table held before the job. */
    private static final String EARLIER_ROW =
            " (id, qty, note, price, legacy) VALUES (100, 5, 'earlier', 9.99, 7)";

    @TempDir Path dir;

    @BeforeAll
    static void theConnectorComesFromItsJar() {
        JdbcPipelineRun.connectorJar();
    }

    private static String schema(JdbcEndpoint endpoint, String scenario) {
        return "e2e_jdbc_" + (endpoint.isPostgres() ? "pg" : "maria") + "_" + scenario;
    }

    private JdbcPipelineRun run(SinkDatabase db, JdbcEndpoint endpoint, String sinkOptions)
            throws Exception {
        Path script = dir.resolve("script.yaml");
        Files.writeString(script, SCRIPT.replace("SCHEMA", db.schema()));
        return JdbcPipelineRun.run(
                dir,
                "source:\n"
                        + "  type: values\n"
                        + "  script: "
                        + script
                        + "\n"
                        + endpoint.sinkBlock(sinkOptions)
                        + "pipeline:\n"
                        + "  parallelism: 1\n"
                        + "  schema.change.behavior: evolve\n");
    }

    private static String mode(String mode) {
        return "  existing-table.schema-expansion.mode: \"" + mode + "\"\n";
    }

    private static void createTable(SinkDatabase db, String columns) throws Exception {
        db.execute("CREATE TABLE " + db.tableId(TABLE) + " " + columns);
        db.execute("INSERT INTO " + db.tableId(TABLE) + EARLIER_ROW);
    }

    /** The repair statements of the narrower table, as the sink would run them. */
    private static List<String> narrowerTableRepairs(JdbcEndpoint endpoint, String schema) {
        if (endpoint.isPostgres()) {
            String table = "\"" + schema + "\".\"" + TABLE + "\"";
            return List.of(
                    "ALTER TABLE " + table + " ADD COLUMN \"tag\" character varying(5);",
                    "ALTER TABLE "
                            + table
                            + " ALTER COLUMN \"qty\" TYPE integer USING \"qty\"::integer, ALTER"
                            + " COLUMN \"note\" TYPE character varying(50) USING"
                            + " \"note\"::character varying(50), ALTER COLUMN \"price\" TYPE"
                            + " numeric(12,4) USING \"price\"::numeric(12,4);");
        }
        String table = "`" + schema + "`.`" + TABLE + "`";
        return List.of(
                "ALTER TABLE " + table + " ADD COLUMN `tag` VARCHAR(5) NULL;",
                "ALTER TABLE "
                        + table
                        + " MODIFY COLUMN `qty` INT NULL, MODIFY COLUMN `note` VARCHAR(50) NULL,"
                        + " MODIFY COLUMN `price` DECIMAL(12,4) NULL;");
    }

    /** The narrower table's columns, as the database reports them. */
    private static List<String> narrowerColumns(JdbcEndpoint endpoint) {
        return endpoint.isPostgres()
                ? List.of(
                        "id integer NOT NULL",
                        "qty smallint",
                        "note character varying(10)",
                        "price numeric(10,2)",
                        "legacy integer")
                : List.of(
                        "id int(11) NOT NULL",
                        "qty smallint(6)",
                        "note varchar(10)",
                        "price decimal(10,2)",
                        "legacy int(11)");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"postgres", "mariadb"})
    void expandWidensTheNarrowerColumnsAddsTheMissingOneAndEveryRowArrives(String sinkType)
            throws Exception {
        JdbcEndpoint endpoint = JdbcEndpoint.of(sinkType);
        try (SinkDatabase db = SinkDatabase.fresh(endpoint, schema(endpoint, "expand"))) {
            createTable(db, NARROWER_TABLE);

            run(db, endpoint, mode("EXPAND")).assertSucceeded();

            assertThat(db.columns(TABLE))
                    .as("widened in place, tag added at the end, legacy kept")
                    .isEqualTo(
                            endpoint.isPostgres()
                                    ? List.of(
                                            "id integer NOT NULL",
                                            "qty integer",
                                            "note character varying(50)",
                                            "price numeric(12,4)",
                                            "legacy integer",
                                            "tag character varying(5)")
                                    : List.of(
                                            "id int(11) NOT NULL",
                                            "qty int(11)",
                                            "note varchar(50)",
                                            "price decimal(12,4)",
                                            "legacy int(11)",
                                            "tag varchar(5)"));
            assertThat(db.primaryKey(TABLE)).containsExactly("id");
            assertThat(db.rows(TABLE, "id, qty, note, price, legacy, tag"))
                    .containsExactly(
                            "id=1, qty=11, note=short too, price=1.5000, legacy=null, tag=aa",
                            "id=2, qty=70000, note=a note of 22 characters, price=12345678.1234,"
                                    + " legacy=null, tag=b",
                            "id=3, qty=null, note=null, price=null, legacy=null, tag=null",
                            "id=100, qty=5, note=earlier, price=9.9900, legacy=7, tag=null");
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"postgres", "mariadb"})
    void checkFailsOnTheNarrowerTableAndLeavesItUnchanged(String sinkType) throws Exception {
        JdbcEndpoint endpoint = JdbcEndpoint.of(sinkType);
        try (SinkDatabase db = SinkDatabase.fresh(endpoint, schema(endpoint, "check_fails"))) {
            createTable(db, NARROWER_TABLE);

            JdbcPipelineRun run = run(db, endpoint, mode("CHECK"));

            assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isEqualTo(1);
            assertThat(run.stderr.lines().findFirst().orElse(""))
                    .startsWith(
                            "Pipeline failed: The existing sink table "
                                    + db.tableId(TABLE)
                                    + " does not hold what the pipeline sends");
            String table = db.tableId(TABLE);
            assertThat(run.stderr.strip())
                    .isEqualTo(
                            ChangeScripts.narrowerTableRefusal(
                                    table, narrowerTableRepairs(endpoint, db.schema())));
            JdbcPipelineRun.assertNoStackTrace(run.stderr);
            assertThat(db.columns(TABLE)).as("unchanged").isEqualTo(narrowerColumns(endpoint));
            assertThat(db.primaryKey(TABLE)).containsExactly("id");
            assertThat(db.rows(TABLE, "id, qty, note, price, legacy"))
                    .containsExactly("id=100, qty=5, note=earlier, price=9.99, legacy=7");
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"postgres", "mariadb"})
    void checkAdoptsATableThatHoldsEverythingWithoutDdl(String sinkType) throws Exception {
        JdbcEndpoint endpoint = JdbcEndpoint.of(sinkType);
        try (SinkDatabase db = SinkDatabase.fresh(endpoint, schema(endpoint, "check_adopts"))) {
            createTable(db, WIDER_TABLE);
            List<String> before = db.columns(TABLE);

            run(db, endpoint, mode("CHECK")).assertSucceeded();

            assertThat(db.columns(TABLE)).as("CHECK never issues DDL").isEqualTo(before);
            assertThat(before)
                    .isEqualTo(
                            endpoint.isPostgres()
                                    ? List.of(
                                            "id integer NOT NULL",
                                            "qty bigint",
                                            "note character varying(80)",
                                            "legacy integer",
                                            "price numeric(14,4)",
                                            "tag character varying(5)")
                                    : List.of(
                                            "id int(11) NOT NULL",
                                            "qty bigint(20)",
                                            "note varchar(80)",
                                            "legacy int(11)",
                                            "price decimal(14,4)",
                                            "tag varchar(5)"));
            assertThat(db.rows(TABLE, "id, qty, note, legacy, price, tag"))
                    .containsExactly(
                            "id=1, qty=11, note=short too, legacy=null, price=1.5000, tag=aa",
                            "id=2, qty=70000, note=a note of 22 characters, legacy=null,"
                                    + " price=12345678.1234, tag=b",
                            "id=3, qty=null, note=null, legacy=null, price=null, tag=null",
                            "id=100, qty=5, note=earlier, legacy=7, price=9.9900, tag=null");
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"postgres", "mariadb"})
    void withCreateTableExcludedTheRowsLandInTheExistingTable(String sinkType) throws Exception {
        JdbcEndpoint endpoint = JdbcEndpoint.of(sinkType);
        try (SinkDatabase db = SinkDatabase.fresh(endpoint, schema(endpoint, "excluded"))) {
            createTable(db, TABLE_WITHOUT_TAG);
            List<String> before = db.columns(TABLE);

            run(db, endpoint, "  exclude.schema.changes: [create.table]\n").assertSucceeded();

            assertThat(db.columns(TABLE)).as("adopted as it is").isEqualTo(before);
            assertThat(db.rows(TABLE, "id, qty, note, price, legacy"))
                    .as("tag has no column: its values are dropped")
                    .containsExactly(
                            "id=1, qty=11, note=short too, price=1.5000, legacy=null",
                            "id=2, qty=70000, note=a note of 22 characters, price=12345678.1234,"
                                    + " legacy=null",
                            "id=3, qty=null, note=null, price=null, legacy=null",
                            "id=100, qty=5, note=earlier, price=9.9900, legacy=7");
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"postgres", "mariadb"})
    void checkNeverCreatesAMissingTable(String sinkType) throws Exception {
        JdbcEndpoint endpoint = JdbcEndpoint.of(sinkType);
        try (SinkDatabase db = SinkDatabase.fresh(endpoint, schema(endpoint, "check_missing"))) {
            JdbcPipelineRun run = run(db, endpoint, mode("CHECK"));

            assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isEqualTo(1);
            assertThat(run.stderr.strip())
                    .isEqualTo(
                            "Pipeline failed: The sink has no table "
                                    + db.tableId(TABLE)
                                    + ", and existing-table.schema-expansion.mode CHECK never"
                                    + " creates tables: create it first (with the columns the"
                                    + " pipeline sends), or use TRY_EXPAND or EXPAND, which let"
                                    + " the sink create it.");
            JdbcPipelineRun.assertNoStackTrace(run.stderr);
            assertThat(db.hasTable(TABLE)).as("CHECK never creates tables").isFalse();
        }
    }
}
