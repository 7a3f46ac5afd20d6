package dev.schemaop.e2e.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/**
 * One DDL script run on a live MariaDB table under each schema change behavior (README "Behaviors",
 * SPEC §3, §4), into PostgreSQL, as Apache Flink CDC's own e2e suite does: a snapshot, a fence row
 * that proves the binlog is read, then ADD COLUMN .. AFTER, CHANGE age precise_age DOUBLE (a retype
 * and a rename in one statement), RENAME COLUMN, MODIFY (a widening whose next row needs the wider
 * column), ADD COLUMN .. FIRST, DROP COLUMN (with an update and a delete), TRUNCATE and DROP TABLE,
 * with a row after each. After each step the real PostgreSQL table (columns as information_schema
 * has them, every row) must be exactly what the docs say; the expected states are written out
 * literally per behavior. EVOLVE itself is {@link MariaDbToPostgresTest}; here it runs with {@code
 * exclude.schema.changes: [drop]}.
 *
 * <p>A second captured table, {@code fence}, is written after the DROP TABLE: the source has one
 * reader and the pipeline runs at parallelism 1, so once its row is in PostgreSQL the drop was
 * handled, whether it was applied or skipped.
 *
 * <p>EXCEPTION fails the job on the first ALTER with the registry's rejection, and PostgreSQL keeps
 * exactly the rows before it. A last case runs LENIENT on NOT NULL columns (renamed, retyped with
 * no widening, dropped), which the script's table does not have.
 */
class BehaviorsIntoPostgresTest {
    private static final String T = "customers";
    private static final String LONG_EMAIL = "hal.has.a.rather.long.address@example.org";

    /** What one step must leave in PostgreSQL: the columns and every row, or no table. */
    private record State(boolean exists, List<String> columns, List<String> rows) {}

    private static State state(List<String> columns, String... rows) {
        return new State(true, columns, List.of(rows));
    }

    private static final State GONE = new State(false, List.of(), List.of());

    /** The expected state after each step of the script, for one behavior. */
    private record Expected(
            State fence,
            State addAfter,
            State changeAgeToPreciseAgeDouble,
            State renameName,
            State modifyWidening,
            State addFirst,
            State dropColumn,
            State truncate,
            State dropTable) {}

    @Test
    void lenient() throws Exception {
        String db = "e2e_maria_bhv_lenient";
        List<String> initial =
                List.of("id integer NOT NULL", "name character varying(20)", "age integer");
        // ADD .. AFTER name: added nullable at the end (PostgreSQL cannot place it anyway)
        List<String> withEmail =
                List.of(
                        "id integer NOT NULL",
                        "name character varying(20)",
                        "age integer",
                        "email character varying(30)");
        // CHANGE age precise_age DOUBLE = retype age INT -> DOUBLE (a widening, §5: age becomes
        // DOUBLE) + rename age -> precise_age (precise_age added nullable at the end, age kept)
        List<String> withPreciseAge =
                List.of(
                        "id integer NOT NULL",
                        "name character varying(20)",
                        "age double precision",
                        "email character varying(30)",
                        "precise_age double precision");
        List<String> withFullName =
                List.of(
                        "id integer NOT NULL",
                        "name character varying(20)",
                        "age double precision",
                        "email character varying(30)",
                        "precise_age double precision",
                        "full_name character varying(20)");
        List<String> emailWidened =
                List.of(
                        "id integer NOT NULL",
                        "name character varying(20)",
                        "age double precision",
                        "email character varying(60)",
                        "precise_age double precision",
                        "full_name character varying(20)");
        List<String> withCode =
                List.of(
                        "id integer NOT NULL",
                        "name character varying(20)",
                        "age double precision",
                        "email character varying(60)",
                        "precise_age double precision",
                        "full_name character varying(20)",
                        "code integer");
        Expected expected =
                new Expected(
                        state(
                                initial,
                                "id=1, name=ann, age=31",
                                "id=2, name=ben, age=32",
                                "id=3, name=cid, age=33",
                                "id=4, name=dan, age=34"),
                        state(
                                withEmail,
                                "id=1, name=ann, age=31, email=null",
                                "id=2, name=ben, age=32, email=null",
                                "id=3, name=cid, age=33, email=null",
                                "id=4, name=dan, age=34, email=null",
                                "id=5, name=eve, age=35, email=e@x"),
                        state(
                                withPreciseAge,
                                "id=1, name=ann, age=31, email=null, precise_age=null",
                                "id=2, name=ben, age=32, email=null, precise_age=null",
                                "id=3, name=cid, age=33, email=null, precise_age=null",
                                "id=4, name=dan, age=34, email=null, precise_age=null",
                                "id=5, name=eve, age=35, email=e@x, precise_age=null",
                                "id=6, name=fay, age=null, email=f@x, precise_age=36.5"),
                        state(
                                withFullName,
                                "id=1, name=ann, age=31, email=null, precise_age=null,"
                                        + " full_name=null",
                                "id=2, name=ben, age=32, email=null, precise_age=null,"
                                        + " full_name=null",
                                "id=3, name=cid, age=33, email=null, precise_age=null,"
                                        + " full_name=null",
                                "id=4, name=dan, age=34, email=null, precise_age=null,"
                                        + " full_name=null",
                                "id=5, name=eve, age=35, email=e@x, precise_age=null,"
                                        + " full_name=null",
                                "id=6, name=fay, age=null, email=f@x, precise_age=36.5,"
                                        + " full_name=null",
                                "id=7, name=null, age=null, email=g@x, precise_age=37,"
                                        + " full_name=gus"),
                        state(
                                emailWidened,
                                "id=1, name=ann, age=31, email=null, precise_age=null,"
                                        + " full_name=null",
                                "id=2, name=ben, age=32, email=null, precise_age=null,"
                                        + " full_name=null",
                                "id=3, name=cid, age=33, email=null, precise_age=null,"
                                        + " full_name=null",
                                "id=4, name=dan, age=34, email=null, precise_age=null,"
                                        + " full_name=null",
                                "id=5, name=eve, age=35, email=e@x, precise_age=null,"
                                        + " full_name=null",
                                "id=6, name=fay, age=null, email=f@x, precise_age=36.5,"
                                        + " full_name=null",
                                "id=7, name=null, age=null, email=g@x, precise_age=37,"
                                        + " full_name=gus",
                                "id=8, name=null, age=null, email="
                                        + LONG_EMAIL
                                        + ", precise_age=38, full_name=hal"),
                        state(
                                withCode,
                                "id=1, name=ann, age=31, email=null, precise_age=null,"
                                        + " full_name=null, code=null",
                                "id=2, name=ben, age=32, email=null, precise_age=null,"
                                        + " full_name=null, code=null",
                                "id=3, name=cid, age=33, email=null, precise_age=null,"
                                        + " full_name=null, code=null",
                                "id=4, name=dan, age=34, email=null, precise_age=null,"
                                        + " full_name=null, code=null",
                                "id=5, name=eve, age=35, email=e@x, precise_age=null,"
                                        + " full_name=null, code=null",
                                "id=6, name=fay, age=null, email=f@x, precise_age=36.5,"
                                        + " full_name=null, code=null",
                                "id=7, name=null, age=null, email=g@x, precise_age=37,"
                                        + " full_name=gus, code=null",
                                "id=8, name=null, age=null, email="
                                        + LONG_EMAIL
                                        + ", precise_age=38, full_name=hal, code=null",
                                "id=9, name=null, age=null, email=i@x, precise_age=39,"
                                        + " full_name=ivy, code=80"),
                        // DROP COLUMN email: kept (it is nullable already); the update of row 1
                        // writes the whole reshaped row: the columns the source no longer has
                        // (name, age, email) become null
                        state(
                                withCode,
                                "id=1, name=null, age=null, email=null, precise_age=31.5,"
                                        + " full_name=ann, code=null",
                                "id=3, name=cid, age=33, email=null, precise_age=null,"
                                        + " full_name=null, code=null",
                                "id=4, name=dan, age=34, email=null, precise_age=null,"
                                        + " full_name=null, code=null",
                                "id=5, name=eve, age=35, email=e@x, precise_age=null,"
                                        + " full_name=null, code=null",
                                "id=6, name=fay, age=null, email=f@x, precise_age=36.5,"
                                        + " full_name=null, code=null",
                                "id=7, name=null, age=null, email=g@x, precise_age=37,"
                                        + " full_name=gus, code=null",
                                "id=8, name=null, age=null, email="
                                        + LONG_EMAIL
                                        + ", precise_age=38, full_name=hal, code=null",
                                "id=9, name=null, age=null, email=i@x, precise_age=39,"
                                        + " full_name=ivy, code=80",
                                "id=10, name=null, age=null, email=null, precise_age=40,"
                                        + " full_name=jay, code=90"),
                        // TRUNCATE: skipped (LENIENT excludes truncate.table by default)
                        state(
                                withCode,
                                "id=1, name=null, age=null, email=null, precise_age=31.5,"
                                        + " full_name=ann, code=null",
                                "id=3, name=cid, age=33, email=null, precise_age=null,"
                                        + " full_name=null, code=null",
                                "id=4, name=dan, age=34, email=null, precise_age=null,"
                                        + " full_name=null, code=null",
                                "id=5, name=eve, age=35, email=e@x, precise_age=null,"
                                        + " full_name=null, code=null",
                                "id=6, name=fay, age=null, email=f@x, precise_age=36.5,"
                                        + " full_name=null, code=null",
                                "id=7, name=null, age=null, email=g@x, precise_age=37,"
                                        + " full_name=gus, code=null",
                                "id=8, name=null, age=null, email="
                                        + LONG_EMAIL
                                        + ", precise_age=38, full_name=hal, code=null",
                                "id=9, name=null, age=null, email=i@x, precise_age=39,"
                                        + " full_name=ivy, code=80",
                                "id=10, name=null, age=null, email=null, precise_age=40,"
                                        + " full_name=jay, code=90",
                                "id=11, name=null, age=null, email=null, precise_age=41,"
                                        + " full_name=kim, code=110"),
                        // DROP TABLE: skipped (excluded by default): the table and its rows stay
                        state(
                                withCode,
                                "id=1, name=null, age=null, email=null, precise_age=31.5,"
                                        + " full_name=ann, code=null",
                                "id=3, name=cid, age=33, email=null, precise_age=null,"
                                        + " full_name=null, code=null",
                                "id=4, name=dan, age=34, email=null, precise_age=null,"
                                        + " full_name=null, code=null",
                                "id=5, name=eve, age=35, email=e@x, precise_age=null,"
                                        + " full_name=null, code=null",
                                "id=6, name=fay, age=null, email=f@x, precise_age=36.5,"
                                        + " full_name=null, code=null",
                                "id=7, name=null, age=null, email=g@x, precise_age=37,"
                                        + " full_name=gus, code=null",
                                "id=8, name=null, age=null, email="
                                        + LONG_EMAIL
                                        + ", precise_age=38, full_name=hal, code=null",
                                "id=9, name=null, age=null, email=i@x, precise_age=39,"
                                        + " full_name=ivy, code=80",
                                "id=10, name=null, age=null, email=null, precise_age=40,"
                                        + " full_name=jay, code=90",
                                "id=11, name=null, age=null, email=null, precise_age=41,"
                                        + " full_name=kim, code=110"));
        TestLog log = TestLog.open();
        runScript(db, "lenient", "", expected);
        assertThat(ignoredChangeLines(log, db))
                .as("LENIENT leaves truncate.table and drop.table out, with an INFO line each")
                .anySatisfy(line -> assertThat(line).contains("TruncateTableEvent"))
                .anySatisfy(line -> assertThat(line).contains("DropTableEvent"));
        assertThat(discardLines(log, db)).as("LENIENT keeps every value somewhere").isEmpty();
    }

    @Test
    void ignore() throws Exception {
        String db = "e2e_maria_bhv_ignore";
        List<String> columns =
                List.of("id integer NOT NULL", "name character varying(20)", "age integer");
        Expected expected =
                new Expected(
                        state(
                                columns,
                                "id=1, name=ann, age=31",
                                "id=2, name=ben, age=32",
                                "id=3, name=cid, age=33",
                                "id=4, name=dan, age=34"),
                        state(
                                columns,
                                "id=1, name=ann, age=31",
                                "id=2, name=ben, age=32",
                                "id=3, name=cid, age=33",
                                "id=4, name=dan, age=34",
                                "id=5, name=eve, age=35"),
                        // the source has no column age any more: null
                        state(
                                columns,
                                "id=1, name=ann, age=31",
                                "id=2, name=ben, age=32",
                                "id=3, name=cid, age=33",
                                "id=4, name=dan, age=34",
                                "id=5, name=eve, age=35",
                                "id=6, name=fay, age=null"),
                        state(
                                columns,
                                "id=1, name=ann, age=31",
                                "id=2, name=ben, age=32",
                                "id=3, name=cid, age=33",
                                "id=4, name=dan, age=34",
                                "id=5, name=eve, age=35",
                                "id=6, name=fay, age=null",
                                "id=7, name=null, age=null"),
                        state(
                                columns,
                                "id=1, name=ann, age=31",
                                "id=2, name=ben, age=32",
                                "id=3, name=cid, age=33",
                                "id=4, name=dan, age=34",
                                "id=5, name=eve, age=35",
                                "id=6, name=fay, age=null",
                                "id=7, name=null, age=null",
                                "id=8, name=null, age=null"),
                        state(
                                columns,
                                "id=1, name=ann, age=31",
                                "id=2, name=ben, age=32",
                                "id=3, name=cid, age=33",
                                "id=4, name=dan, age=34",
                                "id=5, name=eve, age=35",
                                "id=6, name=fay, age=null",
                                "id=7, name=null, age=null",
                                "id=8, name=null, age=null",
                                "id=9, name=null, age=null"),
                        // the update of row 1 writes the whole reshaped row: name and age null
                        state(
                                columns,
                                "id=1, name=null, age=null",
                                "id=3, name=cid, age=33",
                                "id=4, name=dan, age=34",
                                "id=5, name=eve, age=35",
                                "id=6, name=fay, age=null",
                                "id=7, name=null, age=null",
                                "id=8, name=null, age=null",
                                "id=9, name=null, age=null",
                                "id=10, name=null, age=null"),
                        state(
                                columns,
                                "id=1, name=null, age=null",
                                "id=3, name=cid, age=33",
                                "id=4, name=dan, age=34",
                                "id=5, name=eve, age=35",
                                "id=6, name=fay, age=null",
                                "id=7, name=null, age=null",
                                "id=8, name=null, age=null",
                                "id=9, name=null, age=null",
                                "id=10, name=null, age=null",
                                "id=11, name=null, age=null"),
                        state(
                                columns,
                                "id=1, name=null, age=null",
                                "id=3, name=cid, age=33",
                                "id=4, name=dan, age=34",
                                "id=5, name=eve, age=35",
                                "id=6, name=fay, age=null",
                                "id=7, name=null, age=null",
                                "id=8, name=null, age=null",
                                "id=9, name=null, age=null",
                                "id=10, name=null, age=null",
                                "id=11, name=null, age=null"));
        TestLog log = TestLog.open();
        runScript(db, "ignore", "", expected);
        assertThat(discardLines(log, db))
                .as("IGNORE counts and logs every discarded column once (README: nothing silently)")
                .anySatisfy(line -> assertThat(line).contains("column 'email'"))
                .anySatisfy(line -> assertThat(line).contains("column 'precise_age'"))
                .anySatisfy(line -> assertThat(line).contains("column 'full_name'"))
                .anySatisfy(line -> assertThat(line).contains("column 'code'"));
    }

    @Test
    void tryEvolve() throws Exception {
        // the JDBC sink supports all seven change types: TRY_EVOLVE applies everything
        String db = "e2e_maria_bhv_try_evolve";
        List<String> initial =
                List.of("id integer NOT NULL", "name character varying(20)", "age integer");
        List<String> withEmail =
                List.of(
                        "id integer NOT NULL",
                        "name character varying(20)",
                        "age integer",
                        "email character varying(30)");
        List<String> preciseAge =
                List.of(
                        "id integer NOT NULL",
                        "name character varying(20)",
                        "precise_age double precision",
                        "email character varying(30)");
        List<String> fullName =
                List.of(
                        "id integer NOT NULL",
                        "full_name character varying(20)",
                        "precise_age double precision",
                        "email character varying(30)");
        List<String> widened =
                List.of(
                        "id integer NOT NULL",
                        "full_name character varying(20)",
                        "precise_age double precision",
                        "email character varying(60)");
        List<String> withCode =
                List.of(
                        "id integer NOT NULL",
                        "full_name character varying(20)",
                        "precise_age double precision",
                        "email character varying(60)",
                        "code integer");
        List<String> emailDropped =
                List.of(
                        "id integer NOT NULL",
                        "full_name character varying(20)",
                        "precise_age double precision",
                        "code integer");
        Expected expected =
                new Expected(
                        state(
                                initial,
                                "id=1, name=ann, age=31",
                                "id=2, name=ben, age=32",
                                "id=3, name=cid, age=33",
                                "id=4, name=dan, age=34"),
                        state(
                                withEmail,
                                "id=1, name=ann, age=31, email=null",
                                "id=2, name=ben, age=32, email=null",
                                "id=3, name=cid, age=33, email=null",
                                "id=4, name=dan, age=34, email=null",
                                "id=5, name=eve, age=35, email=e@x"),
                        state(
                                preciseAge,
                                "id=1, name=ann, precise_age=31, email=null",
                                "id=2, name=ben, precise_age=32, email=null",
                                "id=3, name=cid, precise_age=33, email=null",
                                "id=4, name=dan, precise_age=34, email=null",
                                "id=5, name=eve, precise_age=35, email=e@x",
                                "id=6, name=fay, precise_age=36.5, email=f@x"),
                        state(
                                fullName,
                                "id=1, full_name=ann, precise_age=31, email=null",
                                "id=2, full_name=ben, precise_age=32, email=null",
                                "id=3, full_name=cid, precise_age=33, email=null",
                                "id=4, full_name=dan, precise_age=34, email=null",
                                "id=5, full_name=eve, precise_age=35, email=e@x",
                                "id=6, full_name=fay, precise_age=36.5, email=f@x",
                                "id=7, full_name=gus, precise_age=37, email=g@x"),
                        state(
                                widened,
                                "id=1, full_name=ann, precise_age=31, email=null",
                                "id=2, full_name=ben, precise_age=32, email=null",
                                "id=3, full_name=cid, precise_age=33, email=null",
                                "id=4, full_name=dan, precise_age=34, email=null",
                                "id=5, full_name=eve, precise_age=35, email=e@x",
                                "id=6, full_name=fay, precise_age=36.5, email=f@x",
                                "id=7, full_name=gus, precise_age=37, email=g@x",
                                "id=8, full_name=hal, precise_age=38, email=" + LONG_EMAIL),
                        state(
                                withCode,
                                "id=1, full_name=ann, precise_age=31, email=null, code=null",
                                "id=2, full_name=ben, precise_age=32, email=null, code=null",
                                "id=3, full_name=cid, precise_age=33, email=null, code=null",
                                "id=4, full_name=dan, precise_age=34, email=null, code=null",
                                "id=5, full_name=eve, precise_age=35, email=e@x, code=null",
                                "id=6, full_name=fay, precise_age=36.5, email=f@x, code=null",
                                "id=7, full_name=gus, precise_age=37, email=g@x, code=null",
                                "id=8, full_name=hal, precise_age=38, email="
                                        + LONG_EMAIL
                                        + ", code=null",
                                "id=9, full_name=ivy, precise_age=39, email=i@x, code=80"),
                        state(
                                emailDropped,
                                "id=1, full_name=ann, precise_age=31.5, code=null",
                                "id=3, full_name=cid, precise_age=33, code=null",
                                "id=4, full_name=dan, precise_age=34, code=null",
                                "id=5, full_name=eve, precise_age=35, code=null",
                                "id=6, full_name=fay, precise_age=36.5, code=null",
                                "id=7, full_name=gus, precise_age=37, code=null",
                                "id=8, full_name=hal, precise_age=38, code=null",
                                "id=9, full_name=ivy, precise_age=39, code=80",
                                "id=10, full_name=jay, precise_age=40, code=90"),
                        // TRUNCATE applied: only the row written after it
                        state(emailDropped, "id=11, full_name=kim, precise_age=41, code=110"),
                        // DROP TABLE applied
                        GONE);
        runScript(db, "try_evolve", "", expected);
    }

    @Test
    void evolveWithDropsExcluded() throws Exception {
        // exclude.schema.changes: [drop] = drop.column + drop.table (SPEC §4); the rest applied
        String db = "e2e_maria_bhv_evolve_nodrop";
        List<String> initial =
                List.of("id integer NOT NULL", "name character varying(20)", "age integer");
        List<String> withEmail =
                List.of(
                        "id integer NOT NULL",
                        "name character varying(20)",
                        "age integer",
                        "email character varying(30)");
        List<String> preciseAge =
                List.of(
                        "id integer NOT NULL",
                        "name character varying(20)",
                        "precise_age double precision",
                        "email character varying(30)");
        List<String> fullName =
                List.of(
                        "id integer NOT NULL",
                        "full_name character varying(20)",
                        "precise_age double precision",
                        "email character varying(30)");
        List<String> widened =
                List.of(
                        "id integer NOT NULL",
                        "full_name character varying(20)",
                        "precise_age double precision",
                        "email character varying(60)");
        List<String> withCode =
                List.of(
                        "id integer NOT NULL",
                        "full_name character varying(20)",
                        "precise_age double precision",
                        "email character varying(60)",
                        "code integer");
        Expected expected =
                new Expected(
                        state(
                                initial,
                                "id=1, name=ann, age=31",
                                "id=2, name=ben, age=32",
                                "id=3, name=cid, age=33",
                                "id=4, name=dan, age=34"),
                        state(
                                withEmail,
                                "id=1, name=ann, age=31, email=null",
                                "id=2, name=ben, age=32, email=null",
                                "id=3, name=cid, age=33, email=null",
                                "id=4, name=dan, age=34, email=null",
                                "id=5, name=eve, age=35, email=e@x"),
                        state(
                                preciseAge,
                                "id=1, name=ann, precise_age=31, email=null",
                                "id=2, name=ben, precise_age=32, email=null",
                                "id=3, name=cid, precise_age=33, email=null",
                                "id=4, name=dan, precise_age=34, email=null",
                                "id=5, name=eve, precise_age=35, email=e@x",
                                "id=6, name=fay, precise_age=36.5, email=f@x"),
                        state(
                                fullName,
                                "id=1, full_name=ann, precise_age=31, email=null",
                                "id=2, full_name=ben, precise_age=32, email=null",
                                "id=3, full_name=cid, precise_age=33, email=null",
                                "id=4, full_name=dan, precise_age=34, email=null",
                                "id=5, full_name=eve, precise_age=35, email=e@x",
                                "id=6, full_name=fay, precise_age=36.5, email=f@x",
                                "id=7, full_name=gus, precise_age=37, email=g@x"),
                        state(
                                widened,
                                "id=1, full_name=ann, precise_age=31, email=null",
                                "id=2, full_name=ben, precise_age=32, email=null",
                                "id=3, full_name=cid, precise_age=33, email=null",
                                "id=4, full_name=dan, precise_age=34, email=null",
                                "id=5, full_name=eve, precise_age=35, email=e@x",
                                "id=6, full_name=fay, precise_age=36.5, email=f@x",
                                "id=7, full_name=gus, precise_age=37, email=g@x",
                                "id=8, full_name=hal, precise_age=38, email=" + LONG_EMAIL),
                        state(
                                withCode,
                                "id=1, full_name=ann, precise_age=31, email=null, code=null",
                                "id=2, full_name=ben, precise_age=32, email=null, code=null",
                                "id=3, full_name=cid, precise_age=33, email=null, code=null",
                                "id=4, full_name=dan, precise_age=34, email=null, code=null",
                                "id=5, full_name=eve, precise_age=35, email=e@x, code=null",
                                "id=6, full_name=fay, precise_age=36.5, email=f@x, code=null",
                                "id=7, full_name=gus, precise_age=37, email=g@x, code=null",
                                "id=8, full_name=hal, precise_age=38, email="
                                        + LONG_EMAIL
                                        + ", code=null",
                                "id=9, full_name=ivy, precise_age=39, email=i@x, code=80"),
                        // DROP COLUMN email excluded: the column stays, later rows have null
                        state(
                                withCode,
                                "id=1, full_name=ann, precise_age=31.5, email=null, code=null",
                                "id=3, full_name=cid, precise_age=33, email=null, code=null",
                                "id=4, full_name=dan, precise_age=34, email=null, code=null",
                                "id=5, full_name=eve, precise_age=35, email=e@x, code=null",
                                "id=6, full_name=fay, precise_age=36.5, email=f@x, code=null",
                                "id=7, full_name=gus, precise_age=37, email=g@x, code=null",
                                "id=8, full_name=hal, precise_age=38, email="
                                        + LONG_EMAIL
                                        + ", code=null",
                                "id=9, full_name=ivy, precise_age=39, email=i@x, code=80",
                                "id=10, full_name=jay, precise_age=40, email=null, code=90"),
                        // TRUNCATE is not excluded: applied
                        state(
                                withCode,
                                "id=11, full_name=kim, precise_age=41, email=null, code=110"),
                        // DROP TABLE excluded: the table stays
                        state(
                                withCode,
                                "id=11, full_name=kim, precise_age=41, email=null, code=110"));
        TestLog log = TestLog.open();
        runScript(db, "evolve", "  exclude.schema.changes: [drop]\n", expected);
        assertThat(ignoredChangeLines(log, db))
                .as("each excluded change type is logged once (SPEC §4)")
                .anySatisfy(line -> assertThat(line).contains("DropColumnEvent"))
                .anySatisfy(line -> assertThat(line).contains("DropTableEvent"));
    }

    @Test
    void exceptionFailsOnTheFirstAlterWithEveryEarlierRowInPostgres() throws Exception {
        String db = "e2e_maria_bhv_exception";
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement();
                PostgresTables pg = PostgresTables.fresh(db)) {
            createSource(sql, db);
            try (RunningPipeline pipeline =
                    RunningPipeline.start(definition(db, "exception", ""), 1)) {
                List<String> beforeAlter =
                        List.of(
                                "id=1, name=ann, age=31",
                                "id=2, name=ben, age=32",
                                "id=3, name=cid, age=33",
                                "id=4, name=dan, age=34");
                assertThat(Await.until(pipeline, () -> pg.rows(T).size(), 3))
                        .as("the snapshot")
                        .isEqualTo(3);
                sql.execute("INSERT INTO " + db + ".customers VALUES (4, 'dan', 34)");
                assertThat(Await.until(pipeline, () -> pg.rows(T), beforeAlter))
                        .as("the fence row: the binlog is read")
                        .isEqualTo(beforeAlter);

                sql.execute(
                        "ALTER TABLE " + db + ".customers ADD COLUMN email VARCHAR(30) AFTER name");
                sql.execute(
                        "INSERT INTO "
                                + db
                                + ".customers (id, name, email, age) VALUES (5, 'eve', 'e@x', 35)");

                Throwable failure = Await.failure(pipeline);
                assertThat(failure).as("the job failed").isNotNull();
                String messages = messagesOf(failure);
                assertThat(messages)
                        .as("the registry's rejection, naming the change and the table")
                        .contains(
                                "Schema change add.column of table "
                                        + db
                                        + ".customers is rejected: pipeline.schema.change.behavior"
                                        + " is exception")
                        .contains("Change: AddColumnEvent{tableId=" + db + ".customers")
                        .as("the current and the new schema side by side")
                        .containsPattern("column +\\| current +\\| after change")
                        .containsPattern("email +\\| - +\\| VARCHAR\\(30\\)")
                        .as("the options that let it through")
                        .contains("exclude.schema.changes: [add.column]");
                assertThat(pg.rows(T))
                        .as("exactly the rows before the ALTER, none after")
                        .isEqualTo(beforeAlter);
                assertThat(pg.columns(T))
                        .as("no DDL reached PostgreSQL")
                        .containsExactly(
                                "id integer NOT NULL", "name character varying(20)", "age integer");
            }
        }
    }

    /**
     * LENIENT on NOT NULL columns, which the script above does not have: a renamed or dropped NOT
     * NULL column is made nullable (later rows carry null there), and a retype that is no widening
     * (INT -> VARCHAR, §5) keeps the old column, nullable, as {@code age_integer} (the type root in
     * lower case, docs/DECISIONS.md) and adds the new one nullable at the end.
     */
    @Test
    void lenientRelaxesNotNullColumnsAndKeepsALossyRetypeAside() throws Exception {
        String db = "e2e_maria_bhv_lenient_not_null";
        String t = db + ".customers";
        SoftAssertions softly = new SoftAssertions();
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement();
                PostgresTables pg = PostgresTables.fresh(db)) {
            Servers.freshDatabase(sql, db);
            sql.execute(
                    "CREATE TABLE "
                            + t
                            + " (id INT NOT NULL PRIMARY KEY, name VARCHAR(20) NOT NULL, age INT NOT"
                            + " NULL, score INT NOT NULL)");
            sql.execute("INSERT INTO " + t + " VALUES (1, 'ann', 31, 100)");
            try (RunningPipeline pipeline =
                    RunningPipeline.start(
                            Servers.sourceBlock(t, "")
                                    + Servers.postgresSinkBlock()
                                    + "pipeline:\n  parallelism: 1\n  schema.change.behavior: lenient\n",
                            1)) {
                reach(pipeline, "the snapshot", () -> hasRow(pg, 1));
                sql.execute("INSERT INTO " + t + " VALUES (2, 'ben', 32, 200)");
                reach(pipeline, "the fence row", () -> hasRow(pg, 2));
                check(
                        softly,
                        pg,
                        "after the fence row",
                        state(
                                List.of(
                                        "id integer NOT NULL",
                                        "name character varying(20) NOT NULL",
                                        "age integer NOT NULL",
                                        "score integer NOT NULL"),
                                "id=1, name=ann, age=31, score=100",
                                "id=2, name=ben, age=32, score=200"));

                sql.execute("ALTER TABLE " + t + " RENAME COLUMN name TO full_name");
                sql.execute(
                        "INSERT INTO "
                                + t
                                + " (id, full_name, age, score) VALUES (3, 'cid', 33, 300)");
                reach(pipeline, "RENAME COLUMN name TO full_name", () -> hasRow(pg, 3));
                check(
                        softly,
                        pg,
                        "after RENAME COLUMN of a NOT NULL column",
                        state(
                                List.of(
                                        "id integer NOT NULL",
                                        "name character varying(20)",
                                        "age integer NOT NULL",
                                        "score integer NOT NULL",
                                        "full_name character varying(20)"),
                                "id=1, name=ann, age=31, score=100, full_name=null",
                                "id=2, name=ben, age=32, score=200, full_name=null",
                                "id=3, name=null, age=33, score=300, full_name=cid"));

                sql.execute("ALTER TABLE " + t + " MODIFY age VARCHAR(10) NOT NULL");
                sql.execute(
                        "INSERT INTO "
                                + t
                                + " (id, full_name, age, score) VALUES (4, 'dan', 'forty', 400)");
                reach(pipeline, "MODIFY age VARCHAR(10) NOT NULL", () -> hasRow(pg, 4));
                check(
                        softly,
                        pg,
                        "after a retype INT -> VARCHAR (no widening)",
                        state(
                                List.of(
                                        "id integer NOT NULL",
                                        "name character varying(20)",
                                        "age_integer integer",
                                        "score integer NOT NULL",
                                        "full_name character varying(20)",
                                        "age character varying(10)"),
                                "id=1, name=ann, age_integer=31, score=100, full_name=null,"
                                        + " age=null",
                                "id=2, name=ben, age_integer=32, score=200, full_name=null,"
                                        + " age=null",
                                "id=3, name=null, age_integer=33, score=300, full_name=cid,"
                                        + " age=null",
                                "id=4, name=null, age_integer=null, score=400, full_name=dan,"
                                        + " age=forty"));

                sql.execute("ALTER TABLE " + t + " DROP COLUMN score");
                sql.execute("INSERT INTO " + t + " (id, full_name, age) VALUES (5, 'eve', '50')");
                reach(pipeline, "DROP COLUMN score", () -> hasRow(pg, 5));
                check(
                        softly,
                        pg,
                        "after DROP COLUMN of a NOT NULL column",
                        state(
                                List.of(
                                        "id integer NOT NULL",
                                        "name character varying(20)",
                                        "age_integer integer",
                                        "score integer",
                                        "full_name character varying(20)",
                                        "age character varying(10)"),
                                "id=1, name=ann, age_integer=31, score=100, full_name=null,"
                                        + " age=null",
                                "id=2, name=ben, age_integer=32, score=200, full_name=null,"
                                        + " age=null",
                                "id=3, name=null, age_integer=33, score=300, full_name=cid,"
                                        + " age=null",
                                "id=4, name=null, age_integer=null, score=400, full_name=dan,"
                                        + " age=forty",
                                "id=5, name=null, age_integer=null, score=null, full_name=eve,"
                                        + " age=50"));
                pipeline.assertRunning();
            }
        } catch (Throwable stopped) {
            softly.fail("The script stopped: " + stopped, stopped);
        }
        softly.assertAll();
    }

    // ------------------------------------------------------------------ the script

    private static void createSource(Statement sql, String db) throws SQLException {
        Servers.freshDatabase(sql, db);
        sql.execute(
                "CREATE TABLE "
                        + db
                        + ".customers (id INT NOT NULL PRIMARY KEY, name VARCHAR(20), age INT)");
        sql.execute(
                "INSERT INTO "
                        + db
                        + ".customers VALUES (1, 'ann', 31), (2, 'ben', 32), (3, 'cid', 33)");
        sql.execute(
                "CREATE TABLE " + db + ".fence (id INT NOT NULL PRIMARY KEY, note VARCHAR(20))");
        sql.execute("INSERT INTO " + db + ".fence VALUES (1, 'snapshot')");
    }

    private static String definition(String db, String behavior, String sinkOptions) {
        return Servers.sourceBlock(db + ".customers," + db + ".fence", "")
                + Servers.postgresSinkBlock(Servers.POSTGRES_URL, sinkOptions)
                + "pipeline:\n  parallelism: 1\n  schema.change.behavior: "
                + behavior
                + "\n";
    }

    /**
     * Runs the script; after each step waits until the step's last event shows in PostgreSQL, then
     * checks the whole table. Differences are collected, so one run reports every step that does
     * not match.
     */
    private static void runScript(String db, String behavior, String sinkOptions, Expected e)
            throws Exception {
        String t = db + ".customers";
        SoftAssertions softly = new SoftAssertions();
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement();
                PostgresTables pg = PostgresTables.fresh(db)) {
            createSource(sql, db);
            try (RunningPipeline pipeline =
                    RunningPipeline.start(definition(db, behavior, sinkOptions), 1)) {
                reach(
                        pipeline,
                        "the snapshot",
                        () -> hasRow(pg, 3) && pg.rows("fence").size() == 1);

                sql.execute("INSERT INTO " + t + " VALUES (4, 'dan', 34)");
                reach(pipeline, "the fence row", () -> hasRow(pg, 4));
                check(softly, pg, "after the fence row", e.fence());

                sql.execute("ALTER TABLE " + t + " ADD COLUMN email VARCHAR(30) AFTER name");
                sql.execute(
                        "INSERT INTO "
                                + t
                                + " (id, name, email, age) VALUES (5, 'eve', 'e@x', 35)");
                reach(pipeline, "ADD COLUMN email AFTER name", () -> hasRow(pg, 5));
                check(softly, pg, "after ADD COLUMN email VARCHAR(30) AFTER name", e.addAfter());

                sql.execute("ALTER TABLE " + t + " CHANGE age precise_age DOUBLE");
                sql.execute(
                        "INSERT INTO "
                                + t
                                + " (id, name, email, precise_age) VALUES (6, 'fay', 'f@x', 36.5)");
                reach(pipeline, "CHANGE age precise_age DOUBLE", () -> hasRow(pg, 6));
                check(
                        softly,
                        pg,
                        "after CHANGE age precise_age DOUBLE",
                        e.changeAgeToPreciseAgeDouble());

                sql.execute("ALTER TABLE " + t + " RENAME COLUMN name TO full_name");
                sql.execute(
                        "INSERT INTO "
                                + t
                                + " (id, full_name, email, precise_age) VALUES (7, 'gus', 'g@x',"
                                + " 37)");
                reach(pipeline, "RENAME COLUMN name TO full_name", () -> hasRow(pg, 7));
                check(softly, pg, "after RENAME COLUMN name TO full_name", e.renameName());

                sql.execute("ALTER TABLE " + t + " MODIFY email VARCHAR(60)");
                sql.execute(
                        "INSERT INTO "
                                + t
                                + " (id, full_name, email, precise_age) VALUES (8, 'hal', '"
                                + LONG_EMAIL
                                + "', 38)");
                reach(pipeline, "MODIFY email VARCHAR(60)", () -> hasRow(pg, 8));
                check(softly, pg, "after MODIFY email VARCHAR(60)", e.modifyWidening());

                sql.execute("ALTER TABLE " + t + " ADD COLUMN code INT FIRST");
                sql.execute(
                        "INSERT INTO "
                                + t
                                + " (code, id, full_name, email, precise_age) VALUES (80, 9, 'ivy',"
                                + " 'i@x', 39)");
                reach(pipeline, "ADD COLUMN code INT FIRST", () -> hasRow(pg, 9));
                check(softly, pg, "after ADD COLUMN code INT FIRST", e.addFirst());

                sql.execute("ALTER TABLE " + t + " DROP COLUMN email");
                sql.execute(
                        "INSERT INTO "
                                + t
                                + " (code, id, full_name, precise_age) VALUES (90, 10, 'jay', 40)");
                sql.execute("UPDATE " + t + " SET precise_age = 31.5 WHERE id = 1");
                sql.execute("DELETE FROM " + t + " WHERE id = 2");
                reach(pipeline, "DROP COLUMN email, an update, a delete", () -> !hasRow(pg, 2));
                check(
                        softly,
                        pg,
                        "after DROP COLUMN email, UPDATE id 1, DELETE id 2",
                        e.dropColumn());

                sql.execute("TRUNCATE TABLE " + t);
                sql.execute(
                        "INSERT INTO "
                                + t
                                + " (code, id, full_name, precise_age) VALUES (110, 11, 'kim', 41)");
                reach(pipeline, "TRUNCATE TABLE", () -> hasRow(pg, 11));
                check(softly, pg, "after TRUNCATE TABLE and a row", e.truncate());

                sql.execute("DROP TABLE " + t);
                sql.execute("INSERT INTO " + db + ".fence VALUES (2, 'after the drop')");
                // The fence's row does not wait for the customers' drop (a change stalls only its
                // own table, issue 14): the drop's effect is waited for on its own.
                reach(
                        pipeline,
                        "DROP TABLE",
                        () -> pg.rows("fence").size() == 2 && holds(pg, e.dropTable()));
                check(softly, pg, "after DROP TABLE", e.dropTable());
                pipeline.assertRunning();
            }
        } catch (Throwable stopped) {
            softly.fail("The script stopped: " + stopped, stopped);
        }
        softly.assertAll();
    }

    private static boolean hasRow(PostgresTables pg, int id) throws SQLException {
        String prefix = "id=" + id + ",";
        return pg.rows(T).stream().anyMatch(row -> row.startsWith(prefix));
    }

    private static void reach(RunningPipeline pipeline, String what, Callable<Boolean> marker)
            throws Exception {
        Boolean reached = Await.until(pipeline, marker, true);
        assertThat(reached).as("PostgreSQL shows the effect of " + what).isEqualTo(Boolean.TRUE);
    }

    /** Whether the table is as {@code state} says: what {@link #check} asserts. */
    private static boolean holds(PostgresTables pg, State state) throws SQLException {
        return pg.exists(T) == state.exists()
                && (!state.exists()
                        || (pg.columns(T).equals(state.columns())
                                && pg.rows(T).equals(state.rows())));
    }

    private static void check(SoftAssertions softly, PostgresTables pg, String when, State state)
            throws SQLException {
        softly.assertThat(pg.exists(T)).as("the table exists " + when).isEqualTo(state.exists());
        if (state.exists() && pg.exists(T)) {
            softly.assertThat(pg.columns(T)).as("columns " + when).isEqualTo(state.columns());
            softly.assertThat(pg.rows(T)).as("rows " + when).isEqualTo(state.rows());
        }
    }

    // ------------------------------------------------------------------ failures and logs

    /** Waits until the job is over; returns its failure (null if it did not fail in time). */
    private static String messagesOf(Throwable failure) {
        List<String> messages = new ArrayList<>();
        for (Throwable t = failure; t != null && messages.size() < 30; t = t.getCause()) {
            messages.add(t.getClass().getName() + ": " + t.getMessage());
        }
        return String.join("\n caused by ", messages);
    }

    private static List<String> ignoredChangeLines(TestLog log, String db) throws Exception {
        return linesOf(log, "Ignored schema change", db + ".customers");
    }

    private static List<String> discardLines(TestLog log, String db) throws Exception {
        return linesOf(log, "Discarding values of column", db + ".customers");
    }

    private static List<String> linesOf(TestLog log, String start, String table) throws Exception {
        return log.sinceOpened()
                .lines()
                .filter(line -> line.contains(start) && line.contains(table))
                .collect(Collectors.toList());
    }
}
