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
 * Values a database cannot store (issue 23 item 6): a string with the NUL character into
 * PostgreSQL, NaN into MariaDB's DOUBLE. The sink changes and drops nothing by itself: the job ends
 * with one message that names the table, the column, the kind of value and the row's key (exit 1,
 * no stack trace), and the row is not in the table.
 */
class UnstorableValuesIntoRealDatabasesTest {
    private static final String SCRIPT =
            """
            events:
              - type: create.table
                table: SCHEMA.items
                columns:
                  - {name: id, type: INT NOT NULL}
                  - {name: name, type: VARCHAR(20)}
                  - {name: ratio, type: DOUBLE}
                primaryKeys: [id]
              - type: insert
                table: SCHEMA.items
                rows:
                  - [1, ok, 1.5]
                  - [2, VALUE]
            """;

    @TempDir Path dir;

    @BeforeAll
    static void theConnectorComesFromItsJar() {
        JdbcPipelineRun.connectorJar();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            textBlock =
                    """
                    postgres | '"a\\0b", 2.5' | column name holds a string with the NUL character U+0000, which PostgreSQL text cannot store
                    mariadb  | 'b, "NaN"'     | column ratio holds NaN (not a number), which MariaDB FLOAT and DOUBLE cannot store
                    """)
    void theJobEndsWithOneMessageAndTheRowIsNotStored(String sinkType, String value, String why)
            throws Exception {
        JdbcEndpoint endpoint = JdbcEndpoint.of(sinkType);
        String schema = "e2e_jdbc_unstorable_" + (endpoint.isPostgres() ? "pg" : "maria");
        try (SinkDatabase db = SinkDatabase.fresh(endpoint, schema)) {
            Path script = dir.resolve("script.yaml");
            Files.writeString(script, SCRIPT.replace("SCHEMA", schema).replace("VALUE", value));

            JdbcPipelineRun run =
                    JdbcPipelineRun.run(
                            dir, JdbcPipelineRun.valuesInto(endpoint, script, 1, "evolve"));

            assertThat(run.exitCode).as("exit code; stderr:\n%s", run.stderr).isEqualTo(1);
            assertThat(run.stderr).as("no stack trace").doesNotContain("\tat ");
            // One line: the connector's message alone.
            assertThat(run.stderr.strip())
                    .isEqualTo(
                            "Pipeline failed: "
                                    + (sinkType
                                            + " sink writer 0 cannot write a row of table "
                                            + schema
                                            + ".items (primary key id=2): "
                                            + why
                                            + ". The sink changes and drops no value by"
                                            + " itself: correct the value at the source,"
                                            + " or give the column a type that holds it,"
                                            + " then restart the pipeline from its last"
                                            + " checkpoint"));
            assertThat(db.rows("items", "id, name"))
                    .as("row 2 is not stored (row 1 may be, if a timer flushed it first)")
                    .isSubsetOf(List.of("id=1, name=ok"));
        }
    }
}
