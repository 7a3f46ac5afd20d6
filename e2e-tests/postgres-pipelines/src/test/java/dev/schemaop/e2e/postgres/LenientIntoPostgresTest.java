package dev.schemaop.e2e.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.e2e.mariadb.Await;
import dev.schemaop.e2e.mariadb.PostgresTables;
import dev.schemaop.e2e.mariadb.RunningPipeline;
import dev.schemaop.e2e.mariadb.Servers;

import org.junit.jupiter.api.Test;

import java.util.List;

/**
 * The DDL of {@link PostgresToPostgresTest} under LENIENT: the sink keeps every column it ever had
 * (a dropped one, a renamed one's old name) and takes the new ones; rows carry null where the
 * source no longer has a column. Final schema and rows exact.
 */
class LenientIntoPostgresTest {
    private static final String DB = "e2e_pgsrc_lenient";
    private static final String SINK = "e2e_pgsrc_lenient_sink";

    @Test
    void theSinkKeepsEveryColumnAndEveryRowArrives() throws Exception {
        try (SourceDatabase source = SourceDatabase.fresh(DB);
                PostgresTables pg = PostgresTables.fresh(SINK)) {
            source.execute(
                    "CREATE TABLE customers (id INT PRIMARY KEY, name VARCHAR(20), age INT)");
            source.execute("INSERT INTO customers VALUES (1, 'ann', 31), (2, 'ben', 32)");
            try (RunningPipeline pipeline =
                    RunningPipeline.start(
                            source.sourceBlock("public.customers", DB, "")
                                    + Servers.postgresSinkBlock()
                                    + "route:\n  - source-table: public.customers\n    sink-table: "
                                    + SINK
                                    + ".customers\n"
                                    + "pipeline:\n  parallelism: 1\n"
                                    + "  schema.change.behavior: lenient\n",
                            1)) {
                assertThat(Await.until(pipeline, () -> pg.rows("customers").size(), 2))
                        .isEqualTo(2);
                source.execute("ALTER TABLE customers ADD COLUMN email VARCHAR(30)");
                source.execute("INSERT INTO customers VALUES (3, 'cid', 33, 'c@x')");
                source.execute("ALTER TABLE customers ALTER COLUMN age TYPE BIGINT");
                source.execute("ALTER TABLE customers RENAME COLUMN name TO full_name");
                source.execute("INSERT INTO customers VALUES (4, 'dan', 34, 'd@x')");
                source.execute("ALTER TABLE customers DROP COLUMN email");
                source.execute("INSERT INTO customers VALUES (5, 'eve', 35)");
                source.execute("UPDATE customers SET age = 310 WHERE id = 1");

                // an update writes the whole row: the renamed column's old name is null in it
                List<String> expected =
                        List.of(
                                "id=1, name=null, age=310, email=null, full_name=ann",
                                "id=2, name=ben, age=32, email=null, full_name=null",
                                "id=3, name=cid, age=33, email=c@x, full_name=null",
                                "id=4, name=null, age=34, email=d@x, full_name=dan",
                                "id=5, name=null, age=35, email=null, full_name=eve");
                assertThat(Await.until(pipeline, () -> pg.rows("customers"), expected))
                        .isEqualTo(expected);
                assertThat(pg.columns("customers"))
                        .containsExactly(
                                "id integer NOT NULL",
                                "name character varying(20)",
                                "age bigint",
                                "email character varying(30)",
                                "full_name character varying(20)");
            }
        }
    }
}
