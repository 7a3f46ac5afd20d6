package dev.schemaop.e2e.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Tables of different column types routed into one sink table (SPEC §7, issue 23 item 3): a column
 * whose types have no common wider type becomes STRING in the database, and every value of every
 * table arrives as its text; a key column that cannot hold another table's key refuses the start of
 * that table before any of its rows is written.
 */
class MergedTablesIntoRealDatabasesTest {

    /** a(id, v INT, d DATE) then b(id, v VARCHAR(10), d INT), then more rows of a. */
    private static final String SCRIPT =
            """
            events:
              - type: create.table
                table: SCHEMA.a
                columns:
                  - {name: id, type: INT NOT NULL}
                  - {name: v, type: INT}
                  - {name: d, type: DATE}
                primaryKeys: [id]
              - type: insert
                table: SCHEMA.a
                rows:
                  - [1, 10, "2024-01-31"]
                  - [2, null, null]
              - type: create.table
                table: SCHEMA.b
                columns:
                  - {name: id, type: INT NOT NULL}
                  - {name: v, type: VARCHAR(10)}
                  - {name: d, type: INT}
                primaryKeys: [id]
              - type: insert
                table: SCHEMA.b
                rows:
                  - [3, x, 20240131]
                  - [4, 12abc, null]
              - type: insert
                table: SCHEMA.a
                rows:
                  - [5, 50, "2025-12-31"]
            """;

    /** b's key is text: the merged table's INT key cannot hold it. */
    private static final String KEY_CONFLICT =
            """
            events:
              - type: create.table
                table: SCHEMA.a
                columns:
                  - {name: id, type: INT NOT NULL}
                  - {name: v, type: INT}
                primaryKeys: [id]
              - type: insert
                table: SCHEMA.a
                rows:
                  - [1, 10]
              - type: create.table
                table: SCHEMA.b
                columns:
                  - {name: id, type: VARCHAR(10) NOT NULL}
                  - {name: v, type: INT}
                primaryKeys: [id]
              - type: insert
                table: SCHEMA.b
                rows:
                  - [x1, 20]
            """;

    @TempDir Path dir;

    @BeforeAll
    static void theConnectorComesFromItsJar() {
        JdbcPipelineRun.connectorJar();
    }

    private JdbcPipelineRun run(
            SinkDatabase db, JdbcEndpoint endpoint, String script, String behavior)
            throws Exception {
        Path file = dir.resolve("script.yaml");
        Files.writeString(file, script.replace("SCHEMA", db.schema()));
        return JdbcPipelineRun.run(
                dir,
                JdbcPipelineRun.valuesInto(endpoint, file, 1, behavior)
                        + "route:\n"
                        + "  - source-table: "
                        + db.schema()
                        + ".\\.*\n"
                        + "    sink-table: "
                        + db.schema()
                        + ".merged\n");
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"postgres, lenient", "postgres, evolve", "mariadb, lenient", "mariadb, evolve"})
    void columnsWithoutACommonTypeBecomeTextAndKeepEveryValue(String sinkType, String behavior)
            throws Exception {
        JdbcEndpoint endpoint = JdbcEndpoint.of(sinkType);
        String schema = "e2e_jdbc_" + (endpoint.isPostgres() ? "pg" : "maria") + "_merge_";
        try (SinkDatabase db = SinkDatabase.fresh(endpoint, schema + behavior)) {
            run(db, endpoint, SCRIPT, behavior).assertSucceeded();

            assertThat(db.columns("merged"))
                    .isEqualTo(
                            endpoint.isPostgres()
                                    ? List.of("id integer NOT NULL", "v text", "d text")
                                    : List.of("id int(11) NOT NULL", "v longtext", "d longtext"));
            assertThat(db.rows("merged", "id, v, d"))
                    .containsExactly(
                            "id=1, v=10, d=2024-01-31",
                            "id=2, v=null, d=null",
                            "id=3, v=x, d=20240131",
                            "id=4, v=12abc, d=null",
                            "id=5, v=50, d=2025-12-31");
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"postgres", "mariadb"})
    void aKeyColumnThatCannotHoldTheOtherTablesKeyFailsBeforeItsRows(String sinkType)
            throws Exception {
        JdbcEndpoint endpoint = JdbcEndpoint.of(sinkType);
        String schema = "e2e_jdbc_" + (endpoint.isPostgres() ? "pg" : "maria") + "_merge_key";
        try (SinkDatabase db = SinkDatabase.fresh(endpoint, schema)) {
            JdbcPipelineRun run = run(db, endpoint, KEY_CONFLICT, "lenient");

            assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isEqualTo(1);
            assertThat(run.stderr.strip())
                    .isEqualTo(
                            "Pipeline failed: Table "
                                    + db.tableId("b")
                                    + " is routed into sink table "
                                    + db.tableId("merged")
                                    + ", which "
                                    + db.tableId("a")
                                    + " also feeds, but the sink table's key does not hold its"
                                    + " key: id is INT NOT NULL in the sink table and VARCHAR(10)"
                                    + " NOT NULL in "
                                    + db.tableId("b")
                                    + ". Key columns are never widened or merged, since rows"
                                    + " whose key the column cannot hold would be lost. Route the"
                                    + " tables into separate sink tables, or create "
                                    + db.tableId("merged")
                                    + " first with key columns that hold every table's keys.");
            JdbcPipelineRun.assertNoStackTrace(run.stderr);
            assertThat(db.rows("merged", "id, v")).containsExactly("id=1, v=10");
        }
    }
}
