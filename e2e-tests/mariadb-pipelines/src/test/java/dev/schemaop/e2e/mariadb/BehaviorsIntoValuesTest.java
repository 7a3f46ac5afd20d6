package dev.schemaop.e2e.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.connectors.values.sink.ValuesStore;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The DDL script of {@link BehaviorsIntoPostgresTest} on a live MariaDB table, into the values
 * sink, under each behavior: the exact schema change events the sink's applier received, in order.
 * The values sink applies every change type, so what it receives is the runtime's decision alone
 * (SPEC §3, §4): EVOLVE passes each change on as the source emitted it (CHANGE as a retype, then a
 * rename), LENIENT converts renames into adds and drops into nothing, TRY_EVOLVE is EVOLVE on a
 * sink that accepts everything, IGNORE passes only the creates, EXCEPTION stops at the first ALTER.
 */
class BehaviorsIntoValuesTest {

    private static final String CUSTOMERS_CREATED =
            "CreateTableEvent{tableId=%s.customers, schema=columns={`id` INT NOT NULL,`name`"
                    + " VARCHAR(20),`age` INT}, primaryKeys=id, options=()}";
    private static final String FENCE_CREATED =
            "CreateTableEvent{tableId=%s.fence, schema=columns={`id` INT NOT NULL,`note`"
                    + " VARCHAR(20)}, primaryKeys=id, options=()}";

    private static final String ADD_EMAIL_AFTER_NAME =
            "AddColumnEvent{tableId=%s.customers, addedColumns=[ColumnWithPosition{column=`email`"
                    + " VARCHAR(30), position=AFTER, existedColumnName=name}]}";
    private static final String ADD_EMAIL_LAST =
            "AddColumnEvent{tableId=%s.customers, addedColumns=[ColumnWithPosition{column=`email`"
                    + " VARCHAR(30), position=LAST, existedColumnName=null}]}";
    private static final String AGE_TO_DOUBLE =
            "AlterColumnTypeEvent{tableId=%s.customers, typeMapping={age=DOUBLE},"
                    + " oldTypeMapping={age=INT}}";
    private static final String RENAME_AGE =
            "RenameColumnEvent{tableId=%s.customers, nameMapping={age=precise_age}}";
    private static final String ADD_PRECISE_AGE_LAST =
            "AddColumnEvent{tableId=%s.customers, addedColumns=[ColumnWithPosition{column="
                    + "`precise_age` DOUBLE, position=LAST, existedColumnName=null}]}";
    private static final String RENAME_NAME =
            "RenameColumnEvent{tableId=%s.customers, nameMapping={name=full_name}}";
    private static final String ADD_FULL_NAME_LAST =
            "AddColumnEvent{tableId=%s.customers, addedColumns=[ColumnWithPosition{column="
                    + "`full_name` VARCHAR(20), position=LAST, existedColumnName=null}]}";
    private static final String EMAIL_TO_60 =
            "AlterColumnTypeEvent{tableId=%s.customers, typeMapping={email=VARCHAR(60)},"
                    + " oldTypeMapping={email=VARCHAR(30)}}";
    private static final String ADD_CODE_FIRST =
            "AddColumnEvent{tableId=%s.customers, addedColumns=[ColumnWithPosition{column=`code`"
                    + " INT, position=FIRST, existedColumnName=null}]}";
    private static final String ADD_CODE_LAST =
            "AddColumnEvent{tableId=%s.customers, addedColumns=[ColumnWithPosition{column=`code`"
                    + " INT, position=LAST, existedColumnName=null}]}";
    private static final String DROP_EMAIL =
            "DropColumnEvent{tableId=%s.customers, droppedColumnNames=[email]}";
    private static final String TRUNCATE = "TruncateTableEvent{tableId=%s.customers}";
    private static final String DROP_TABLE = "DropTableEvent{tableId=%s.customers}";

    private static final List<String> AS_EMITTED =
            List.of(
                    ADD_EMAIL_AFTER_NAME,
                    AGE_TO_DOUBLE,
                    RENAME_AGE,
                    RENAME_NAME,
                    EMAIL_TO_60,
                    ADD_CODE_FIRST,
                    DROP_EMAIL,
                    TRUNCATE,
                    DROP_TABLE);

    /** The events after the two creates, per behavior (%s is the database). */
    private static final Map<String, List<String>> AFTER_CREATES =
            Map.of(
                    "evolve",
                    AS_EMITTED,
                    // renames become adds (the old column stays), every add goes last, the drops
                    // and the truncate are not applied (LENIENT's default exclusions, SPEC §3)
                    "lenient",
                    List.of(
                            ADD_EMAIL_LAST,
                            AGE_TO_DOUBLE,
                            ADD_PRECISE_AGE_LAST,
                            ADD_FULL_NAME_LAST,
                            EMAIL_TO_60,
                            ADD_CODE_LAST),
                    // the values sink supports every change: nothing to fall back from
                    "try_evolve",
                    AS_EMITTED,
                    "ignore",
                    List.of(),
                    // the job fails on the first ALTER; nothing after the creates reaches the sink
                    "exception",
                    List.of(),
                    "evolve-no-drop",
                    List.of(
                            ADD_EMAIL_AFTER_NAME,
                            AGE_TO_DOUBLE,
                            RENAME_AGE,
                            RENAME_NAME,
                            EMAIL_TO_60,
                            ADD_CODE_FIRST,
                            TRUNCATE));

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "evolve, evolve, ''",
        "lenient, lenient, ''",
        "try_evolve, try_evolve, ''",
        "ignore, ignore, ''",
        "exception, exception, ''",
        "evolve-no-drop, evolve, '  exclude.schema.changes: [drop]'"
    })
    void theSinkReceivesExactlyTheseChanges(String name, String behavior, String sinkOption)
            throws Exception {
        String db = "e2e_maria_bhv_values_" + name.replace('-', '_');
        String output = "target/e2e-maria-behaviors-" + name + ".json";
        String t = db + ".customers";
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement()) {
            List<String> expected = new ArrayList<>();
            expected.add(String.format(CUSTOMERS_CREATED, db));
            expected.add(String.format(FENCE_CREATED, db));
            AFTER_CREATES.get(name).forEach(e -> expected.add(String.format(e, db)));
            Servers.freshDatabase(sql, db);
            sql.execute(
                    "CREATE TABLE "
                            + t
                            + " (id INT NOT NULL PRIMARY KEY, name VARCHAR(20), age INT)");
            sql.execute("INSERT INTO " + t + " VALUES (1, 'ann', 31), (2, 'ben', 32)");
            sql.execute(
                    "CREATE TABLE "
                            + db
                            + ".fence (id INT NOT NULL PRIMARY KEY, note VARCHAR(20))");
            sql.execute("INSERT INTO " + db + ".fence VALUES (1, 'snapshot')");
            try (RunningPipeline pipeline =
                    RunningPipeline.start(
                            Servers.sourceBlock(t + "," + db + ".fence", "")
                                    + "sink:\n  type: values\n  output.path: "
                                    + output
                                    + "\n"
                                    + (sinkOption.isEmpty() ? "" : sinkOption + "\n")
                                    + "pipeline:\n  parallelism: 1\n  schema.change.behavior: "
                                    + behavior
                                    + "\n",
                            1)) {
                assertThat(Await.until(pipeline, () -> fenceRows(output, db), 1)).isEqualTo(1);
                sql.execute("INSERT INTO " + t + " VALUES (3, 'cid', 33)");
                sql.execute("ALTER TABLE " + t + " ADD COLUMN email VARCHAR(30) AFTER name");
                sql.execute(
                        "INSERT INTO " + t + " (id, name, email, age) VALUES (5, 'e', 'e@x', 5)");
                sql.execute("ALTER TABLE " + t + " CHANGE age precise_age DOUBLE");
                sql.execute("ALTER TABLE " + t + " RENAME COLUMN name TO full_name");
                sql.execute("ALTER TABLE " + t + " MODIFY email VARCHAR(60)");
                sql.execute("ALTER TABLE " + t + " ADD COLUMN code INT FIRST");
                sql.execute("ALTER TABLE " + t + " DROP COLUMN email");
                sql.execute("TRUNCATE TABLE " + t);
                sql.execute("INSERT INTO " + t + " (id, full_name) VALUES (11, 'kim')");
                sql.execute("DROP TABLE " + t);
                sql.execute("INSERT INTO " + db + ".fence VALUES (2, 'after the drop')");
                if (behavior.equals("exception")) {
                    assertThat(Await.failure(pipeline)).isNotNull();
                } else {
                    assertThat(Await.until(pipeline, () -> fenceRows(output, db), 2)).isEqualTo(2);
                    // The fence's row does not wait for the customers' changes (a change stalls
                    // only its own table, issue 14): their count is waited for on its own.
                    Await.until(pipeline, () -> schemaChanges(output).size(), expected.size());
                }
            }
            assertThat(schemaChanges(output)).containsExactlyElementsOf(expected);
        }
    }

    private static int fenceRows(String output, String db) throws Exception {
        return store(output).path("tables").path(db + ".fence").path("rows").size();
    }

    private static List<String> schemaChanges(String output) throws Exception {
        List<String> events = new ArrayList<>();
        store(output).path("schemaChanges").forEach(c -> events.add(c.path("event").asText()));
        return events;
    }

    private static JsonNode store(String output) throws Exception {
        return new ObjectMapper().readTree(ValuesStore.forPath(output).toJson());
    }
}
