package dev.schemaop.e2e.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.connectors.values.sink.ValuesStore;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The source's checkpointed Debezium schema history is compacted at each checkpoint to the captured
 * tables as they stand (and the character sets later statements take theirs from): a restore from
 * it reads the binlog on exactly as from the whole history, and the checkpointed state does not
 * grow with the DDL statements run.
 */
class SchemaHistoryCompactionTest {
    private static final String DB = "e2e_maria_history_compact";
    private static final String SIZE_DB = "e2e_maria_history_size";

    @TempDir Path savepoints;

    /**
     * A database in latin1: a table created after the restore takes its character set from the
     * database, which the compacted history must still know (Debezium decodes the binlog's bytes of
     * a text column in its column's character set).
     */
    @Test
    void aRestoreFromTheCompactedHistoryReadsTheBinlogOnExactlyAsBefore() throws Exception {
        String output = "target/e2e-maria-history-compact.json";
        ValuesStore.forPath(output).reset();
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement()) {
            sql.execute("DROP DATABASE IF EXISTS " + DB);
            sql.execute("CREATE DATABASE " + DB + " CHARACTER SET latin1");
            sql.execute("USE " + DB);
            sql.execute("CREATE TABLE orders (id INT NOT NULL PRIMARY KEY, name VARCHAR(20))");
            sql.execute("INSERT INTO orders VALUES (1, 'crème')");
            String definition =
                    Servers.sourceBlock(DB + ".\\.*", "")
                            + "sink:\n  type: values\n  output.path: "
                            + output
                            + "\n  keep.existing: true\n"
                            + "pipeline:\n  parallelism: 1\n  schema.change.behavior: evolve\n";
            TestLog log = TestLog.open();
            String savepoint;
            try (RunningPipeline pipeline = RunningPipeline.start(definition, 1)) {
                Map<String, List<String>> snapshot =
                        Map.of(
                                "orders",
                                List.of(
                                        ORDERS_CREATED,
                                        "columns: id INT NOT NULL, name VARCHAR(20)",
                                        "row: id=1, name=crème"));
                assertThat(Await.until(pipeline, () -> sink(output), snapshot))
                        .as("the snapshot")
                        .isEqualTo(snapshot);

                for (int i = 0; i < 5; i++) {
                    sql.execute("ALTER TABLE orders ADD COLUMN c" + i + " INT");
                    sql.execute("DROP TABLE IF EXISTS nothing_" + i);
                    sql.execute("ALTER TABLE orders DROP COLUMN c" + i + ", ALGORITHM=COPY");
                }
                sql.execute("ALTER TABLE orders ADD COLUMN qty INT");
                sql.execute("INSERT INTO orders VALUES (2, 'brûlée', 20)");
                Map<String, List<String>> beforeStop = Map.of("orders", beforeStop());
                assertThat(Await.until(pipeline, () -> sink(output), beforeStop))
                        .as("the binlog")
                        .isEqualTo(beforeStop);
                assertThat(Await.until(pipeline, () -> compacted(log), true))
                        .as("a checkpoint compacted the history")
                        .isTrue();
                savepoint = pipeline.stopWithSavepoint(savepoints);
            }

            sql.execute("ALTER TABLE orders MODIFY qty BIGINT");
            sql.execute("UPDATE orders SET qty = 10 WHERE id = 1");
            sql.execute("CREATE TABLE later (id INT NOT NULL PRIMARY KEY, body VARCHAR(20))");
            sql.execute("INSERT INTO later VALUES (1, 'déjà vu')");

            try (RunningPipeline pipeline = RunningPipeline.start(definition, 1, savepoint)) {
                sql.execute("ALTER TABLE orders RENAME COLUMN name TO title");
                sql.execute("INSERT INTO orders VALUES (3, 'façade', 30)");
                sql.execute("INSERT INTO later VALUES (2, 'naïve')");
                Map<String, List<String>> restored = new TreeMap<>();
                List<String> orders = new ArrayList<>(beforeStop());
                orders.subList(orders.size() - 3, orders.size()).clear();
                orders.add(
                        "AlterColumnTypeEvent{tableId="
                                + DB
                                + ".orders, typeMapping={qty=BIGINT}, oldTypeMapping={qty=INT}}");
                orders.add(
                        "RenameColumnEvent{tableId=" + DB + ".orders, nameMapping={name=title}}");
                orders.add("columns: id INT NOT NULL, title VARCHAR(20), qty BIGINT");
                orders.add("row: id=1, title=crème, qty=10");
                orders.add("row: id=2, title=brûlée, qty=20");
                orders.add("row: id=3, title=façade, qty=30");
                restored.put("orders", orders);
                restored.put(
                        "later",
                        List.of(
                                "CreateTableEvent{tableId="
                                        + DB
                                        + ".later, schema=columns={`id` INT NOT NULL,`body`"
                                        + " VARCHAR(20)}, primaryKeys=id, options=()}",
                                "columns: id INT NOT NULL, body VARCHAR(20)",
                                "row: id=1, body=déjà vu",
                                "row: id=2, body=naïve"));
                assertThat(Await.until(pipeline, () -> sink(output), restored))
                        .as("after the restore")
                        .isEqualTo(restored);
            }
        }
    }

    private static final String ORDERS_CREATED =
            "CreateTableEvent{tableId="
                    + DB
                    + ".orders, schema=columns={`id` INT NOT NULL,`name` VARCHAR(20)},"
                    + " primaryKeys=id, options=()}";

    /** The events and rows of orders before the savepoint. */
    private static List<String> beforeStop() {
        List<String> orders = new ArrayList<>();
        orders.add(ORDERS_CREATED);
        for (int i = 0; i < 5; i++) {
            orders.add(
                    "AddColumnEvent{tableId="
                            + DB
                            + ".orders, addedColumns=[ColumnWithPosition{column=`c"
                            + i
                            + "` INT, position=LAST, existedColumnName=null}]}");
            orders.add(
                    "DropColumnEvent{tableId=" + DB + ".orders, droppedColumnNames=[c" + i + "]}");
        }
        orders.add(
                "AddColumnEvent{tableId="
                        + DB
                        + ".orders, addedColumns=[ColumnWithPosition{column=`qty` INT,"
                        + " position=LAST, existedColumnName=null}]}");
        orders.add("columns: id INT NOT NULL, name VARCHAR(20), qty INT");
        orders.add("row: id=1, name=crème, qty=null");
        orders.add("row: id=2, name=brûlée, qty=20");
        return orders;
    }

    private static Map<String, List<String>> sink(String output) throws Exception {
        return ValuesTables.of(output, DB);
    }

    private static boolean compacted(TestLog log) throws IOException {
        return log.sinceOpened().contains("Compacted the schema history");
    }

    /**
     * The job's savepoint after 10 DDL statements on a captured table and after {@code
     * history.statements} more (300 by default): the same size but for a few bytes. Each statement
     * used to add a record with the table's whole description to the source's state. With {@code
     * -Dhistory.statements=10000} this is the figure of benchmarks/README.md ("The MariaDB source's
     * checkpointed schema history"). DDL only reaches Debezium's history here ({@code
     * schema-change.enabled: false}): the job's other state stays as it is.
     */
    @Test
    void theCheckpointedStateDoesNotGrowWithTheDdlStatementsRun() throws Exception {
        int statements = Integer.getInteger("history.statements", 300);
        String output = "target/e2e-maria-history-size.json";
        ValuesStore.forPath(output).reset();
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement()) {
            Servers.freshDatabase(sql, SIZE_DB);
            sql.execute("USE " + SIZE_DB);
            sql.execute(
                    "CREATE TABLE t (id INT NOT NULL PRIMARY KEY, name VARCHAR(20), price"
                            + " DECIMAL(10,2), created DATETIME)");
            String definition =
                    Servers.sourceBlock(SIZE_DB + ".t", "  schema-change.enabled: false\n")
                            + "sink:\n  type: values\n  output.path: "
                            + output
                            + "\npipeline:\n  parallelism: 1\n";
            // Checkpoints into files: without compaction they outgrew the 5 MB the JobManager
            // keeps in memory (the job failed after a few thousand statements).
            Map<String, String> checkpoints =
                    Map.of(
                            "execution.checkpointing.dir",
                            savepoints.resolve("checkpoints").toUri().toString());
            try (RunningPipeline pipeline =
                    RunningPipeline.start(definition, 1, null, checkpoints)) {
                long few = savepointAfter(sql, pipeline, output, 0, 10);
                long many = savepointAfter(sql, pipeline, output, 10, statements);
                System.out.printf(
                        "The savepoint after 10 DDL statements: %,d bytes; after %,d more: %,d"
                                + " bytes%n",
                        few, statements, many);
                assertThat(many - few)
                        .as("growth over %d statements (about 1 KB each, uncompacted)", statements)
                        .isLessThan(10_000);
            }
        }
    }

    /**
     * Runs ADD and DROP COLUMN statements, then a row; the job's savepoint size once it arrived.
     */
    private long savepointAfter(
            Statement sql, RunningPipeline pipeline, String output, int first, int count)
            throws Exception {
        StringBuilder batch = new StringBuilder();
        for (int i = first; i < first + count; i++) {
            batch.append(
                    i % 2 == 0
                            ? "ALTER TABLE t ADD COLUMN c" + i + " INT;"
                            : "ALTER TABLE t DROP COLUMN c" + (i - 1) + ", ALGORITHM=COPY;");
            if (batch.length() > 10_000 || i == first + count - 1) {
                sql.execute(batch.toString());
                batch.setLength(0);
            }
        }
        int fence = first + count;
        sql.execute("INSERT INTO t (id, name) VALUES (" + fence + ", 'fence')");
        Await.until(pipeline, () -> rows(output).contains("id=" + fence + ","), true);
        return size(Path.of(URI.create(pipeline.savepoint(savepoints))));
    }

    private static String rows(String output) throws Exception {
        return String.join("\n", ValuesTables.of(output, SIZE_DB).getOrDefault("t", List.of()));
    }

    private static long size(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(Files::isRegularFile)
                    .mapToLong(
                            file -> {
                                try {
                                    return Files.size(file);
                                } catch (IOException e) {
                                    throw new IllegalStateException(e);
                                }
                            })
                    .sum();
        }
    }
}
