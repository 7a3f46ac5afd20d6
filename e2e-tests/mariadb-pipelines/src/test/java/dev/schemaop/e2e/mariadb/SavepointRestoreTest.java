package dev.schemaop.e2e.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;

/**
 * The binlog position and the schema history live in the source's checkpointed state: a job stopped
 * with a savepoint and resubmitted from it picks up the DDL and rows that happened while it was
 * stopped, and goes on with later DDL, with nothing lost and nothing applied twice.
 */
class SavepointRestoreTest {
    private static final String DB = "e2e_maria_src_savepoint";

    @TempDir Path savepoints;

    @Test
    void whatHappenedWhileStoppedArrivesAfterTheRestore() throws Exception {
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement();
                PostgresTables pg = PostgresTables.fresh(DB)) {
            Servers.freshDatabase(sql, DB);
            sql.execute(
                    "CREATE TABLE "
                            + DB
                            + ".items (id INT NOT NULL PRIMARY KEY, name VARCHAR(20))");
            sql.execute("INSERT INTO " + DB + ".items VALUES (1, 'a'), (2, 'b')");
            String definition =
                    Servers.sourceBlock(DB + ".items", "")
                            + Servers.postgresSinkBlock()
                            + "pipeline:\n  parallelism: 1\n  schema.change.behavior: evolve\n";

            String savepoint;
            try (RunningPipeline pipeline = RunningPipeline.start(definition, 1)) {
                sql.execute("INSERT INTO " + DB + ".items VALUES (3, 'c')");
                List<String> before = List.of("id=1, name=a", "id=2, name=b", "id=3, name=c");
                assertThat(Await.until(pipeline, () -> pg.rows("items"), before)).isEqualTo(before);
                savepoint = pipeline.stopWithSavepoint(savepoints);
            }

            sql.execute("ALTER TABLE " + DB + ".items ADD COLUMN qty INT");
            sql.execute("INSERT INTO " + DB + ".items VALUES (4, 'd', 40)");
            sql.execute("UPDATE " + DB + ".items SET qty = 10 WHERE id = 1");
            sql.execute("DELETE FROM " + DB + ".items WHERE id = 2");

            try (RunningPipeline pipeline = RunningPipeline.start(definition, 1, savepoint)) {
                List<String> whileStopped =
                        List.of(
                                "id=1, name=a, qty=10",
                                "id=3, name=c, qty=null",
                                "id=4, name=d, qty=40");
                assertThat(Await.until(pipeline, () -> pg.rows("items"), whileStopped))
                        .isEqualTo(whileStopped);

                sql.execute("ALTER TABLE " + DB + ".items RENAME COLUMN name TO title");
                sql.execute("INSERT INTO " + DB + ".items VALUES (5, 'e', 50)");
                List<String> after =
                        List.of(
                                "id=1, title=a, qty=10",
                                "id=3, title=c, qty=null",
                                "id=4, title=d, qty=40",
                                "id=5, title=e, qty=50");
                assertThat(Await.until(pipeline, () -> pg.rows("items"), after)).isEqualTo(after);
                assertThat(pg.columns("items"))
                        .containsExactly(
                                "id integer NOT NULL",
                                "title character varying(20)",
                                "qty integer");
            }
        }
    }
}
