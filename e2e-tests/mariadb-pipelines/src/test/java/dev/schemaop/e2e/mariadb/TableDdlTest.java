package dev.schemaop.e2e.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;

/**
 * Table-level DDL on a live database whose every table is captured ({@code db.\.*}): a new table
 * arrives with its rows, a renamed table is the old one dropped and the new one created (as Flink
 * CDC's MySQL source treats it), and DDL on a table of another database is ignored.
 */
class TableDdlTest {
    private static final String DB = "e2e_maria_src_tables";
    private static final String OTHER_DB = "e2e_maria_src_tables_other";

    @Test
    void newRenamedAndUncapturedTables() throws Exception {
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement();
                PostgresTables pg = PostgresTables.fresh(DB)) {
            for (String db : List.of(DB, OTHER_DB)) {
                Servers.freshDatabase(sql, db);
            }
            sql.execute("CREATE TABLE " + DB + ".t1 (id INT NOT NULL PRIMARY KEY, v VARCHAR(10))");
            sql.execute("INSERT INTO " + DB + ".t1 VALUES (1, 'a')");
            sql.execute("CREATE TABLE " + OTHER_DB + ".x (id INT NOT NULL PRIMARY KEY)");

            try (RunningPipeline pipeline =
                    RunningPipeline.start(
                            Servers.sourceBlock(DB + ".\\.*", "")
                                    + Servers.postgresSinkBlock()
                                    + "pipeline:\n  parallelism: 1\n  schema.change.behavior: evolve\n",
                            1)) {
                assertThat(Await.until(pipeline, () -> pg.rows("t1"), List.of("id=1, v=a")))
                        .containsExactly("id=1, v=a");

                sql.execute("CREATE TABLE " + DB + ".t2 (id INT NOT NULL PRIMARY KEY, w INT)");
                sql.execute("INSERT INTO " + DB + ".t2 VALUES (7, 70)");
                assertThat(Await.until(pipeline, () -> pg.rows("t2"), List.of("id=7, w=70")))
                        .containsExactly("id=7, w=70");

                sql.execute("ALTER TABLE " + OTHER_DB + ".x ADD COLUMN y INT");
                sql.execute("INSERT INTO " + OTHER_DB + ".x VALUES (1, 1)");

                sql.execute("RENAME TABLE " + DB + ".t1 TO " + DB + ".t3");
                sql.execute("INSERT INTO " + DB + ".t3 VALUES (2, 'b')");
                assertThat(Await.until(pipeline, () -> pg.rows("t3"), List.of("id=2, v=b")))
                        .as("the renamed table starts anew, with the rows after the rename")
                        .containsExactly("id=2, v=b");
                assertThat(Await.until(pipeline, () -> pg.exists("t1"), false))
                        .as("the old name is dropped")
                        .isFalse();
                pipeline.assertRunning();
            }
        }
    }
}
