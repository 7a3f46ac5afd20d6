package dev.schemaop.e2e.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;

/**
 * An online schema change the way gh-ost runs it (a shadow table created like the original,
 * altered, filled with the original's rows and the writes meanwhile, then renamed over it), with
 * {@code scan.parse.online.schema.changes.enabled}: the sink sees the shadow's ALTER as the
 * original table's, and the cut-over drops nothing, so every row stays.
 */
class OnlineSchemaChangeTest {
    private static final String DB = "e2e_maria_src_online";

    @Test
    void aGhostCutOverIsTheAlterItStandsFor() throws Exception {
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement();
                PostgresTables pg = PostgresTables.fresh(DB)) {
            Servers.freshDatabase(sql, DB);
            sql.execute(
                    "CREATE TABLE " + DB + ".t (id INT NOT NULL PRIMARY KEY, name VARCHAR(20))");
            sql.execute("INSERT INTO " + DB + ".t VALUES (1, 'a'), (2, 'b')");

            try (RunningPipeline pipeline =
                    RunningPipeline.start(
                            Servers.sourceBlock(
                                            DB + ".t",
                                            "  scan.parse.online.schema.changes.enabled: true\n")
                                    + Servers.postgresSinkBlock()
                                    + "pipeline:\n  parallelism: 1\n  schema.change.behavior: evolve\n",
                            1)) {
                List<String> before = List.of("id=1, name=a", "id=2, name=b");
                assertThat(Await.until(pipeline, () -> pg.rows("t"), before)).isEqualTo(before);

                sql.execute("CREATE TABLE " + DB + "._t_gho LIKE " + DB + ".t");
                sql.execute("ALTER TABLE " + DB + "._t_gho ADD COLUMN qty INT");
                sql.execute(
                        "INSERT INTO "
                                + DB
                                + "._t_gho (id, name) SELECT id, name FROM "
                                + DB
                                + ".t");
                sql.execute("INSERT INTO " + DB + ".t VALUES (3, 'c')");
                sql.execute("INSERT INTO " + DB + "._t_gho VALUES (3, 'c', NULL)");
                sql.execute(
                        "RENAME TABLE "
                                + DB
                                + ".t TO "
                                + DB
                                + "._t_del, "
                                + DB
                                + "._t_gho TO "
                                + DB
                                + ".t");
                sql.execute("INSERT INTO " + DB + ".t VALUES (4, 'd', 40)");
                sql.execute("DROP TABLE " + DB + "._t_del");

                List<String> after =
                        List.of(
                                "id=1, name=a, qty=null",
                                "id=2, name=b, qty=null",
                                "id=3, name=c, qty=null",
                                "id=4, name=d, qty=40");
                assertThat(Await.until(pipeline, () -> pg.rows("t"), after)).isEqualTo(after);
                assertThat(pg.columns("t"))
                        .containsExactly(
                                "id integer NOT NULL", "name character varying(20)", "qty integer");
                assertThat(pg.exists("_t_gho")).as("the shadow never reaches the sink").isFalse();
            }
        }
    }
}
