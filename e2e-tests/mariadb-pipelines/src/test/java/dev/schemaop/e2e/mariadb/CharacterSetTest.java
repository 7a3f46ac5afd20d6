package dev.schemaop.e2e.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;

/**
 * Text of a latin1 database through the snapshot and the binlog, and of a table created after the
 * snapshot without a character set of its own: its columns take the database's, which Debezium
 * knows only from the schema history the snapshot gave it (a binlog row carries bytes, not their
 * character set). Decoded as UTF-8, "é" would not arrive.
 */
class CharacterSetTest {
    private static final String DB = "e2e_maria_latin1";

    @Test
    void latin1TextArrivesAsWrittenAlsoInATableCreatedLater() throws Exception {
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement();
                PostgresTables pg = PostgresTables.fresh(DB)) {
            sql.execute("DROP DATABASE IF EXISTS " + DB);
            sql.execute("CREATE DATABASE " + DB + " CHARACTER SET latin1");
            sql.execute(
                    "CREATE TABLE "
                            + DB
                            + ".old_names (id INT NOT NULL PRIMARY KEY, name VARCHAR(20))");
            sql.execute("INSERT INTO " + DB + ".old_names VALUES (1, 'café')");
            try (RunningPipeline pipeline =
                    RunningPipeline.start(
                            Servers.sourceBlock(DB + ".\\.*", "")
                                    + Servers.postgresSinkBlock()
                                    + "pipeline:\n  parallelism: 1\n",
                            1)) {
                List<String> snapshot = List.of("id=1, name=café");
                assertThat(Await.until(pipeline, () -> pg.rows("old_names"), snapshot))
                        .isEqualTo(snapshot);

                sql.execute("INSERT INTO " + DB + ".old_names VALUES (2, 'naïve')");
                sql.execute(
                        "CREATE TABLE "
                                + DB
                                + ".new_names (id INT NOT NULL PRIMARY KEY, name VARCHAR(20))");
                sql.execute("INSERT INTO " + DB + ".new_names VALUES (1, 'Zoë'), (2, 'Ångström')");

                List<String> old = List.of("id=1, name=café", "id=2, name=naïve");
                List<String> created = List.of("id=1, name=Zoë", "id=2, name=Ångström");
                assertThat(Await.until(pipeline, () -> pg.rows("new_names"), created))
                        .isEqualTo(created);
                assertThat(pg.rows("old_names")).isEqualTo(old);
            }
        }
    }
}
