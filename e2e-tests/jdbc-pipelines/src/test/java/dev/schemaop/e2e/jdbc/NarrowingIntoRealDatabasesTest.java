package dev.schemaop.e2e.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A narrowing {@code alter.column.type} that would change stored values (issue 23 item 2): {@code
 * VARCHAR(20)} to {@code VARCHAR(5)} with 'abcdefghij' stored, {@code DECIMAL(12,4)} to {@code
 * DECIMAL(10,2)} with 12.3456 stored, in one event. The JDBC sink refuses it before any DDL, whole,
 * on both databases (SPEC §3): under try_evolve the change is skipped, the table keeps its wider
 * columns and every row, later rows included, is written as it is; under evolve the job fails with
 * the sink's reason, and the table holds exactly what it held before the change.
 *
 * <p>At parallelism 1 only: the sink checks the values stored when the change reaches it; with
 * several splits, rows of a split that lags behind the change may not be stored yet (the runtime
 * reshapes them onto the table the change leaves, SPEC §3), so what is stored then depends on
 * timing.
 */
class NarrowingIntoRealDatabasesTest {
    private static final String SCRIPT =
            """
            events:
              - type: create.table
                table: SCHEMA.items
                columns:
                  - {name: id, type: INT NOT NULL}
                  - {name: name, type: VARCHAR(20)}
                  - {name: price, type: "DECIMAL(12,4)"}
                primaryKeys: [id]
              - type: insert
                table: SCHEMA.items
                rows:
                  - [1, abcdefghij, "12.3456"]
                  - [2, abc, "1.5000"]
              - type: alter.column.type
                table: SCHEMA.items
                columns: {price: "DECIMAL(10,2)", name: VARCHAR(5)}
              - type: insert
                table: SCHEMA.items
                rows:
                  - [3, def, "3.25"]
            """;

    private static final List<String> ROWS_BEFORE =
            List.of("id=1, name=abcdefghij, price=12.3456", "id=2, name=abc, price=1.5000");

    @TempDir Path dir;

    @BeforeAll
    static void theConnectorComesFromItsJar() {
        JdbcPipelineRun.connectorJar();
    }

    private static List<String> wideColumns(JdbcEndpoint endpoint) {
        return endpoint.isPostgres()
                ? List.of(
                        "id integer NOT NULL", "name character varying(20)", "price numeric(12,4)")
                : List.of("id int(11) NOT NULL", "name varchar(20)", "price decimal(12,4)");
    }

    /** The sink's reason, as the applier gives it. */
    private static String refusal(JdbcEndpoint endpoint, String table) {
        return "The "
                + endpoint.type()
                + " sink refuses alter.column.type of table "
                + table
                + ": the new types would change stored values, so nothing of the change was"
                + " applied. Column price, "
                + (endpoint.isPostgres()
                        ? "numeric(12,4) -> numeric(10,2)"
                        : "decimal(12,4) -> DECIMAL(10,2)")
                + ": 1 stored value would change, e.g. 12.3456 would become 12.35. Column name, "
                + (endpoint.isPostgres()
                        ? "character varying(20) -> character varying(5)"
                        : "varchar(20) -> VARCHAR(5)")
                + ": 1 stored value would change, e.g. 'abcdefghij' would become 'abcde'. To go"
                + " on: widen instead (a type that holds every stored value), or clean the data"
                + " (update or delete the rows that do not fit the new type) and restart, or run"
                + " with pipeline.schema.change.behavior: lenient, which keeps the wider type"
                + " (try_evolve skips the change and keeps it too).";
    }

    private JdbcPipelineRun run(JdbcEndpoint endpoint, SinkDatabase db, String behavior, int p)
            throws Exception {
        Path script = dir.resolve("script.yaml");
        Files.writeString(script, SCRIPT.replace("SCHEMA", db.schema()));
        return JdbcPipelineRun.run(dir, JdbcPipelineRun.valuesInto(endpoint, script, p, behavior));
    }

    private static String schema(JdbcEndpoint endpoint, String behavior, int parallelism) {
        return "e2e_jdbc_narrow_"
                + (endpoint.isPostgres() ? "pg" : "maria")
                + "_"
                + behavior
                + "_p"
                + parallelism;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            textBlock =
                    """
                    postgres
                    mariadb
                    """)
    void tryEvolveSkipsTheNarrowingAndKeepsEveryValue(String sinkType) throws Exception {
        JdbcEndpoint endpoint = JdbcEndpoint.of(sinkType);
        try (SinkDatabase db = SinkDatabase.fresh(endpoint, schema(endpoint, "try_evolve", 1))) {

            run(endpoint, db, "try_evolve", 1).assertSucceeded();

            assertThat(db.columns("items")).isEqualTo(wideColumns(endpoint));
            assertThat(db.rows("items", "id, name, price"))
                    .containsExactly(
                            "id=1, name=abcdefghij, price=12.3456",
                            "id=2, name=abc, price=1.5000",
                            "id=3, name=def, price=3.2500");
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            textBlock =
                    """
                    postgres
                    mariadb
                    """)
    void evolveFailsTheJobBeforeAnyDdlWithTheSinksReason(String sinkType) throws Exception {
        JdbcEndpoint endpoint = JdbcEndpoint.of(sinkType);
        try (SinkDatabase db = SinkDatabase.fresh(endpoint, schema(endpoint, "evolve", 1))) {

            JdbcPipelineRun run = run(endpoint, db, "evolve", 1);

            assertThat(run.exitCode).as("exit code; stderr:\n%s", run.stderr).isEqualTo(1);
            JdbcPipelineRun.assertNoStackTrace(run.stderr);
            String table = db.tableId("items");
            assertThat(run.stderr.strip())
                    .isEqualTo(
                            "Pipeline failed: The sink failed to apply AlterColumnTypeEvent{tableId="
                                    + table
                                    + ", typeMapping={price=DECIMAL(10, 2), name=VARCHAR(5)},"
                                    + " oldTypeMapping={price=DECIMAL(12, 4), name=VARCHAR(20)}}"
                                    + " to table "
                                    + table
                                    + " (pipeline.schema.change.behavior: evolve): "
                                    + refusal(endpoint, table)
                                    + " Fix the table or the sink and restart from the last"
                                    + " checkpoint, or keep such changes from the sink:"
                                    + " exclude.schema.changes: [alter.column.type] in the sink"
                                    + " block, or schema.change.behavior: lenient (never narrows"
                                    + " or drops) or ignore.");
            assertThat(db.columns("items")).isEqualTo(wideColumns(endpoint));
            assertThat(db.rows("items", "id, name, price")).isEqualTo(ROWS_BEFORE);
        }
    }
}
