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
 * A rename that changes only the case of a column's name ({@code name} to {@code Name}). MariaDB
 * compares column names ignoring case, so there the two names are one column: under LENIENT the
 * column is renamed in place (adding {@code Name} next to {@code name} would be "column specified
 * twice", which failed the job before), and every value stays in it. PostgreSQL compares names
 * exactly: LENIENT keeps {@code name} and adds {@code Name}, as for any rename.
 */
class CaseOnlyRenameIntoRealDatabasesTest {
    private static final String SCRIPT =
            """
            events:
              - type: create.table
                table: SCHEMA.people
                columns:
                  - {name: id, type: INT NOT NULL}
                  - {name: name, type: VARCHAR(10)}
                primaryKeys: [id]
              - type: insert
                table: SCHEMA.people
                rows:
                  - [1, ann]
                  - [2, ben]
              - type: rename.column
                table: SCHEMA.people
                columns: {name: Name}
              - type: insert
                table: SCHEMA.people
                rows:
                  - [3, cid]
              - type: update
                table: SCHEMA.people
                before: [1, ann]
                after: [1, ann-2]
            """;

    @TempDir Path dir;

    @BeforeAll
    static void theConnectorComesFromItsJar() {
        JdbcPipelineRun.connectorJar();
    }

    @ParameterizedTest(name = "{0}, {1}, parallelism {2}")
    @CsvSource(
            textBlock =
                    """
                    mariadb, lenient, 1
                    mariadb, lenient, 2
                    mariadb, evolve, 2
                    postgres, lenient, 2
                    postgres, evolve, 2
                    """)
    void theColumnEndsAsTheSinkComparesNames(String sinkType, String behavior, int parallelism)
            throws Exception {
        JdbcEndpoint endpoint = JdbcEndpoint.of(sinkType);
        String schema =
                "e2e_jdbc_case_"
                        + (endpoint.isPostgres() ? "pg" : "maria")
                        + "_"
                        + behavior
                        + "_p"
                        + parallelism;
        try (SinkDatabase db = SinkDatabase.fresh(endpoint, schema)) {
            Path script = dir.resolve("script.yaml");
            Files.writeString(script, SCRIPT.replace("SCHEMA", schema));

            JdbcPipelineRun.run(
                            dir,
                            JdbcPipelineRun.valuesInto(endpoint, script, parallelism, behavior))
                    .assertSucceeded();

            if (endpoint.isPostgres() && behavior.equals("lenient")) {
                assertThat(db.columns("people"))
                        .containsExactly(
                                "id integer NOT NULL",
                                "name character varying(10)",
                                "Name character varying(10)");
                assertThat(db.rows("people", "*"))
                        .containsExactly(
                                "id=1, name=null, Name=ann-2",
                                "id=2, name=ben, Name=null",
                                "id=3, name=null, Name=cid");
            } else {
                assertThat(db.columns("people"))
                        .isEqualTo(
                                List.of(
                                        endpoint.isPostgres()
                                                ? "id integer NOT NULL"
                                                : "id int(11) NOT NULL",
                                        endpoint.isPostgres()
                                                ? "Name character varying(10)"
                                                : "Name varchar(10)"));
                assertThat(db.rows("people", "*"))
                        .containsExactly("id=1, Name=ann-2", "id=2, Name=ben", "id=3, Name=cid");
            }
        }
    }
}
