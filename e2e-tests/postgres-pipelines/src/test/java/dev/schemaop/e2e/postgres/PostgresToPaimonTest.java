package dev.schemaop.e2e.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.e2e.mariadb.Await;
import dev.schemaop.e2e.paimon.Warehouse;
import dev.schemaop.testing.CliProcess;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Live DDL from PostgreSQL into Paimon, as a user runs it: {@code flink-cdc.sh} in a process of its
 * own with the Paimon connector's jar passed with {@code --jar}, the warehouse read with Paimon's
 * own API. Add, rename, retype and drop with rows between them, a rename and an add on a table that
 * receives no row afterwards, a truncate, a new table and a dropped one: every table's final
 * columns and rows exact.
 */
class PostgresToPaimonTest {
    private static final String DB = "e2e_pgsrc_paimon";
    private static final Path ROOT = Path.of(System.getProperty("repository.root"));

    @TempDir Path dir;

    @Test
    void evolveMakesPaimonTheSourcesShape() throws Exception {
        run(
                "evolve",
                (paimon, running) -> {
                    List<String> orders =
                            List.of(
                                    "id=2, w=bb, n=2",
                                    "id=3, w=c, n=3",
                                    "id=4, w=d, n=4",
                                    "id=5, w=e, n=5");
                    assertThat(Await.until(running, rows(paimon, "orders"), orders))
                            .isEqualTo(orders);
                    assertThat(paimon.columns("public", "orders"))
                            .containsExactly("id INT NOT NULL", "w STRING", "n BIGINT");
                    List<String> fresh = List.of("id=1, s=s");
                    assertThat(Await.until(running, rows(paimon, "fresh"), fresh)).isEqualTo(fresh);
                    List<String> idle = List.of("id INT NOT NULL", "b STRING", "z INT");
                    assertThat(Await.until(running, () -> paimon.columns("public", "idle"), idle))
                            .as("a rename and an add on a table no row followed")
                            .isEqualTo(idle);
                    assertThat(paimon.rows("public", "idle")).containsExactly("id=1, b=x, z=null");
                    assertThat(Await.until(running, rows(paimon, "cleared"), List.of())).isEmpty();
                    assertThat(
                                    Await.until(
                                            running,
                                            () -> paimon.exists("public", "dropped"),
                                            false))
                            .isFalse();
                });
    }

    /**
     * LENIENT (SPEC §4): every column stays (a renamed one is added under its new name, a dropped
     * one stays nullable), a retype widens, truncate and drop table are not applied.
     */
    @Test
    void lenientKeepsEveryColumnAndRow() throws Exception {
        run(
                "lenient",
                (paimon, running) -> {
                    // an update writes the whole row: the renamed column's old name is null in it
                    List<String> orders =
                            List.of(
                                    "id=2, v=null, n=2, c=null, w=bb",
                                    "id=3, v=c, n=3, c=30, w=null",
                                    "id=4, v=null, n=4, c=40, w=d",
                                    "id=5, v=null, n=5, c=null, w=e");
                    assertThat(Await.until(running, rows(paimon, "orders"), orders))
                            .isEqualTo(orders);
                    assertThat(paimon.columns("public", "orders"))
                            .containsExactly(
                                    "id INT NOT NULL", "v STRING", "n BIGINT", "c INT", "w STRING");
                    List<String> fresh = List.of("id=1, s=s");
                    assertThat(Await.until(running, rows(paimon, "fresh"), fresh)).isEqualTo(fresh);
                    List<String> idle = List.of("id INT NOT NULL", "a STRING", "b STRING", "z INT");
                    assertThat(Await.until(running, () -> paimon.columns("public", "idle"), idle))
                            .as("a rename and an add on a table no row followed")
                            .isEqualTo(idle);
                    assertThat(paimon.rows("public", "idle"))
                            .containsExactly("id=1, a=x, b=null, z=null");
                    assertThat(paimon.rows("public", "cleared")).containsExactly("id=1", "id=2");
                    assertThat(paimon.rows("public", "dropped")).containsExactly("id=1");
                });
    }

    /** What the warehouse must hold once the pipeline has read every change. */
    private interface Outcome {
        void check(Warehouse paimon, Await.Running running) throws Exception;
    }

    /**
     * The tables and their snapshot rows, the pipeline started, the changes made while it streams,
     * then the outcome checked while it still runs.
     */
    private void run(String behavior, Outcome outcome) throws Exception {
        try (SourceDatabase source = SourceDatabase.fresh(DB)) {
            source.execute("CREATE TABLE orders (id INT PRIMARY KEY, v TEXT, n INT)");
            source.execute("INSERT INTO orders VALUES (1, 'a', 1), (2, 'b', 2)");
            source.execute("CREATE TABLE idle (id INT PRIMARY KEY, a TEXT)");
            source.execute("INSERT INTO idle VALUES (1, 'x')");
            source.execute("CREATE TABLE cleared (id INT PRIMARY KEY)");
            source.execute("INSERT INTO cleared VALUES (1), (2)");
            source.execute("CREATE TABLE dropped (id INT PRIMARY KEY)");
            source.execute("INSERT INTO dropped VALUES (1)");
            Path warehouse = dir.resolve("warehouse");
            Path pipeline = dir.resolve("pipeline.yaml");
            Files.writeString(
                    pipeline,
                    source.sourceBlock("public.\\.*", DB, "")
                            + "sink:\n  type: paimon\n  catalog.properties.warehouse: "
                            + warehouse.toUri()
                            + "\npipeline:\n  name: postgres into paimon\n  parallelism: 1\n"
                            + "  schema.change.behavior: "
                            + behavior
                            + "\n");
            Path jar = Path.of(System.getProperty("paimon.connector.jar"));
            assertThat(jar).as("build pipeline-connectors/paimon first").isRegularFile();
            try (Warehouse paimon = new Warehouse(warehouse);
                    CliProcess run =
                            CliProcess.flinkCdc(
                                    ROOT,
                                    dir.resolve("run"),
                                    List.of(
                                            "--jar",
                                            jar.toString(),
                                            "--no-web-ui",
                                            "-D",
                                            "execution.checkpointing.interval=500ms",
                                            pipeline.toString()))) {
                Await.Running running =
                        () -> {
                            if (!run.isAlive()) {
                                throw new AssertionError("The pipeline ended:\n" + run.stderr());
                            }
                        };
                List<String> snapshot = List.of("id=1, v=a, n=1", "id=2, v=b, n=2");
                assertThat(Await.until(running, rows(paimon, "orders"), snapshot))
                        .isEqualTo(snapshot);
                // the tables the changes truncate and drop hold their snapshot rows first
                List<String> cleared = List.of("id=1", "id=2");
                assertThat(Await.until(running, rows(paimon, "cleared"), cleared))
                        .isEqualTo(cleared);
                assertThat(Await.until(running, rows(paimon, "dropped"), List.of("id=1")))
                        .containsExactly("id=1");

                source.execute("ALTER TABLE orders ADD COLUMN c INT");
                source.execute("INSERT INTO orders VALUES (3, 'c', 3, 30)");
                source.execute("ALTER TABLE orders RENAME COLUMN v TO w");
                source.execute("UPDATE orders SET w = 'bb' WHERE id = 2");
                source.execute("ALTER TABLE orders ALTER COLUMN n TYPE BIGINT");
                source.execute("INSERT INTO orders VALUES (4, 'd', 4, 40)");
                source.execute("ALTER TABLE orders DROP COLUMN c");
                source.execute("DELETE FROM orders WHERE id = 1");
                source.execute("INSERT INTO orders VALUES (5, 'e', 5)");
                source.execute("ALTER TABLE idle RENAME COLUMN a TO b");
                source.execute("ALTER TABLE idle ADD COLUMN z INT");
                source.execute("TRUNCATE cleared");
                source.execute("DROP TABLE dropped");
                source.execute("CREATE TABLE fresh (id INT PRIMARY KEY, s TEXT)");
                source.execute("INSERT INTO fresh VALUES (1, 's')");

                outcome.check(paimon, running);
            }
        }
    }

    /** The table's rows, null while Paimon has no such table yet. */
    private static Callable<List<String>> rows(Warehouse paimon, String table) {
        return () -> paimon.exists("public", table) ? paimon.rows("public", table) : null;
    }
}
