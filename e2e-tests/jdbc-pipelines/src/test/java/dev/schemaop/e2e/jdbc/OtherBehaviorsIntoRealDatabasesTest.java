package dev.schemaop.e2e.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The behaviors {@link SchemaChangesIntoRealDatabasesTest} leaves out, ignore, try_evolve and
 * exception (README "Behaviors", SPEC §3, G7), from the values source through the command line into
 * a real PostgreSQL or MariaDB, at parallelism 1 and 2 (two source splits, each replaying every
 * schema change). One script takes the table through every column change type, a truncate, updates
 * and deletes; the table read back over JDBC must be what the behavior says.
 *
 * <ul>
 *   <li>ignore: the table stays as the create made it. Rows are reshaped onto it by column name:
 *       values of added columns are dropped; the renamed and the dropped column are null in later
 *       rows; a value that does not fit the unchanged column exactly is null (7000000000 in INT,
 *       9.1234 in DECIMAL(10,2), 27 characters in VARCHAR(10), text in INT: '41' too, text is never
 *       parsed into a number, docs/DECISIONS.md); a value that fits is converted (BIGINT 61 into
 *       INT, 6.2500 into 6.25); a number becomes its text in the VARCHAR column (code 1601). The
 *       truncate is skipped: rows 1, 3, 4 and 5 stay (row 2 is deleted by key later).
 *   <li>try_evolve: every change goes to the sink. The JDBC sink supports all seven types, so all
 *       are applied as under evolve (the truncate removes rows 1 to 5; the stored codes '601'.. are
 *       converted by the database, and rows of a lagging split the same way, to INT), until the
 *       last alter, which the database refuses whatever the rows hold: PostgreSQL has no cast from
 *       bigint to date, MariaDB refuses VARCHAR(16383) as a row larger than 65535 bytes. SPEC §3:
 *       try_evolve tolerates only "not supported"; a refusal by the database fails the job (exit 1)
 *       with the table, the change and the database's answer, and the table keeps what it had.
 *   <li>exception: the first change after the create (the add.column) fails the job with one
 *       message that shows both schemas side by side; the table holds the rows before it.
 * </ul>
 *
 * <p>Rows guaranteed before a failing change (G7 as README "Guarantees" and docs/GUARANTEES.md
 * state it): every row the source subtask that met the change sent before it. At parallelism 1 that
 * is every row before the change in the script. At parallelism 2 each split replays the change and
 * either may meet it first: the rows of at least one split must all be there, exactly; the other
 * split's keys may stand anywhere in their history (they are replayed from a checkpoint on
 * restart), but no row after the change and no row the truncate removed may be there.
 */
class OtherBehaviorsIntoRealDatabasesTest {
    private static final String TABLE = "items";

    private static final int JOB_FAILED = 1;

    /**
     * The keys of each split at parallelism 2, as the values source assigns them (README "Splits":
     * floorMod of the key's hash): split 0 has 1, 3, 6-11 and 13-16, split 1 has 2, 4, 5, 12, 17.
     */
    private static final Set<Integer> SPLIT_0_KEYS =
            Set.of(1, 3, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16);

    private static final Set<Integer> SPLIT_1_KEYS = Set.of(2, 4, 5, 12, 17);

    // ---------------------------------------------------------------- ignore

    private static final List<String> IGNORE_POSTGRES_COLUMNS =
            List.of(
                    "id integer NOT NULL",
                    "qty integer",
                    "price numeric(10,2)",
                    "name character varying(10)",
                    "note character varying(20)",
                    "code character varying(10)",
                    "n integer");

    private static final List<String> IGNORE_MARIADB_COLUMNS =
            List.of(
                    "id int(11) NOT NULL",
                    "qty int(11)",
                    "price decimal(10,2)",
                    "name varchar(10)",
                    "note varchar(20)",
                    "code varchar(10)",
                    "n int(11)");

    private static final String IGNORE_ROW_COLUMNS = "id, qty, price, name, note, code, n";

    // ---------------------------------------------------------------- try_evolve

    private static final List<String> TRY_EVOLVE_POSTGRES_COLUMNS =
            List.of(
                    "id integer NOT NULL",
                    "qty bigint",
                    "price numeric(12,4)",
                    "full_name character varying(40)",
                    "code integer",
                    "n character varying(10)",
                    "email character varying(30)",
                    "tag integer");

    private static final List<String> TRY_EVOLVE_MARIADB_COLUMNS =
            List.of(
                    "id int(11) NOT NULL",
                    "tag int(11)",
                    "qty bigint(20)",
                    "price decimal(12,4)",
                    "full_name varchar(40)",
                    "code int(11)",
                    "n varchar(10)",
                    "email varchar(30)");

    private static final String TRY_EVOLVE_ROW_COLUMNS =
            "id, tag, qty, price, full_name, code, n, email";

    /** Every row before the refused alter: rows 1-5 truncated, 2 and 7 deleted, no row 17. */
    private static final List<String> TRY_EVOLVE_ROWS =
            List.of(
                    "id=6, tag=601, qty=61, price=6.2500, full_name=fay-2, code=602, n=61,"
                            + " email=null",
                    "id=8, tag=801, qty=81, price=8.5000, full_name=hal, code=802, n=8,"
                            + " email=h2@x",
                    "id=9, tag=900, qty=90, price=9.1234, full_name=ivy, code=901, n=9, email=i@x",
                    "id=10, tag=1000, qty=100, price=10.5000, full_name=jay, code=1001, n=10,"
                            + " email=j@x",
                    "id=11, tag=1100, qty=110, price=11.5000,"
                            + " full_name=kim-with-a-much-longer-name, code=1101, n=11, email=k@x",
                    "id=12, tag=1200, qty=120, price=12.5000, full_name=lee, code=1201, n=41,"
                            + " email=l@x",
                    "id=13, tag=1300, qty=130, price=13.5000, full_name=max, code=1301, n=x1,"
                            + " email=m@x",
                    "id=14, tag=1400, qty=140, price=14.5000, full_name=ned, code=1401, n=14,"
                            + " email=n@x",
                    "id=15, tag=1500, qty=150, price=15.5000, full_name=oli, code=1501, n=15,"
                            + " email=o@x",
                    "id=16, tag=1600, qty=160, price=16.5000, full_name=pat, code=1601, n=16,"
                            + " email=p@x");

    /** The keys a try_evolve table may hold at all: not those the truncate removed, not 17. */
    private static final Set<Integer> TRY_EVOLVE_POSSIBLE_KEYS =
            Set.of(6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16);

    /** The database's answer to the refused alter, as the sink quotes it. */
    private static final String POSTGRES_REFUSAL = "ERROR: cannot cast type bigint to date";

    private static final String MARIADB_REFUSAL =
            "Row size too large. The maximum row size for the used table type, not counting BLOBs,"
                    + " is 65535. This includes storage overhead, check the manual. You have to"
                    + " change some columns to TEXT or BLOBs";

    // ---------------------------------------------------------------- exception

    private static final List<String> EXCEPTION_POSTGRES_COLUMNS =
            List.of(
                    "id integer NOT NULL",
                    "qty integer",
                    "price numeric(10,2)",
                    "name character varying(10)",
                    "note character varying(20)",
                    "code character varying(10)",
                    "n integer");

    private static final List<String> EXCEPTION_MARIADB_COLUMNS =
            List.of(
                    "id int(11) NOT NULL",
                    "qty int(11)",
                    "price decimal(10,2)",
                    "name varchar(10)",
                    "note varchar(20)",
                    "code varchar(10)",
                    "n int(11)");

    private static final String EXCEPTION_ROW_COLUMNS = "id, qty, price, name, note, code, n";

    /** The rows before the add.column. */
    private static final List<String> EXCEPTION_ROWS =
            List.of(
                    "id=1, qty=10, price=1.50, name=ann, note=n1, code=101, n=1",
                    "id=2, qty=20, price=2.50, name=ben, note=n2, code=201, n=2",
                    "id=3, qty=30, price=3.50, name=cid, note=n3, code=301, n=3",
                    "id=4, qty=40, price=4.50, name=dan, note=n4, code=401, n=4");

    @TempDir Path dir;

    @BeforeAll
    static void theConnectorComesFromItsJar() {
        JdbcPipelineRun.connectorJar();
    }

    private static String schema(JdbcEndpoint endpoint, String behavior, int parallelism) {
        return "e2e_jdbc_"
                + (endpoint.isPostgres() ? "pg" : "maria")
                + "_"
                + behavior
                + "_p"
                + parallelism;
    }

    /** A type the database refuses for a BIGINT column whatever the rows hold. */
    private static String refusedType(JdbcEndpoint endpoint) {
        // PostgreSQL: no cast from bigint to date. MariaDB: 16383 utf8mb4 characters take 65534
        // bytes, the row's other columns make it larger than 65535 bytes.
        return endpoint.isPostgres() ? "DATE" : "VARCHAR(16383)";
    }

    private JdbcPipelineRun run(
            JdbcEndpoint endpoint, SinkDatabase db, String behavior, int parallelism)
            throws Exception {
        Path script = dir.resolve("script.yaml");
        Files.writeString(
                script,
                ChangeScripts.OTHER_BEHAVIORS
                        .replace("SCHEMA", db.schema())
                        .replace("REFUSED_TYPE", refusedType(endpoint)));
        return JdbcPipelineRun.run(
                dir, JdbcPipelineRun.valuesInto(endpoint, script, parallelism, behavior));
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
    void ignoreKeepsTheCreatedTableAndReshapesEveryRowOntoIt(String sinkType, int parallelism)
            throws Exception {
        JdbcEndpoint endpoint = JdbcEndpoint.of(sinkType);
        try (SinkDatabase db =
                SinkDatabase.fresh(endpoint, schema(endpoint, "ignore", parallelism))) {

            run(endpoint, db, "ignore", parallelism).assertSucceeded();

            assertThat(db.primaryKey(TABLE)).containsExactly("id");
            assertThat(db.columns(TABLE))
                    .isEqualTo(
                            endpoint.isPostgres()
                                    ? IGNORE_POSTGRES_COLUMNS
                                    : IGNORE_MARIADB_COLUMNS);
            assertThat(db.rows(TABLE, IGNORE_ROW_COLUMNS))
                    .isEqualTo(ChangeScripts.OTHER_BEHAVIORS_IGNORE_ROWS);
        }
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
    void tryEvolveAppliesEveryChangeAndFailsTheJobOnTheOneTheDatabaseRefuses(
            String sinkType, int parallelism) throws Exception {
        JdbcEndpoint endpoint = JdbcEndpoint.of(sinkType);
        try (SinkDatabase db =
                SinkDatabase.fresh(endpoint, schema(endpoint, "try_evolve", parallelism))) {

            JdbcPipelineRun run = run(endpoint, db, "try_evolve", parallelism);

            assertThat(run.exitCode).as("exit code; stderr:\n%s", run.stderr).isEqualTo(JOB_FAILED);
            JdbcPipelineRun.assertNoStackTrace(run.stderr);
            String table = db.tableId(TABLE);
            assertThat(run.stderr)
                    .startsWith(
                            "Pipeline failed: The sink failed to apply AlterColumnTypeEvent{tableId="
                                    + table
                                    + ", typeMapping={qty="
                                    + refusedType(endpoint)
                                    + "}, oldTypeMapping={qty=BIGINT}} to table "
                                    + table
                                    + " (pipeline.schema.change.behavior: try_evolve): the "
                                    + sinkType
                                    + " sink could not apply alter.column.type. The database"
                                    + " (user '"
                                    + endpoint.user()
                                    + "' at "
                                    + endpoint.url()
                                    + ") answered: ")
                    .contains(endpoint.isPostgres() ? POSTGRES_REFUSAL : MARIADB_REFUSAL);
            assertThat(run.stderr.lines().filter(line -> line.startsWith("Pipeline failed: ")))
                    .as("one error")
                    .hasSize(1);

            assertThat(db.primaryKey(TABLE)).containsExactly("id");
            assertThat(db.columns(TABLE))
                    .as("every change but the refused one applied")
                    .isEqualTo(
                            endpoint.isPostgres()
                                    ? TRY_EVOLVE_POSTGRES_COLUMNS
                                    : TRY_EVOLVE_MARIADB_COLUMNS);
            assertRowsBeforeTheFailingChange(
                    db.rows(TABLE, TRY_EVOLVE_ROW_COLUMNS),
                    TRY_EVOLVE_ROWS,
                    TRY_EVOLVE_POSSIBLE_KEYS,
                    parallelism);
        }
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
    void exceptionFailsTheJobOnTheFirstChangeWithTheRowsBeforeItInTheTable(
            String sinkType, int parallelism) throws Exception {
        JdbcEndpoint endpoint = JdbcEndpoint.of(sinkType);
        try (SinkDatabase db =
                SinkDatabase.fresh(endpoint, schema(endpoint, "exception", parallelism))) {

            JdbcPipelineRun run = run(endpoint, db, "exception", parallelism);

            assertThat(run.exitCode).as("exit code; stderr:\n%s", run.stderr).isEqualTo(JOB_FAILED);
            JdbcPipelineRun.assertNoStackTrace(run.stderr);
            assertThat(run.stderr.strip())
                    .isEqualTo(
                            ChangeScripts.OTHER_BEHAVIORS_REJECTION.replace("SCHEMA", db.schema()));

            assertThat(db.primaryKey(TABLE)).containsExactly("id");
            assertThat(db.columns(TABLE))
                    .as("as created")
                    .isEqualTo(
                            endpoint.isPostgres()
                                    ? EXCEPTION_POSTGRES_COLUMNS
                                    : EXCEPTION_MARIADB_COLUMNS);
            assertRowsBeforeTheFailingChange(
                    db.rows(TABLE, EXCEPTION_ROW_COLUMNS),
                    EXCEPTION_ROWS,
                    Set.of(1, 2, 3, 4),
                    parallelism);
        }
    }

    /**
     * G7 as guaranteed: at parallelism 1 exactly the rows before the change; at parallelism 2 the
     * rows of at least one split exactly (its keys, deleted ones absent), and only keys that may be
     * there at all.
     */
    private static void assertRowsBeforeTheFailingChange(
            List<String> actual,
            List<String> expected,
            Set<Integer> possibleKeys,
            int parallelism) {
        if (parallelism == 1) {
            assertThat(actual).isEqualTo(expected);
            return;
        }
        assertThat(actual.stream().map(OtherBehaviorsIntoRealDatabasesTest::key))
                .as("no row after the change, none the truncate removed; rows:\n%s", actual)
                .allMatch(possibleKeys::contains);
        boolean split0Complete =
                ofKeys(actual, SPLIT_0_KEYS).equals(ofKeys(expected, SPLIT_0_KEYS));
        boolean split1Complete =
                ofKeys(actual, SPLIT_1_KEYS).equals(ofKeys(expected, SPLIT_1_KEYS));
        assertThat(split0Complete || split1Complete)
                .as(
                        "every row before the change of at least one split (the one that met the"
                                + " change): split 0 expected %s, split 1 expected %s; the table"
                                + " has %s",
                        ofKeys(expected, SPLIT_0_KEYS), ofKeys(expected, SPLIT_1_KEYS), actual)
                .isTrue();
    }

    private static List<String> ofKeys(List<String> rows, Set<Integer> keys) {
        return rows.stream().filter(row -> keys.contains(key(row))).collect(Collectors.toList());
    }

    /** The id of a row as {@link SinkDatabase#rows} prints it ("id=12, ..."). */
    private static int key(String row) {
        return Integer.parseInt(row.substring("id=".length(), row.indexOf(',')));
    }
}
