package dev.schemaop.e2e.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.e2e.mariadb.Await;
import dev.schemaop.e2e.mariadb.PostgresTables;
import dev.schemaop.e2e.mariadb.RunningPipeline;
import dev.schemaop.e2e.mariadb.Servers;
import dev.schemaop.testing.SqlRows;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.util.List;

/**
 * DDL run on live PostgreSQL tables while the pipeline reads the slot, under EVOLVE, into
 * PostgreSQL (another database): each statement reaches the sink in order with the rows, also on a
 * table that receives no rows afterwards, and the sink tables end with exactly the source's columns
 * and rows.
 */
class PostgresToPostgresTest {
    private static final String DB = "e2e_pgsrc_evolve";
    private static final String SINK = "e2e_pgsrc_evolve_sink";

    @Test
    void everyDdlStatementReachesTheSinkInOrderWithTheRows() throws Exception {
        try (SourceDatabase source = SourceDatabase.fresh(DB);
                PostgresTables pg = PostgresTables.fresh(SINK)) {
            source.execute(
                    "CREATE TABLE customers (id INT PRIMARY KEY, name VARCHAR(20), age INT)");
            source.execute(
                    "INSERT INTO customers VALUES (1, 'ann', 31), (2, 'ben', 32), (3, 'cid', 33)");
            source.execute("CREATE TABLE idle (id INT PRIMARY KEY, v TEXT)");
            source.execute("INSERT INTO idle VALUES (1, 'one')");
            source.execute("CREATE TABLE other_schema_not_captured (id INT PRIMARY KEY)");

            try (RunningPipeline pipeline =
                    RunningPipeline.start(
                            source.intoPostgresSchema(
                                    "public.(customers|idle|fresh)",
                                    SINK,
                                    "  schema.change.behavior: evolve\n"),
                            1)) {
                assertThat(Await.until(pipeline, () -> pg.rows("customers").size(), 3))
                        .as("the snapshot")
                        .isEqualTo(3);
                List<String> idle = List.of("id=1, v=one");
                assertThat(Await.until(pipeline, () -> pg.rows("idle"), idle)).isEqualTo(idle);
                source.execute("INSERT INTO customers VALUES (4, 'dan', 34)");
                assertThat(Await.until(pipeline, () -> pg.rows("customers").size(), 4))
                        .as("the stream is read")
                        .isEqualTo(4);

                CustomerChanges.run(source);
                List<String> expected = CustomerChanges.rows("id=4, full_name=dan, age=34");
                assertThat(Await.until(pipeline, () -> pg.rows("customers"), expected))
                        .isEqualTo(expected);
                assertThat(pg.columns("customers")).isEqualTo(CustomerChanges.COLUMNS);

                // an idle table: no row follows its DDL, which must reach the sink anyway
                source.execute("ALTER TABLE idle RENAME COLUMN v TO w");
                source.execute("ALTER TABLE idle ADD COLUMN extra INT");
                List<String> idleColumns =
                        List.of("id integer NOT NULL", "w text", "extra integer");
                assertThat(Await.until(pipeline, () -> pg.columns("idle"), idleColumns))
                        .isEqualTo(idleColumns);
                assertThat(pg.rows("idle")).containsExactly("id=1, w=one, extra=null");

                source.execute("TRUNCATE customers");
                source.execute("INSERT INTO customers VALUES (10, 'jay', 40)");
                List<String> afterTruncate = List.of("id=10, full_name=jay, age=40");
                assertThat(Await.until(pipeline, () -> pg.rows("customers"), afterTruncate))
                        .isEqualTo(afterTruncate);

                source.execute("CREATE TABLE fresh (id INT PRIMARY KEY, at DATE)");
                source.execute("INSERT INTO fresh VALUES (1, DATE '2026-12-05')");
                List<String> fresh = List.of("id=1, at=2026-12-05");
                assertThat(Await.until(pipeline, () -> pg.rows("fresh"), fresh)).isEqualTo(fresh);

                source.execute("DROP TABLE idle");
                assertThat(Await.until(pipeline, () -> pg.exists("idle"), false)).isFalse();
                assertThat(pg.exists("other_schema_not_captured")).isFalse();
            }
            try (Connection sql = Servers.postgres(Servers.postgresUrl(DB))) {
                assertThat(SqlRows.of(sql, "SELECT count(*) AS logged FROM schemaop.ddl_log"))
                        .as("the capture's log keeps no rows: only its inserts in the WAL count")
                        .containsExactly("logged=0");
            }
        }
    }
}
