package dev.schemaop.e2e.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Identifiers that only quoting and escaping keep whole (JDBC sink README "Where tables go": every
 * identifier quoted and escaped), through the whole pipeline under evolve at parallelism 1 and 2
 * into PostgreSQL and MariaDB: a schema (database), a table and columns whose names hold double
 * quotes, single quotes, backticks, semicolons, a comma, spaces, {@code --}, {@code ?}, a
 * backslash, a dot (columns only), accented and CJK letters, and the keywords {@code select} and
 * {@code order}. The table goes through a truncate, an add.column (one column FIRST, one AFTER a
 * hostile column), an alter, a rename to another hostile name, a drop, inserts, updates and
 * deletes; its columns, types and rows are read back from the catalog.
 *
 * <p>The table's name is {@code a"; DROP TABLE a; -- ...} (PostgreSQL) or {@code a`; DROP TABLE a;
 * -- ...} (MariaDB): a sink that quoted without doubling the quote character would send {@code
 * TRUNCATE TABLE "schema"."a"; DROP TABLE a; --"}, which truncates table {@code a} of the same
 * schema. That table is created by the test before the run, with two rows; after the run it must
 * have exactly its columns and rows, and the schema must hold these two tables only.
 *
 * <p>What the values script cannot express: a dot in a schema or table name (a table id is split at
 * its dots, {@code TableId.parse}); a space at the start of a schema name or at the end of a table
 * name (the whole table id is trimmed); a space at either end of a column name (trimmed); a comma
 * in a column name where a column list is written as one comma-separated string (a YAML list, as
 * here, keeps it). MariaDB names cannot end with a space either.
 */
class HostileIdentifiersIntoRealDatabasesTest {
    /** The table a broken quoting of the hostile table's name would hit. */
    private static final String GUARD = "a";

    private static final String KEY = "select";
    private static final String FIRST_NAME = "prénom";
    private static final String QTY = "数量";
    private static final String QUOTED = "a \"quoted\" col";
    private static final String APOSTROPHE = "it's";
    private static final String BACKTICK = "back`tick";
    private static final String SEMICOLON = "semi;colon, -- x?";
    private static final String ORDER = "order";
    private static final String DOTTED = "dotted.name\\back";

    /** Added after {@link #QUOTED}. */
    private static final String ADDED_AFTER = "new \"col\"; --";

    /** Added first. */
    private static final String ADDED_FIRST = "first'col";

    /** {@link #FIRST_NAME} renamed. */
    private static final String RENAMED = "nom \"de\" famille; --";

    /** A table in a second schema (database), which the sink creates: it does not exist before. */
    private static final String NEW_TABLE = "b'\"`; --x";

    /**
     * The script, with T for the table id, T2 for that of {@link #NEW_TABLE} in the schema the sink
     * creates, and C_... for the column names (YAML double-quoted strings, {@link #yaml}).
     */
    private static final String SCRIPT =
            """
            events:
              - type: create.table
                table: T
                columns:
                  - {name: C_KEY, type: INT NOT NULL}
                  - {name: C_FIRST_NAME, type: VARCHAR(20)}
                  - {name: C_QTY, type: INT}
                  - {name: C_QUOTED, type: VARCHAR(10)}
                  - {name: C_APOSTROPHE, type: VARCHAR(10)}
                  - {name: C_BACKTICK, type: VARCHAR(10)}
                  - {name: C_SEMICOLON, type: VARCHAR(10)}
                  - {name: C_ORDER, type: VARCHAR(10)}
                  - {name: C_DOTTED, type: INT}
                primaryKeys: [C_KEY]
              - type: insert
                table: T
                rows:
                  - [1, "Zoë", 10, "say \\"hi\\"", "O'Brien", "`x`", "a;b -- c", first, 100]
                  - [2, "Łukasz", 20, null, null, null, null, second, 200]
              - type: truncate.table
                table: T
              - type: insert
                table: T
                rows:
                  - [3, "José", 30, q3, a3, b3, s3, third, 300]
                  - [4, "Ana", 40, q4, a4, b4, s4, fourth, 400]
                  - [5, "Ève", 50, q5, a5, b5, s5, fifth, 500]
              - type: add.column
                table: T
                columns:
                  - {name: C_ADDED_AFTER, type: INT, position: P_AFTER_QUOTED}
                  - {name: C_ADDED_FIRST, type: VARCHAR(5), position: first}
              - type: insert
                table: T
                rows:
                  - [f6, 6, "Chloé", 60, q6, 66, a6, b6, s6, sixth, 600]
              - type: alter.column.type
                table: T
                columns: {C_QTY: BIGINT}
              - type: insert
                table: T
                rows:
                  - [f7, 7, "Dário", 7000000000, q7, 77, a7, b7, s7, seventh, 700]
              - type: rename.column
                table: T
                columns: {C_FIRST_NAME: C_RENAMED}
              - type: insert
                table: T
                rows:
                  - [f8, 8, "Émile", 80, q8, 88, a8, b8, s8, eighth, 800]
              - type: drop.column
                table: T
                columns: [C_APOSTROPHE]
              - type: insert
                table: T
                rows:
                  - [f9, 9, "Zoé", 90, q9, 99, b9, s9, ninth, 900]
              - type: update
                table: T
                before: [null, 3, "José", 30, q3, null, b3, s3, third, 300]
                after: [f3, 3, "José-2", 31, "q3'", 33, "b3`", "s3;", "third\\"", 301]
              - type: update
                table: T
                before: [f6, 6, "Chloé", 60, q6, 66, b6, s6, sixth, 600]
                after: [f6-2, 6, "Chloé", 6000000000, null, 67, b6, s6, sixth, 600]
              - type: delete
                table: T
                rows:
                  - [null, 4, "Ana", 40, q4, null, b4, s4, fourth, 400]
              - type: insert
                table: T
                rows:
                  - [f10, 10, "名前", 100, q10, 1010, b10, s10, tenth, 1000]
              - type: create.table
                table: T2
                columns:
                  - {name: C_KEY, type: INT NOT NULL}
                  - {name: C_APOSTROPHE, type: VARCHAR(10)}
                primaryKeys: [C_KEY]
              - type: insert
                table: T2
                rows:
                  - [1, "it's new"]
                  - [2, null]
            """;

    private static final List<String> POSTGRES_COLUMNS =
            List.of(
                    "select integer NOT NULL",
                    "nom \"de\" famille; -- character varying(20)",
                    "数量 bigint",
                    "a \"quoted\" col character varying(10)",
                    "back`tick character varying(10)",
                    "semi;colon, -- x? character varying(10)",
                    "order character varying(10)",
                    "dotted.name\\back integer",
                    "new \"col\"; -- integer",
                    "first'col character varying(5)");

    private static final List<String> MARIADB_COLUMNS =
            List.of(
                    "first'col varchar(5)",
                    "select int(11) NOT NULL",
                    "nom \"de\" famille; -- varchar(20)",
                    "数量 bigint(20)",
                    "a \"quoted\" col varchar(10)",
                    "new \"col\"; -- int(11)",
                    "back`tick varchar(10)",
                    "semi;colon, -- x? varchar(10)",
                    "order varchar(10)",
                    "dotted.name\\back int(11)");

    /** The columns rows are read with, the key first. */
    private static final List<String> ROW_COLUMNS =
            List.of(
                    KEY,
                    ADDED_FIRST,
                    RENAMED,
                    QTY,
                    QUOTED,
                    ADDED_AFTER,
                    BACKTICK,
                    SEMICOLON,
                    ORDER,
                    DOTTED);

    /** Rows 1 and 2 truncated, 4 deleted. */
    private static final List<String> ROWS =
            List.of(
                    "select=3, first'col=f3, nom \"de\" famille; --=José-2, 数量=31,"
                            + " a \"quoted\" col=q3', new \"col\"; --=33, back`tick=b3`,"
                            + " semi;colon, -- x?=s3;, order=third\", dotted.name\\back=301",
                    "select=5, first'col=null, nom \"de\" famille; --=Ève, 数量=50,"
                            + " a \"quoted\" col=q5, new \"col\"; --=null, back`tick=b5,"
                            + " semi;colon, -- x?=s5, order=fifth, dotted.name\\back=500",
                    "select=6, first'col=f6-2, nom \"de\" famille; --=Chloé, 数量=6000000000,"
                            + " a \"quoted\" col=null, new \"col\"; --=67, back`tick=b6,"
                            + " semi;colon, -- x?=s6, order=sixth, dotted.name\\back=600",
                    "select=7, first'col=f7, nom \"de\" famille; --=Dário, 数量=7000000000,"
                            + " a \"quoted\" col=q7, new \"col\"; --=77, back`tick=b7,"
                            + " semi;colon, -- x?=s7, order=seventh, dotted.name\\back=700",
                    "select=8, first'col=f8, nom \"de\" famille; --=Émile, 数量=80,"
                            + " a \"quoted\" col=q8, new \"col\"; --=88, back`tick=b8,"
                            + " semi;colon, -- x?=s8, order=eighth, dotted.name\\back=800",
                    "select=9, first'col=f9, nom \"de\" famille; --=Zoé, 数量=90,"
                            + " a \"quoted\" col=q9, new \"col\"; --=99, back`tick=b9,"
                            + " semi;colon, -- x?=s9, order=ninth, dotted.name\\back=900",
                    "select=10, first'col=f10, nom \"de\" famille; --=名前, 数量=100,"
                            + " a \"quoted\" col=q10, new \"col\"; --=1010, back`tick=b10,"
                            + " semi;colon, -- x?=s10, order=tenth, dotted.name\\back=1000");

    private static final List<String> GUARD_POSTGRES_COLUMNS =
            List.of("id integer NOT NULL", "v character varying(20)");

    private static final List<String> GUARD_MARIADB_COLUMNS =
            List.of("id int(11) NOT NULL", "v varchar(20)");

    private static final List<String> GUARD_ROWS = List.of("id=1, v=one", "id=2, v=two");

    @TempDir Path dir;

    @BeforeAll
    static void theConnectorComesFromItsJar() {
        JdbcPipelineRun.connectorJar();
    }

    /** Each case's own schema (database), e.g. {@code e2e "hostile" `pg` p1; --'ü}. */
    private static String schema(JdbcEndpoint endpoint, int parallelism) {
        return "e2e \"hostile\" `"
                + (endpoint.isPostgres() ? "pg" : "maria")
                + "` p"
                + parallelism
                + "; --'ü";
    }

    /**
     * The hostile table: the guard's name, the database's quote character, then SQL that a sink
     * that does not double it would run; the rest holds the other quote characters and unicode.
     * MariaDB needs a space after {@code --} and no space at the end.
     */
    private static String table(JdbcEndpoint endpoint) {
        return endpoint.isPostgres()
                ? GUARD + "\"; DROP TABLE " + GUARD + "; -- `x` 'é 数"
                : GUARD + "`; DROP TABLE " + GUARD + "; -- \"x\" 'é 数";
    }

    /** The schema (database) the sink creates for {@link #NEW_TABLE}. */
    private static String newSchema(JdbcEndpoint endpoint, int parallelism) {
        return schema(endpoint, parallelism) + " new";
    }

    /** A YAML double-quoted scalar of the text. */
    private static String yaml(String text) {
        return '"' + text.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }

    private static String script(String tableId, String newTableId) {
        return SCRIPT.replace("table: T2", "table: " + yaml(newTableId))
                .replace("table: T", "table: " + yaml(tableId))
                .replace("C_KEY", yaml(KEY))
                .replace("C_FIRST_NAME", yaml(FIRST_NAME))
                .replace("C_QTY", yaml(QTY))
                .replace("C_QUOTED", yaml(QUOTED))
                .replace("C_APOSTROPHE", yaml(APOSTROPHE))
                .replace("C_BACKTICK", yaml(BACKTICK))
                .replace("C_SEMICOLON", yaml(SEMICOLON))
                .replace("C_ORDER", yaml(ORDER))
                .replace("C_DOTTED", yaml(DOTTED))
                .replace("C_ADDED_AFTER", yaml(ADDED_AFTER))
                .replace("C_ADDED_FIRST", yaml(ADDED_FIRST))
                .replace("C_RENAMED", yaml(RENAMED))
                .replace("P_AFTER_QUOTED", yaml("after " + QUOTED));
    }

    @ParameterizedTest(name = "{0}, parallelism {1}")
    @CsvSource(
            textBlock =
                    """
                    postgres, 1
                    postgres, 2
                    mariadb, 1
                    mariadb, 2
                    """)
    void everyNameArrivesWholeAndTheTableItWouldHitStaysUntouched(String sinkType, int parallelism)
            throws Exception {
        JdbcEndpoint endpoint = JdbcEndpoint.of(sinkType);
        String table = table(endpoint);
        // PostgreSQL keeps 63 bytes of a name, MariaDB 64 characters: the sink refuses longer ones.
        assertThat(table.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(63);
        assertThat(schema(endpoint, parallelism).getBytes(StandardCharsets.UTF_8).length)
                .isLessThanOrEqualTo(63);
        try (SinkDatabase db = SinkDatabase.fresh(endpoint, schema(endpoint, parallelism));
                SinkDatabase created =
                        SinkDatabase.absent(endpoint, newSchema(endpoint, parallelism))) {
            db.execute(
                    "CREATE TABLE "
                            + db.qualified(GUARD)
                            + " (id INT NOT NULL, v VARCHAR(20), PRIMARY KEY (id))");
            db.execute("INSERT INTO " + db.qualified(GUARD) + " VALUES (1, 'one'), (2, 'two')");
            Path script = dir.resolve("script.yaml");
            Files.writeString(script, script(db.tableId(table), created.tableId(NEW_TABLE)));

            JdbcPipelineRun.run(
                            dir,
                            JdbcPipelineRun.valuesInto(endpoint, script, parallelism, "evolve"))
                    .assertSucceeded();

            assertThat(db.tables()).as("no other table").containsExactly(GUARD, table);
            assertThat(db.primaryKey(table)).containsExactly(KEY);
            assertThat(db.columns(table))
                    .isEqualTo(endpoint.isPostgres() ? POSTGRES_COLUMNS : MARIADB_COLUMNS);
            assertThat(db.rows(table, ROW_COLUMNS)).isEqualTo(ROWS);

            assertThat(db.columns(GUARD))
                    .as("the guard table's columns")
                    .isEqualTo(
                            endpoint.isPostgres() ? GUARD_POSTGRES_COLUMNS : GUARD_MARIADB_COLUMNS);
            assertThat(db.rows(GUARD, List.of("id", "v")))
                    .as("the guard's rows")
                    .isEqualTo(GUARD_ROWS);

            assertThat(created.schemaExists()).as("the schema the sink created").isTrue();
            assertThat(created.tables()).containsExactly(NEW_TABLE);
            assertThat(created.columns(NEW_TABLE))
                    .isEqualTo(
                            endpoint.isPostgres()
                                    ? List.of(
                                            "select integer NOT NULL", "it's character varying(10)")
                                    : List.of("select int(11) NOT NULL", "it's varchar(10)"));
            assertThat(created.rows(NEW_TABLE, List.of(KEY, APOSTROPHE)))
                    .isEqualTo(List.of("select=1, it's=it's new", "select=2, it's=null"));
        }
    }
}
