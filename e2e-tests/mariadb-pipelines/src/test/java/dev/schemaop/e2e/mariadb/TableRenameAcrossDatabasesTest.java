package dev.schemaop.e2e.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;

/**
 * A table renamed by a statement that names it without its database, run in its database ({@code
 * USE a; RENAME TABLE t TO b.u}): the old name is the table of the database the statement ran in,
 * not of the new name's, so it is dropped at the sink; and a table renamed into a database the
 * source does not capture (a statement of which Debezium emits no record) is dropped too, so that a
 * new table of the old name starts without the old rows.
 */
class TableRenameAcrossDatabasesTest {
    private static final String DB_A = "e2e_maria_src_mv_a";
    private static final String DB_B = "e2e_maria_src_mv_b";
    private static final String OUTSIDE = "e2e_maria_src_mv_outside";

    @Test
    void renamesNameTheOldTableInTheStatementsDatabase() throws Exception {
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement();
                PostgresTables pgA = PostgresTables.fresh(DB_A);
                PostgresTables pgB = PostgresTables.fresh(DB_B)) {
            for (String db : List.of(DB_A, DB_B, OUTSIDE)) {
                Servers.freshDatabase(sql, db);
            }
            sql.execute("CREATE TABLE " + DB_A + ".t (id INT NOT NULL PRIMARY KEY, v VARCHAR(10))");
            sql.execute("INSERT INTO " + DB_A + ".t VALUES (1, 'a')");
            sql.execute("CREATE TABLE " + DB_A + ".m (id INT NOT NULL PRIMARY KEY, v VARCHAR(10))");
            sql.execute("INSERT INTO " + DB_A + ".m VALUES (1, 'old')");

            try (RunningPipeline pipeline =
                    RunningPipeline.start(
                            Servers.sourceBlock("e2e_maria_src_mv_[ab].\\.*", "")
                                    + Servers.postgresSinkBlock()
                                    + "pipeline:\n  parallelism: 1\n  schema.change.behavior: evolve\n",
                            1)) {
                assertThat(Await.until(pipeline, () -> pgA.rows("m"), List.of("id=1, v=old")))
                        .containsExactly("id=1, v=old");
                assertThat(Await.until(pipeline, () -> pgA.rows("t"), List.of("id=1, v=a")))
                        .containsExactly("id=1, v=a");

                sql.execute("USE " + DB_A);
                sql.execute("RENAME TABLE t TO " + DB_B + ".u");
                sql.execute("INSERT INTO " + DB_B + ".u VALUES (2, 'b')");
                assertThat(Await.until(pipeline, () -> pgB.rows("u"), List.of("id=2, v=b")))
                        .as("the renamed table starts anew, with the rows after the rename")
                        .containsExactly("id=2, v=b");
                assertThat(Await.until(pipeline, () -> pgA.exists("t"), false))
                        .as("the old name, in the database the statement ran in, is dropped")
                        .isFalse();

                sql.execute("RENAME TABLE m TO " + OUTSIDE + ".m");
                sql.execute("INSERT INTO " + DB_B + ".u VALUES (3, 'c')");
                assertThat(Await.until(pipeline, () -> pgA.exists("m"), false))
                        .as(
                                "a table moved out of the capture is dropped with the next"
                                        + " record (Debezium emits none for the rename)")
                        .isFalse();
                sql.execute("CREATE TABLE m (id INT NOT NULL PRIMARY KEY, w INT)");
                sql.execute("INSERT INTO m VALUES (5, 50)");
                assertThat(Await.until(pipeline, () -> pgA.rows("m"), List.of("id=5, w=50")))
                        .as(
                                "a table moved out of the capture is dropped: the new table of its"
                                        + " name has none of its rows")
                        .containsExactly("id=5, w=50");
                assertThat(pgA.columns("m")).containsExactly("id integer NOT NULL", "w integer");
                assertThat(
                                Await.until(
                                        pipeline,
                                        () -> pgB.rows("u"),
                                        List.of("id=2, v=b", "id=3, v=c")))
                        .containsExactly("id=2, v=b", "id=3, v=c");
                pipeline.assertRunning();
            }
        }
    }
}
