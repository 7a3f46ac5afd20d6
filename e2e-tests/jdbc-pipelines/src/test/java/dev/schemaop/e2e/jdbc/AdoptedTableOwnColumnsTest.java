package dev.schemaop.e2e.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.testing.CliOutput;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * An existing table with columns of its own, which the pipeline does not have (issue 23, item 1):
 * the writers leave them out of every statement, so a row the pipeline inserts gets their defaults
 * and a row it updates keeps their values, under every expansion mode, into PostgreSQL and MariaDB.
 * A NOT NULL column without a default would refuse every row: the start fails before anything is
 * written, and {@code check} says so; {@code check} says what a start does to the others.
 */
class AdoptedTableOwnColumnsTest {
    private static final String TABLE = "t";

    /** The pipeline knows only id and name: it renames row 1 and inserts row 2. */
    private static final String SCRIPT =
            """
            events:
              - type: create.table
                table: SCHEMA.t
                columns:
                  - {name: id, type: INT NOT NULL}
                  - {name: name, type: VARCHAR(20)}
                primaryKeys: [id]
              - type: update
                table: SCHEMA.t
                before: [1, old]
                after: [1, renamed]
              - type: insert
                table: SCHEMA.t
                rows:
                  - [2, b]
            """;

    @TempDir Path dir;

    @BeforeAll
    static void theConnectorComesFromItsJar() {
        JdbcPipelineRun.connectorJar();
    }

    private static String schema(JdbcEndpoint endpoint, String scenario) {
        return "e2e_jdbc_" + (endpoint.isPostgres() ? "pg" : "maria") + "_own_" + scenario;
    }

    /** The table, holding (1, 'old', 'manual', 'keep me'); status as {@code status}. */
    private static void createTable(SinkDatabase db, String status) throws Exception {
        db.execute(
                "CREATE TABLE "
                        + db.qualified(TABLE)
                        + " (id INT PRIMARY KEY, name VARCHAR(20), status "
                        + status
                        + ", note TEXT)");
        db.execute(
                "INSERT INTO "
                        + db.qualified(TABLE)
                        + " (id, name, status, note) VALUES (1, 'old', 'manual', 'keep me')");
    }

    private String pipeline(SinkDatabase db, JdbcEndpoint endpoint, String mode) throws Exception {
        Path script = dir.resolve("script.yaml");
        Files.writeString(script, SCRIPT.replace("SCHEMA", db.schema()));
        return "source:\n  type: values\n  script: "
                + script
                + "\n"
                + endpoint.sinkBlock("  existing-table.schema-expansion.mode: \"" + mode + "\"\n")
                + "pipeline:\n  name: own columns\n  parallelism: 1\n";
    }

    private CliOutput check(String pipelineYaml) throws Exception {
        Path pipeline = dir.resolve("check.yaml");
        Files.writeString(pipeline, pipelineYaml);
        return CliOutput.of(
                "check", "--jar", JdbcPipelineRun.connectorJar().toString(), pipeline.toString());
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "postgres, DISABLED",
        "postgres, CHECK",
        "postgres, TRY_EXPAND",
        "postgres, EXPAND",
        "mariadb, DISABLED",
        "mariadb, CHECK",
        "mariadb, TRY_EXPAND",
        "mariadb, EXPAND"
    })
    void theTablesOwnColumnsKeepTheirValuesAndDefaults(String sinkType, String mode)
            throws Exception {
        JdbcEndpoint endpoint = JdbcEndpoint.of(sinkType);
        try (SinkDatabase db = SinkDatabase.fresh(endpoint, schema(endpoint, mode.toLowerCase()))) {
            createTable(db, "TEXT DEFAULT 'new'");
            List<String> columns = db.columns(TABLE);

            JdbcPipelineRun.run(dir, pipeline(db, endpoint, mode)).assertSucceeded();

            assertThat(db.columns(TABLE)).as("no DDL").isEqualTo(columns);
            assertThat(db.rows(TABLE, "id, name, status, note"))
                    .containsExactly(
                            "id=1, name=renamed, status=manual, note=keep me",
                            "id=2, name=b, status=new, note=null");
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"postgres", "mariadb"})
    void aNotNullColumnWithADefaultGetsItsDefault(String sinkType) throws Exception {
        JdbcEndpoint endpoint = JdbcEndpoint.of(sinkType);
        try (SinkDatabase db = SinkDatabase.fresh(endpoint, schema(endpoint, "not_null"))) {
            createTable(db, "VARCHAR(10) NOT NULL DEFAULT 'new'");

            CliOutput check = check(pipeline(db, endpoint, "CHECK"));
            JdbcPipelineRun.run(dir, pipeline(db, endpoint, "CHECK")).assertSucceeded();

            assertThat(check.exitCode()).isZero();
            String table = db.tableId(TABLE);
            assertThat(check.stdout())
                    .contains(
                            "  compatible    "
                                    + table
                                    + "  <- "
                                    + table
                                    + "\n      The table's own columns status (default "
                                    + (endpoint.isPostgres() ? "'new'::character varying" : "'new'")
                                    + "), note (default NULL) (the pipeline does not write"
                                    + " them): the sink's writes leave them out: rows the"
                                    + " pipeline inserts get the default, rows it updates keep"
                                    + " their values.\n")
                    .endsWith("A start would succeed: 1 sink table (1 compatible).\n");
            assertThat(db.rows(TABLE, "id, name, status, note"))
                    .containsExactly(
                            "id=1, name=renamed, status=manual, note=keep me",
                            "id=2, name=b, status=new, note=null");
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"postgres, CHECK", "postgres, EXPAND", "mariadb, CHECK", "mariadb, EXPAND"})
    void aNotNullColumnWithoutADefaultFailsTheStartBeforeAnyRow(String sinkType, String mode)
            throws Exception {
        JdbcEndpoint endpoint = JdbcEndpoint.of(sinkType);
        try (SinkDatabase db =
                SinkDatabase.fresh(
                        endpoint, schema(endpoint, "no_default_" + mode.toLowerCase()))) {
            createTable(db, "VARCHAR(10) NOT NULL");
            String table = db.tableId(TABLE);

            CliOutput check = check(pipeline(db, endpoint, mode));
            JdbcPipelineRun run = JdbcPipelineRun.run(dir, pipeline(db, endpoint, mode));

            String refusal =
                    "The existing sink table "
                            + table
                            + " does not hold what the pipeline sends"
                            + " (existing-table.schema-expansion.mode: "
                            + mode
                            + "); 1 difference:\n"
                            + "  - column status: upstream (none), target VARCHAR(10) NOT NULL:"
                            + " the pipeline does not write this NOT NULL column and the sink"
                            + " gives it no value: every row the pipeline writes would be"
                            + " refused\n"
                            + "Suggested repair statements in the sink's dialect (review before"
                            + " running):\n"
                            + (endpoint.isPostgres()
                                    ? "  ALTER TABLE \""
                                            + db.schema()
                                            + "\".\"t\" ALTER COLUMN \"status\" DROP NOT NULL;"
                                    : "  ALTER TABLE `"
                                            + db.schema()
                                            + "`.`t` MODIFY COLUMN `status` VARCHAR(10) NULL;");
            assertThat(check.exitCode()).isEqualTo(1);
            assertThat(check.stdout()).contains("  incompatible  " + table + "  <- " + table);
            assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isEqualTo(1);
            assertThat(run.stderr.strip()).isEqualTo("Pipeline failed: " + refusal);
            JdbcPipelineRun.assertNoStackTrace(run.stderr);
            assertThat(db.rows(TABLE, "id, name, status, note"))
                    .as("nothing written")
                    .containsExactly("id=1, name=old, status=manual, note=keep me");
        }
    }
}
