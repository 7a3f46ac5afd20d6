package dev.schemaop.e2e.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.api.NonRecoverableException;
import dev.schemaop.e2e.mariadb.Await;
import dev.schemaop.e2e.mariadb.PostgresTables;
import dev.schemaop.e2e.mariadb.RunningPipeline;
import dev.schemaop.e2e.mariadb.Servers;

import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

/**
 * The source as a user who is no superuser, so without the DDL capture's event trigger: schema
 * changes are read from the Relation message before the first row written after them, each column
 * told by its attnum, a dropped table from the heartbeat's list of the publication's tables. Under
 * EVOLVE into PostgreSQL: the sink ends with the source's columns and rows; what a Relation message
 * cannot say for sure ends the job with what to do.
 */
class RelationCaptureTest {
    private static final String DB = "e2e_pgsrc_relation";
    private static final String SINK = "e2e_pgsrc_relation_sink";

    @TempDir Path savepoints;

    @Test
    void eachChangeReachesTheSinkWithTheFirstRowAfterIt() throws Exception {
        try (SourceDatabase source = SourceDatabase.fresh(DB);
                PostgresTables pg = PostgresTables.fresh(SINK)) {
            source.execute(
                    "CREATE TABLE customers (id INT PRIMARY KEY, name VARCHAR(20), age INT)");
            source.execute(
                    "INSERT INTO customers VALUES (1, 'ann', 31), (2, 'ben', 32), (3, 'cid', 33)");
            source.execute("CREATE TABLE idle (id INT PRIMARY KEY, v TEXT)");
            source.execute("INSERT INTO idle VALUES (1, 'one')");
            source.execute("CREATE TABLE gone (id INT PRIMARY KEY)");
            source.execute("INSERT INTO gone VALUES (1)");
            String user = source.replicatingOwnerOf("customers", "idle", "gone");

            try (RunningPipeline pipeline = RunningPipeline.start(pipeline(source, user, ""), 1)) {
                assertThat(Await.until(pipeline, () -> pg.rows("customers").size(), 3))
                        .as("the snapshot")
                        .isEqualTo(3);
                assertThat(source.rows("SELECT count(*) AS triggers FROM pg_event_trigger"))
                        .as("no event trigger: the user may not make one")
                        .containsExactly("triggers=0");

                CustomerChanges.run(source);
                List<String> expected = CustomerChanges.rows();
                assertThat(Await.until(pipeline, () -> pg.rows("customers"), expected))
                        .isEqualTo(expected);
                assertThat(pg.columns("customers")).isEqualTo(CustomerChanges.COLUMNS);

                // dropped and added again under the same name and type, between two rows: only
                // the attnum shows that the old values are gone
                source.execute("ALTER TABLE customers DROP COLUMN age");
                source.execute("ALTER TABLE customers ADD COLUMN age BIGINT");
                source.execute("INSERT INTO customers VALUES (8, 'hal', 38)");
                List<String> readded =
                        List.of(
                                "id=1, full_name=ann, age=null",
                                "id=3, full_name=cid, age=null",
                                "id=5, full_name=eve, age=null",
                                "id=6, full_name=fay, age=null",
                                "id=7, full_name=gus, age=null",
                                "id=8, full_name=hal, age=38");
                assertThat(Await.until(pipeline, () -> pg.rows("customers"), readded))
                        .isEqualTo(readded);

                // an idle table's DDL is seen with its next row, a rename as a rename
                source.execute("ALTER TABLE idle RENAME COLUMN v TO w");
                source.execute("ALTER TABLE idle ADD COLUMN extra INT");
                source.execute("INSERT INTO customers VALUES (9, 'ivy', 39)");
                assertThat(Await.until(pipeline, () -> pg.rows("customers").size(), 7))
                        .isEqualTo(7);
                assertThat(pg.columns("idle"))
                        .as("not before a row of it")
                        .containsExactly("id integer NOT NULL", "v text");
                source.execute("INSERT INTO idle VALUES (2, 'two', 2)");
                List<String> idle = List.of("id=1, w=one, extra=null", "id=2, w=two, extra=2");
                assertThat(Await.until(pipeline, () -> pg.rows("idle"), idle)).isEqualTo(idle);
                assertThat(pg.columns("idle"))
                        .containsExactly("id integer NOT NULL", "w text", "extra integer");

                source.execute("TRUNCATE customers");
                source.execute("INSERT INTO customers VALUES (10, 'jay', 40)");
                List<String> afterTruncate = List.of("id=10, full_name=jay, age=40");
                assertThat(Await.until(pipeline, () -> pg.rows("customers"), afterTruncate))
                        .isEqualTo(afterTruncate);

                // a dropped table: the heartbeat's list of the publication's tables lacks it
                source.execute("DROP TABLE gone");
                assertThat(Await.until(pipeline, () -> pg.exists("gone"), false)).isFalse();

                // a table renamed out of the patterns leaves the pipeline at its next row
                source.execute("ALTER TABLE idle RENAME TO idle_archive");
                source.execute("INSERT INTO idle_archive VALUES (3, 'three', 3)");
                assertThat(Await.until(pipeline, () -> pg.exists("idle"), false)).isFalse();
                assertThat(pg.exists("idle_archive")).isFalse();
                pipeline.assertRunning();
            }
        }
    }

    /**
     * Rows and DDL while the job is stopped, read after a restore, when the catalog has moved on:
     * rows written before a change keep the layout the pipeline knows, a column added before the
     * rows and renamed after is placed by its attnum, and a layout that more than one history
     * explains (a column dropped and another added, then renamed) ends the job, never guessed.
     */
    @Test
    void aCatalogThatMovedOnIsReadByAttnumOrEndsTheJob() throws Exception {
        try (SourceDatabase source = SourceDatabase.fresh(DB);
                PostgresTables pg = PostgresTables.fresh(SINK)) {
            source.execute("CREATE TABLE t (id INT PRIMARY KEY, v TEXT)");
            source.execute("INSERT INTO t VALUES (1, 'a')");
            String user = source.replicatingOwnerOf("t");
            String definition = pipeline(source, user, "  schema-changes.capture: relation\n");

            List<String> renamed =
                    List.of(
                            "id=1, v=a, n=null, y=null",
                            "id=2, v=b, n=null, y=null",
                            "id=3, v=c, n=three, y=null",
                            "id=4, v=d, n=four, y=4.50",
                            "id=5, v=e, n=five, y=5.00");
            String savepoint;
            try (RunningPipeline pipeline = RunningPipeline.start(definition, 1)) {
                assertThat(Await.until(pipeline, () -> pg.rows("t").size(), 1)).isEqualTo(1);
                savepoint = pipeline.stopWithSavepoint(savepoints);
            }
            source.execute("INSERT INTO t VALUES (2, 'b')");
            source.execute("ALTER TABLE t ADD COLUMN n VARCHAR(12)");
            source.execute("INSERT INTO t VALUES (3, 'c', 'three')");
            source.execute("ALTER TABLE t ADD COLUMN x NUMERIC(9, 2)");
            source.execute("INSERT INTO t VALUES (4, 'd', 'four', 4.5)");
            source.execute("ALTER TABLE t RENAME COLUMN x TO y");
            source.execute("ALTER TABLE t ALTER COLUMN n TYPE VARCHAR(40)");
            try (RunningPipeline pipeline = RunningPipeline.start(definition, 1, savepoint)) {
                List<String> expected =
                        List.of(
                                "id=1, v=a, n=null, x=null",
                                "id=2, v=b, n=null, x=null",
                                "id=3, v=c, n=three, x=null",
                                "id=4, v=d, n=four, x=4.50");
                assertThat(Await.until(pipeline, () -> pg.rows("t"), expected)).isEqualTo(expected);
                assertThat(pg.columns("t"))
                        .as("the types the rows were written with, not the catalog's now")
                        .containsExactly(
                                "id integer NOT NULL",
                                "v text",
                                "n character varying(12)",
                                "x numeric(9,2)");
                source.execute("INSERT INTO t VALUES (5, 'e', 'five', 5)");
                assertThat(Await.until(pipeline, () -> pg.rows("t"), renamed)).isEqualTo(renamed);
                assertThat(pg.columns("t"))
                        .containsExactly(
                                "id integer NOT NULL",
                                "v text",
                                "n character varying(40)",
                                "y numeric(9,2)");
                savepoint = pipeline.stopWithSavepoint(savepoints);
            }

            source.execute("ALTER TABLE t DROP COLUMN n");
            source.execute("ALTER TABLE t ADD COLUMN z INT");
            source.execute("INSERT INTO t VALUES (6, 'f', 6, 6)");
            source.execute("ALTER TABLE t RENAME COLUMN z TO w");
            try (RunningPipeline pipeline = RunningPipeline.start(definition, 1, savepoint)) {
                assertEndsWith(
                        pipeline,
                        "The postgres source (schema-changes.capture: relation) reads"
                                + " rows of public.t with the columns [id int4, v text,"
                                + " y numeric, z int4], but the catalog has [id int4, v"
                                + " text, y numeric, w int4] now and the pipeline knows"
                                + " [id integer, v text, n character varying(40), y"
                                + " numeric(9,2)]: the table changed again before the"
                                + " source read the rows written between its changes,"
                                + " and a Relation message does not tell which column is"
                                + " which. Start the pipeline with --fresh (a new"
                                + " snapshot), or let it see each DDL in order with"
                                + " schema-changes.capture: event-trigger (as a"
                                + " superuser).");
            }
            assertThat(pg.rows("t")).as("nothing of the row it could not place").isEqualTo(renamed);
        }
    }

    /**
     * Columns of every kind added, written and dropped while the job is stopped: the catalog keeps
     * only their attnums and modifiers, and the source rebuilds each type from the Relation message
     * (Debezium's type name, length and scale): the sink columns are the ones a snapshot of the
     * same columns makes, and the values the same.
     */
    @Test
    void columnsDroppedSinceTheRowsGetTheTypesTheRowsHad() throws Exception {
        try (SourceDatabase source = SourceDatabase.fresh(DB);
                PostgresTables pg = PostgresTables.fresh(SINK)) {
            String columns =
                    "n NUMERIC, d NUMERIC(9,2), ts TIMESTAMP(3), tz TIMESTAMPTZ(0), tm TIME(2),"
                            + " vc VARCHAR(12), ch CHAR(3), mood \"Mood\", ints INT[], txt TEXT,"
                            + " b BOOLEAN, f REAL";
            String values =
                    "12345678901234.5, 4.5, TIMESTAMP '2026-12-06 10:11:12.345',"
                            + " TIMESTAMPTZ '2026-12-06 10:11:12Z', TIME '10:11:12.34', 'twelve',"
                            + " 'abc', 'Sad', ARRAY[1, 2], 'text', true, 1.5";
            source.execute("CREATE TYPE \"Mood\" AS ENUM ('Ok', 'Sad')");
            source.execute("CREATE TABLE reference (id INT PRIMARY KEY, " + columns + ")");
            source.execute("INSERT INTO reference VALUES (2, " + values + ")");
            source.execute("CREATE TABLE t (id INT PRIMARY KEY)");
            source.execute("INSERT INTO t VALUES (1)");
            String user = source.replicatingOwnerOf("t", "reference");
            String definition = pipeline(source, user, "");

            String savepoint;
            try (RunningPipeline pipeline = RunningPipeline.start(definition, 1)) {
                assertThat(Await.until(pipeline, () -> pg.rows("t").size(), 1)).isEqualTo(1);
                assertThat(Await.until(pipeline, () -> pg.rows("reference").size(), 1))
                        .isEqualTo(1);
                savepoint = pipeline.stopWithSavepoint(savepoints);
            }
            source.execute("ALTER TABLE t ADD COLUMN " + columns.replace(", ", ", ADD COLUMN "));
            source.execute("INSERT INTO t VALUES (2, " + values + ")");
            source.execute(
                    "ALTER TABLE t DROP COLUMN n, DROP COLUMN d, DROP COLUMN ts,"
                            + " DROP COLUMN tz, DROP COLUMN tm, DROP COLUMN vc, DROP COLUMN ch,"
                            + " DROP COLUMN mood, DROP COLUMN ints, DROP COLUMN txt, DROP COLUMN b,"
                            + " DROP COLUMN f");
            try (RunningPipeline pipeline = RunningPipeline.start(definition, 1, savepoint)) {
                assertThat(Await.until(pipeline, () -> pg.rows("t").size(), 2)).isEqualTo(2);
                assertThat(pg.columns("reference"))
                        .as("every column, from the snapshot")
                        .hasSize(13);
                assertThat(pg.columns("t")).isEqualTo(pg.columns("reference"));
                assertThat(pg.rows("t"))
                        .containsExactly(
                                "id=1, n=null, d=null, ts=null, tz=null, tm=null, vc=null,"
                                        + " ch=null, mood=null, ints=null, txt=null, b=null,"
                                        + " f=null",
                                pg.rows("reference").get(0));
                pipeline.assertRunning();
                savepoint = pipeline.stopWithSavepoint(savepoints);
            }

            // restored by a superuser, the source would see DDL through the event trigger, whose
            // log the slot's publication lacks
            String asSuperuser = pipeline(source, Servers.POSTGRES_USER, "");
            try (RunningPipeline pipeline = RunningPipeline.start(asSuperuser, 1, savepoint)) {
                assertEndsWith(
                        pipeline,
                        "The job restores a checkpoint of a pipeline that read DDL from"
                                + " Relation messages, and this start would see it"
                                + " through the event trigger, whose log the slot's"
                                + " publication lacks: DDL would go unseen. Restore it"
                                + " with schema-changes.capture: relation, or start the"
                                + " pipeline anew with --fresh.");
            }
        }
    }

    /** The job ends with one message, not restarted. */
    private static void assertEndsWith(RunningPipeline pipeline, String message) throws Exception {
        Throwable failure = Await.failure(pipeline);
        assertThat(failure).as("the job ended").isNotNull();
        assertThat(ExceptionUtils.findThrowable(failure, NonRecoverableException.class))
                .get()
                .extracting(Throwable::getMessage)
                .isEqualTo(message);
    }

    private static String pipeline(SourceDatabase source, String user, String sourceOptions) {
        String password = user.equals(Servers.POSTGRES_USER) ? Servers.POSTGRES_PASSWORD : user;
        return source.sourceBlock(
                        user,
                        password,
                        "public.(customers|idle|gone|t|reference)",
                        DB,
                        sourceOptions)
                + Servers.postgresSinkBlock()
                + "route:\n  - source-table: public.\\.*\n    sink-table: "
                + SINK
                + ".<>\n    replace-symbol: <>\n"
                + "pipeline:\n  parallelism: 1\n  schema.change.behavior: evolve\n";
    }
}
