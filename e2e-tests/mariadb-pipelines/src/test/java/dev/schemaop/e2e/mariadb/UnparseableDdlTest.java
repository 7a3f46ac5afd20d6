package dev.schemaop.e2e.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.history.HistoryReader;

import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A DDL statement on a captured table that Debezium 3.5.0.Final's MariaDB parser cannot read, from
 * the real binlog: MariaDB 10.11's application-time period, {@code ALTER TABLE orders ADD PERIOD
 * FOR valid_period (valid_from, valid_to)} ("no viable alternative at input 'ALTER TABLE orders ADD
 * PERIOD FOR'"). It leaves the table's columns as they are, so the rows after it have the shape of
 * the rows before it.
 *
 * <p>Under {@code schema-change.unparseable: fail} (the default), with checkpointing on and Flink's
 * default restart strategy (which restarts without end), the job ends at once: exit 1 and the one
 * message. The timeout only guards against the restart loop this replaced. Under {@code skip} the
 * statement is left out with a WARN on stderr, and the rows around it arrive. Under either, the
 * same statement in a database the pipeline does not capture is passed over (Debezium parses the
 * DDL of every database of the server).
 */
class UnparseableDdlTest {
    private static final String PERIOD =
            "ALTER TABLE orders ADD PERIOD FOR valid_period (valid_from, valid_to)";

    @TempDir Path dir;

    /** The same statement in the WARN and in the failure: where it is, what the parser says. */
    private static String where(String position, String db) {
        return "at binlog position "
                + position
                + ", in database '"
                + db
                + "': "
                + PERIOD
                + ". Debezium's DDL parser: no viable alternative at input 'ALTER TABLE orders ADD"
                + " PERIOD FOR'.";
    }

    /** The table, with two rows, in a fresh database of that name. */
    private static void orders(Statement sql, String db) throws Exception {
        Servers.freshDatabase(sql, db);
        sql.execute(
                "CREATE TABLE "
                        + db
                        + ".orders (id INT NOT NULL PRIMARY KEY, item VARCHAR(20),"
                        + " valid_from DATE NOT NULL, valid_to DATE NOT NULL)");
        sql.execute(
                "INSERT INTO "
                        + db
                        + ".orders VALUES (1, 'apple', '2024-01-01', '2025-01-01'),"
                        + " (2, 'pear', '2024-02-01', '2025-02-01')");
    }

    private static String pipeline(String db, String sourceOptions) {
        return Servers.sourceBlock(db + ".orders", sourceOptions)
                + Servers.postgresSinkBlock()
                + "pipeline:\n  parallelism: 1\n";
    }

    @Test
    @Timeout(180)
    void failEndsTheCheckpointedJobAtOnceWithTheStatementAndItsPosition() throws Exception {
        String db = "e2e_maria_unparseable_fail";
        String other = "e2e_maria_unparseable_other";
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement();
                PostgresTables pg = PostgresTables.fresh(db)) {
            orders(sql, other);
            orders(sql, db);
            CompletableFuture<CliRun> running =
                    CliRun.start(
                            dir, pipeline(db, ""), "-D", "execution.checkpointing.interval=1s");
            List<String> snapshot =
                    List.of(
                            "id=1, item=apple, valid_from=2024-01-01, valid_to=2025-01-01",
                            "id=2, item=pear, valid_from=2024-02-01, valid_to=2025-02-01");
            assertThat(Await.until(running, () -> pg.rows("orders"), snapshot)).isEqualTo(snapshot);

            sql.execute("USE " + other);
            sql.execute(PERIOD);
            sql.execute("USE " + db);
            sql.execute("INSERT INTO orders VALUES (3, 'plum', '2024-03-01', '2025-03-01')");
            List<String> passedOver = new ArrayList<>(snapshot);
            passedOver.add("id=3, item=plum, valid_from=2024-03-01, valid_to=2025-03-01");
            assertThat(Await.until(running, () -> pg.rows("orders"), passedOver))
                    .as("the statement in another database ends nothing")
                    .isEqualTo(passedOver);

            String[] before = BinlogEvents.end(sql);
            sql.execute(PERIOD);
            String position = BinlogEvents.positionOf(sql, before, PERIOD);
            sql.execute("INSERT INTO orders VALUES (4, 'fig', '2024-04-01', '2025-04-01')");

            CliRun run = running.get(150, TimeUnit.SECONDS);
            assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isEqualTo(1);
            assertThat(run.stderr).doesNotContain("\tat ");
            String message =
                    "The mariadb source cannot parse the DDL statement "
                            + where(position, db)
                            + " A restart would read the same statement again, so the job ends."
                            + " Either leave the statement"
                            + " out: set 'schema-change.unparseable: skip' in the source block"
                            + " and resubmit from the last checkpoint or savepoint (-s); its"
                            + " change does not reach the sink. Or fix it upstream: undo the"
                            + " change on the server (or make it in a form the parser reads)"
                            + " and start the pipeline anew, without the checkpoint (a new"
                            + " snapshot).";
            assertThat(run.stderr).containsOnlyOnce(message);
            assertThat(pg.rows("orders")).as("nothing after the statement").isEqualTo(passedOver);
        }
    }

    @Test
    @Timeout(180)
    void skipLeavesTheStatementOutWithAWarningAndTheRowsAroundItArrive() throws Exception {
        String db = "e2e_maria_unparseable_skip";
        PrintStream originalErr = System.err;
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement();
                PostgresTables pg = PostgresTables.fresh(db)) {
            orders(sql, db);
            System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8));
            String position;
            Path history = dir.resolve("history");
            try (RunningPipeline pipeline =
                    RunningPipeline.start(
                            pipeline(db, "  schema-change.unparseable: skip\n")
                                    + "  schema-history.dir: "
                                    + history
                                    + "\n",
                            1)) {
                List<String> snapshot =
                        List.of(
                                "id=1, item=apple, valid_from=2024-01-01, valid_to=2025-01-01",
                                "id=2, item=pear, valid_from=2024-02-01, valid_to=2025-02-01");
                assertThat(Await.until(pipeline, () -> pg.rows("orders"), snapshot))
                        .isEqualTo(snapshot);

                sql.execute("USE " + db);
                sql.execute("INSERT INTO orders VALUES (3, 'plum', '2024-03-01', '2025-03-01')");
                String[] before = BinlogEvents.end(sql);
                sql.execute(PERIOD);
                position = BinlogEvents.positionOf(sql, before, PERIOD);
                sql.execute("INSERT INTO orders VALUES (4, 'fig', '2024-04-01', '2025-04-01')");
                sql.execute("UPDATE orders SET item = 'quince' WHERE id = 1");
                List<String> after =
                        List.of(
                                "id=1, item=quince, valid_from=2024-01-01, valid_to=2025-01-01",
                                "id=2, item=pear, valid_from=2024-02-01, valid_to=2025-02-01",
                                "id=3, item=plum, valid_from=2024-03-01, valid_to=2025-03-01",
                                "id=4, item=fig, valid_from=2024-04-01, valid_to=2025-04-01");
                assertThat(Await.until(pipeline, () -> pg.rows("orders"), after)).isEqualTo(after);
                assertThat(pg.columns("orders"))
                        .containsExactly(
                                "id integer NOT NULL",
                                "item character varying(20)",
                                "valid_from date NOT NULL",
                                "valid_to date NOT NULL");
            } finally {
                System.setErr(originalErr);
            }
            String warnings = stderr.toString(StandardCharsets.UTF_8);
            originalErr.print(warnings);
            assertThat(warnings.lines().filter(line -> line.contains(" WARN ")))
                    .singleElement(InstanceOfAssertFactories.STRING)
                    .contains(" WARN  UnparseableStatements ")
                    .endsWith(
                            " - The mariadb source leaves out"
                                    + " the DDL statement it cannot parse"
                                    + " (schema-change.unparseable: skip) "
                                    + where(position, db)
                                    + " Its change does not reach the sink.");
            assertThat(HistoryReader.read(history))
                    .as("the decision history has the statement the source left out, once")
                    .filteredOn(d -> d.outcome().equals("skipped"))
                    .singleElement()
                    .satisfies(
                            d -> {
                                assertThat(d.event()).isEqualTo(PERIOD);
                                assertThat(d.reason()).startsWith("unparseable at ");
                            });
        }
    }
}
