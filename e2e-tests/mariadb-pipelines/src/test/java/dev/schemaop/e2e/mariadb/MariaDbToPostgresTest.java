package dev.schemaop.e2e.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;

/**
 * DDL run on a live MariaDB table while the pipeline reads its binlog, under EVOLVE, into
 * PostgreSQL: after each statement a row of the new shape, and the real PostgreSQL table must end
 * with exactly the columns and rows the MariaDB table has.
 */
class MariaDbToPostgresTest {
    private static final String DB = "e2e_maria_src_evolve";

    @Test
    void everyDdlStatementReachesPostgresAndEveryRowWithIt() throws Exception {
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement();
                PostgresTables pg = PostgresTables.fresh(DB)) {
            Servers.freshDatabase(sql, DB);
            sql.execute(
                    "CREATE TABLE "
                            + DB
                            + ".customers (id INT NOT NULL PRIMARY KEY, name VARCHAR(20), age INT)");
            sql.execute(
                    "INSERT INTO "
                            + DB
                            + ".customers VALUES (1, 'ann', 31), (2, 'ben', 32), (3, 'cid', 33)");

            try (RunningPipeline pipeline =
                    RunningPipeline.start(
                            Servers.sourceBlock(DB + ".customers", "")
                                    + Servers.postgresSinkBlock()
                                    + "pipeline:\n  parallelism: 1\n  schema.change.behavior: evolve\n",
                            1)) {
                assertThat(Await.until(pipeline, () -> pg.rows("customers").size(), 3))
                        .as("the snapshot")
                        .isEqualTo(3);
                sql.execute("INSERT INTO " + DB + ".customers VALUES (4, 'dan', 34)");
                assertThat(Await.until(pipeline, () -> pg.rows("customers").size(), 4))
                        .as("the binlog is read")
                        .isEqualTo(4);

                sql.execute(
                        "ALTER TABLE " + DB + ".customers ADD COLUMN email VARCHAR(30) AFTER name");
                sql.execute("INSERT INTO " + DB + ".customers VALUES (5, 'eve', 'e@x', 35)");
                sql.execute("ALTER TABLE " + DB + ".customers CHANGE age precise_age DOUBLE");
                sql.execute("INSERT INTO " + DB + ".customers VALUES (6, 'fay', 'f@x', 36.5)");
                sql.execute("ALTER TABLE " + DB + ".customers RENAME COLUMN name TO full_name");
                sql.execute("INSERT INTO " + DB + ".customers VALUES (7, 'gus', 'g@x', 37)");
                sql.execute("ALTER TABLE " + DB + ".customers MODIFY email VARCHAR(60)");
                sql.execute("INSERT INTO " + DB + ".customers VALUES (8, 'hal', 'h@x', 38)");
                sql.execute(
                        "ALTER TABLE "
                                + DB
                                + ".customers ADD COLUMN code INT FIRST, DROP COLUMN email");
                sql.execute("INSERT INTO " + DB + ".customers VALUES (80, 9, 'ivy', 39)");
                sql.execute("UPDATE " + DB + ".customers SET precise_age = 31.5 WHERE id = 1");
                sql.execute("DELETE FROM " + DB + ".customers WHERE id = 2");

                List<String> expected =
                        List.of(
                                "id=1, full_name=ann, precise_age=31.5, code=null",
                                "id=3, full_name=cid, precise_age=33, code=null",
                                "id=4, full_name=dan, precise_age=34, code=null",
                                "id=5, full_name=eve, precise_age=35, code=null",
                                "id=6, full_name=fay, precise_age=36.5, code=null",
                                "id=7, full_name=gus, precise_age=37, code=null",
                                "id=8, full_name=hal, precise_age=38, code=null",
                                "id=9, full_name=ivy, precise_age=39, code=80");
                assertThat(Await.until(pipeline, () -> pg.rows("customers"), expected))
                        .isEqualTo(expected);
                assertThat(pg.columns("customers"))
                        .containsExactly(
                                "id integer NOT NULL",
                                "full_name character varying(20)",
                                "precise_age double precision",
                                "code integer");

                sql.execute("TRUNCATE TABLE " + DB + ".customers");
                sql.execute("INSERT INTO " + DB + ".customers VALUES (100, 10, 'jay', 40)");
                List<String> afterTruncate =
                        List.of("id=10, full_name=jay, precise_age=40, code=100");
                assertThat(Await.until(pipeline, () -> pg.rows("customers"), afterTruncate))
                        .isEqualTo(afterTruncate);

                sql.execute("DROP TABLE " + DB + ".customers");
                assertThat(Await.until(pipeline, () -> pg.exists("customers"), false)).isFalse();
            }
        }
    }
}
