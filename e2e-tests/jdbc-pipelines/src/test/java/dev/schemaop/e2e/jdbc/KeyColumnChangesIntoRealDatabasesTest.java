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
 * A primary key column renamed or dropped upstream (SPEC §7, "Key columns"; issue 23 item 5), into
 * PostgreSQL and MariaDB: LENIENT and IGNORE keep the key column and fill it from the new name; a
 * change the sink cannot follow with a new key (a rename under EVOLVE, a drop under any behavior)
 * fails before any DDL, after the rows before it were written.
 */
class KeyColumnChangesIntoRealDatabasesTest {

    /** Rows 1 and 2, the key change (CHANGE), then a new row 3 and an update of row 1. */
    private static final String SCRIPT =
            """
            events:
              - type: create.table
                table: SCHEMA.t
                columns:
                  - {name: id, type: INT NOT NULL}
                  - {name: name, type: VARCHAR(20)}
                primaryKeys: [id]
              - type: insert
                table: SCHEMA.t
                rows:
                  - [1, a]
                  - [2, b]
            CHANGE
              - type: insert
                table: SCHEMA.t
                rows:
                  - [3, c]
              - type: update
                table: SCHEMA.t
                before: [1, a]
                after: [1, a2]
            """;

    private static final String RENAME =
            "  - type: rename.column\n    table: SCHEMA.t\n    columns: {id: uid}\n";

    /** After the drop the rows have only the name (the update is by the whole row then). */
    private static final String DROP =
            """
            events:
              - type: create.table
                table: SCHEMA.t
                columns:
                  - {name: id, type: INT NOT NULL}
                  - {name: name, type: VARCHAR(20)}
                primaryKeys: [id]
              - type: insert
                table: SCHEMA.t
                rows:
                  - [1, a]
              - type: drop.column
                table: SCHEMA.t
                columns: [id]
              - type: insert
                table: SCHEMA.t
                rows:
                  - [c]
            """;

    @TempDir Path dir;

    @BeforeAll
    static void theConnectorComesFromItsJar() {
        JdbcPipelineRun.connectorJar();
    }

    private static String schema(JdbcEndpoint endpoint, String scenario) {
        return "e2e_jdbc_" + (endpoint.isPostgres() ? "pg" : "maria") + "_key_" + scenario;
    }

    private JdbcPipelineRun run(
            SinkDatabase db, JdbcEndpoint endpoint, String script, String behavior)
            throws Exception {
        Path file = dir.resolve("script.yaml");
        Files.writeString(file, script.replace("SCHEMA", db.schema()));
        return JdbcPipelineRun.run(dir, JdbcPipelineRun.valuesInto(endpoint, file, 1, behavior));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"postgres", "mariadb"})
    void lenientKeepsTheRenamedKeyColumnAndFillsItFromTheNewName(String sinkType) throws Exception {
        JdbcEndpoint endpoint = JdbcEndpoint.of(sinkType);
        try (SinkDatabase db = SinkDatabase.fresh(endpoint, schema(endpoint, "lenient"))) {
            run(db, endpoint, SCRIPT.replace("CHANGE\n", RENAME), "lenient").assertSucceeded();

            assertThat(db.columns("t"))
                    .isEqualTo(
                            endpoint.isPostgres()
                                    ? List.of(
                                            "id integer NOT NULL",
                                            "name character varying(20)",
                                            "uid integer")
                                    : List.of(
                                            "id int(11) NOT NULL",
                                            "name varchar(20)",
                                            "uid int(11)"));
            assertThat(db.primaryKey("t")).containsExactly("id");
            assertThat(db.rows("t", "id, name, uid"))
                    .containsExactly(
                            "id=1, name=a2, uid=1",
                            "id=2, name=b, uid=null",
                            "id=3, name=c, uid=3");
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"postgres", "mariadb"})
    void ignoreKeepsTheKeyColumnAndFillsItFromTheNewName(String sinkType) throws Exception {
        JdbcEndpoint endpoint = JdbcEndpoint.of(sinkType);
        try (SinkDatabase db = SinkDatabase.fresh(endpoint, schema(endpoint, "ignore"))) {
            run(db, endpoint, SCRIPT.replace("CHANGE\n", RENAME), "ignore").assertSucceeded();

            assertThat(db.primaryKey("t")).containsExactly("id");
            assertThat(db.rows("t", "id, name"))
                    .containsExactly("id=1, name=a2", "id=2, name=b", "id=3, name=c");
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "postgres, evolve, rename",
        "postgres, lenient, drop",
        "mariadb, evolve, rename",
        "mariadb, lenient, drop"
    })
    void aKeyChangeTheSinkCannotFollowFailsBeforeAnyDdl(
            String sinkType, String behavior, String change) throws Exception {
        JdbcEndpoint endpoint = JdbcEndpoint.of(sinkType);
        try (SinkDatabase db = SinkDatabase.fresh(endpoint, schema(endpoint, change))) {
            List<String> columnsBefore =
                    endpoint.isPostgres()
                            ? List.of("id integer NOT NULL", "name character varying(20)")
                            : List.of("id int(11) NOT NULL", "name varchar(20)");
            boolean rename = change.equals("rename");

            JdbcPipelineRun run =
                    run(db, endpoint, rename ? SCRIPT.replace("CHANGE\n", RENAME) : DROP, behavior);

            String table = db.tableId("t");
            assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isEqualTo(1);
            assertThat(run.stderr.strip())
                    .isEqualTo(
                            "Pipeline failed: Schema change "
                                    + (rename ? "rename.column" : "drop.column")
                                    + " of table "
                                    + table
                                    + " is refused before any DDL: "
                                    + (rename
                                            ? "it renames the key column id, and the sink's"
                                                    + " writers cannot follow a renamed key"
                                                    + " (schema change events carry no key)."
                                                    + " schema.change.behavior: lenient keeps the"
                                                    + " key column, fills it from the new name"
                                                    + " and adds the new name as a column"
                                            : "it drops the key column id, and rows without it"
                                                    + " cannot be written to the sink table (its"
                                                    + " key)")
                                    + " (primary key of "
                                    + table
                                    + ": id). Keep the key columns in the source table, or"
                                    + " route the table to a new sink table whose key the rows"
                                    + " fill.");
            JdbcPipelineRun.assertNoStackTrace(run.stderr);
            assertThat(db.columns("t")).as("no DDL").isEqualTo(columnsBefore);
            assertThat(db.rows("t", "id, name"))
                    .as("the rows before the change")
                    .containsExactly(
                            rename
                                    ? new String[] {"id=1, name=a", "id=2, name=b"}
                                    : new String[] {"id=1, name=a"});
        }
    }
}
