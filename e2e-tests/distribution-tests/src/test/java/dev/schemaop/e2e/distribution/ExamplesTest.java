package dev.schemaop.e2e.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

/**
 * Every pipeline of conf/examples as its header says to run it, from the project root: {@code
 * bin/flink-cdc.sh FILE} alone, no {@code --jar} (issue 26): each connector is found by its type.
 * The real-server ones against the local servers they name.
 */
class ExamplesTest {
    private static final Path ROOT =
            Path.of(System.getProperty("repository.root")).toAbsolutePath().normalize();
    private static final Set<String> RUN = new TreeSet<>();

    private static ScriptRun example(String file) throws Exception {
        RUN.add(file);
        return ScriptRun.run(ROOT, ROOT, Map.of(), "conf/examples/" + file, "--no-web-ui");
    }

    @Test
    void demo() throws Exception {
        Files.deleteIfExists(ROOT.resolve("target/demo-result.json"));

        example("demo.yaml").succeeded();

        assertThat(Orders.inValuesResult(ROOT.resolve("target/demo-result.json")))
                .containsExactlyElementsOf(Orders.ROWS);
    }

    @Test
    void exactlyOnce() throws Exception {
        Files.deleteIfExists(ROOT.resolve("target/exactly-once-result.json"));

        example("exactly-once.yaml").succeeded();

        assertThat(Orders.inValuesResult(ROOT.resolve("target/exactly-once-result.json")))
                .containsExactlyElementsOf(Orders.ROWS);
    }

    @Test
    void valuesToPostgres() throws Exception {
        Orders.dropPostgresSchema();

        example("values-to-postgres.yaml").succeeded();

        try (Connection postgres = Servers.postgres()) {
            assertThat(Orders.inPostgres(postgres)).containsExactlyElementsOf(Orders.ROWS);
        }
    }

    @Test
    void valuesToPaimon() throws Exception {
        Path warehouse = ROOT.resolve("target/paimon-warehouse");
        deleteTree(warehouse);

        ScriptRun run = example("values-to-paimon.yaml").succeeded();

        // Its rows are read back through Paimon's API by e2e-tests/paimon-pipelines
        // (ValuesToPaimonExampleTest); Paimon is kept off this module's class path.
        assertThat(run.stderr).contains("7 rows written into 1 sink table (shop.orders 7)");
        assertThat(warehouse.resolve("shop.db/orders/snapshot/LATEST")).exists();
        assertThat(latestPaimonSchema(warehouse.resolve("shop.db/orders/schema")))
                .as("the table's last schema version: lenient kept every column")
                .containsExactly(
                        "id INT NOT NULL",
                        "customer VARCHAR(20)",
                        "amount DECIMAL(12, 4)",
                        "birthday_date DATE",
                        "note VARCHAR(40)",
                        "birthday VARCHAR(30)",
                        "buyer VARCHAR(20)");
    }

    /** The columns of a Paimon table's newest schema file (schema-N, JSON). */
    private static List<String> latestPaimonSchema(Path schemas) throws IOException {
        Path latest;
        try (Stream<Path> files = Files.list(schemas)) {
            latest =
                    files.filter(f -> f.getFileName().toString().startsWith("schema-"))
                            .max(
                                    Comparator.comparingInt(
                                            f ->
                                                    Integer.parseInt(
                                                            f.getFileName()
                                                                    .toString()
                                                                    .substring(
                                                                            "schema-".length()))))
                            .orElseThrow();
        }
        List<String> columns = new ArrayList<>();
        new ObjectMapper()
                .readTree(latest.toFile())
                .path("fields")
                .forEach(f -> columns.add(f.path("name").asText() + " " + f.path("type").asText()));
        return columns;
    }

    /**
     * A live pipeline: the snapshot of MariaDB's shop.orders reaches PostgreSQL, then an added
     * column and a row with it, as the example's header tells to try.
     */
    @Test
    void mariadbToPostgres() throws Exception {
        try (Connection mariadb = Servers.mariadb();
                Statement statement = mariadb.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS shop");
            statement.execute("CREATE DATABASE shop");
            statement.execute(
                    "CREATE TABLE shop.orders (id INT PRIMARY KEY, item VARCHAR(20) NOT NULL)");
            statement.execute("INSERT INTO shop.orders VALUES (1, 'tea'), (2, 'cake')");
        }
        Orders.dropPostgresSchema();
        RUN.add("mariadb-to-postgres.yaml");
        ScriptRun.Started pipeline =
                ScriptRun.start(
                        ROOT,
                        ROOT,
                        Map.of(),
                        "conf/examples/mariadb-to-postgres.yaml",
                        "--no-web-ui",
                        // the database was made anew: not what a checkpoint of an earlier test
                        // run, in the project's checkpoints/, read from
                        "--fresh");
        try {
            awaitRows(
                    "SELECT id, item FROM shop.orders ORDER BY id",
                    List.of("1|tea", "2|cake"),
                    pipeline);
            try (Connection mariadb = Servers.mariadb();
                    Statement statement = mariadb.createStatement()) {
                statement.execute("ALTER TABLE shop.orders ADD COLUMN note VARCHAR(40)");
                statement.execute("INSERT INTO shop.orders VALUES (3, 'jam', 'gift')");
            }
            awaitRows(
                    "SELECT id, item, note FROM shop.orders ORDER BY id",
                    List.of("1|tea|null", "2|cake|null", "3|jam|gift"),
                    pipeline);
        } finally {
            ScriptRun stopped = pipeline.stop();
            System.err.print(stopped.stderr);
        }
    }

    /**
     * The PostgreSQL source into MariaDB: the snapshot, then a column added in PostgreSQL and a row
     * with it, as the example's header tells to try.
     */
    @Test
    void postgresToMariadb() throws Exception {
        freshShopDatabase();
        try (Connection mariadb = Servers.mariadb();
                Statement statement = mariadb.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS shop_from_pg");
        }
        RUN.add("postgres-to-mariadb.yaml");
        ScriptRun.Started pipeline =
                ScriptRun.start(
                        ROOT,
                        ROOT,
                        Map.of(),
                        "conf/examples/postgres-to-mariadb.yaml",
                        "--no-web-ui",
                        "--fresh");
        try {
            awaitRows(
                    Servers::mariadb,
                    "SELECT id, item FROM shop_from_pg.orders ORDER BY id",
                    List.of("1|tea", "2|cake"),
                    pipeline);
            try (Connection shop = Servers.postgresShop();
                    Statement statement = shop.createStatement()) {
                statement.execute("ALTER TABLE orders ADD COLUMN note VARCHAR(40)");
                statement.execute("INSERT INTO orders VALUES (3, 'jam', 'gift')");
            }
            awaitRows(
                    Servers::mariadb,
                    "SELECT id, item, note FROM shop_from_pg.orders ORDER BY id",
                    List.of("1|tea|null", "2|cake|null", "3|jam|gift"),
                    pipeline);
        } finally {
            ScriptRun stopped = pipeline.stop();
            System.err.print(stopped.stderr);
            dropShopSlots();
        }
    }

    /**
     * The PostgreSQL source into Paimon: the snapshot commits a first snapshot of the table, then a
     * column added and one renamed in PostgreSQL become Paimon schema versions (read from the
     * warehouse's schema files: Paimon is kept off this module's class path).
     */
    @Test
    void postgresToPaimon() throws Exception {
        Path warehouse = ROOT.resolve("target/postgres-paimon-warehouse");
        deleteTree(warehouse);
        freshShopDatabase();
        RUN.add("postgres-to-paimon.yaml");
        ScriptRun.Started pipeline =
                ScriptRun.start(
                        ROOT,
                        ROOT,
                        Map.of(),
                        "conf/examples/postgres-to-paimon.yaml",
                        "--no-web-ui",
                        "--fresh",
                        "-D",
                        "execution.checkpointing.interval=1s");
        Path table = warehouse.resolve("shop_pg.db/orders");
        try {
            awaitTrue(() -> Files.exists(table.resolve("snapshot/LATEST")), pipeline);
            try (Connection shop = Servers.postgresShop();
                    Statement statement = shop.createStatement()) {
                statement.execute("ALTER TABLE orders ADD COLUMN note VARCHAR(40)");
                statement.execute("ALTER TABLE orders RENAME COLUMN item TO product");
                statement.execute("INSERT INTO orders VALUES (3, 'jam', 'gift')");
            }
            List<String> expected =
                    List.of("id INT NOT NULL", "product VARCHAR(20) NOT NULL", "note VARCHAR(40)");
            awaitTrue(() -> latestPaimonSchema(table.resolve("schema")).equals(expected), pipeline);
            assertThat(latestPaimonSchema(table.resolve("schema"))).isEqualTo(expected);
        } finally {
            ScriptRun stopped = pipeline.stop();
            System.err.print(stopped.stderr);
            dropShopSlots();
        }
    }

    /**
     * Drops the slots of the database shop once the example's walsender let them go: a slot left
     * behind keeps the server's WAL and takes one of its few slots from the next test.
     */
    private static void dropShopSlots() throws Exception {
        try (Connection admin = Servers.postgres();
                Statement statement = admin.createStatement()) {
            // the walsender of an example that just stopped may hold its slot a moment longer
            for (int i = 0; i < 100; i++) {
                try (ResultSet active =
                        statement.executeQuery(
                                "SELECT count(*) FROM pg_replication_slots"
                                        + " WHERE database = 'shop' AND active")) {
                    active.next();
                    if (active.getInt(1) == 0) {
                        break;
                    }
                }
                Thread.sleep(100);
            }
            statement.execute(
                    "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots"
                            + " WHERE database = 'shop' AND NOT active");
        }
    }

    /** PostgreSQL's database shop made anew with its orders, for the postgres examples. */
    private static void freshShopDatabase() throws Exception {
        dropShopSlots();
        try (Connection admin = Servers.postgres();
                Statement statement = admin.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS shop WITH (FORCE)");
            statement.execute("CREATE DATABASE shop");
        }
        try (Connection shop = Servers.postgresShop();
                Statement statement = shop.createStatement()) {
            statement.execute(
                    "CREATE TABLE orders (id INT PRIMARY KEY, item VARCHAR(20) NOT NULL)");
            statement.execute("INSERT INTO orders VALUES (1, 'tea'), (2, 'cake')");
        }
    }

    private static void awaitTrue(Callable<Boolean> condition, ScriptRun.Started pipeline)
            throws Exception {
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (System.nanoTime() < deadline) {
            assertThat(pipeline.process().isAlive())
                    .as("the pipeline runs; it ended with:\n%s", stderrOf(pipeline))
                    .isTrue();
            if (condition.call()) {
                return;
            }
            Thread.sleep(250);
        }
        throw new AssertionError("not reached within two minutes:\n" + stderrOf(pipeline));
    }

    /** The examples are all run: a new one gets its test here. */
    @AfterAll
    static void everyExampleRan() throws IOException {
        Set<String> pipelines = new TreeSet<>();
        try (Stream<Path> files = Files.list(ROOT.resolve("conf/examples"))) {
            for (Path file : files.toList()) {
                if (Files.readString(file).contains("\nsource:")) {
                    pipelines.add(file.getFileName().toString());
                }
            }
        }
        long tests =
                Arrays.stream(ExamplesTest.class.getDeclaredMethods())
                        .filter(m -> m.isAnnotationPresent(Test.class))
                        .count();
        if (RUN.size() == tests) { // not when a filter ran only some
            assertThat(RUN).as("the examples the tests ran").containsExactlyElementsOf(pipelines);
        }
    }

    private static void awaitRows(String query, List<String> expected, ScriptRun.Started pipeline)
            throws Exception {
        awaitRows(Servers::postgres, query, expected, pipeline);
    }

    private static void awaitRows(
            Callable<Connection> server,
            String query,
            List<String> expected,
            ScriptRun.Started pipeline)
            throws Exception {
        List<String> rows = List.of();
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (System.nanoTime() < deadline) {
            assertThat(pipeline.process().isAlive())
                    .as("the pipeline runs; it ended with:\n%s", stderrOf(pipeline))
                    .isTrue();
            rows = rows(server, query);
            if (rows.equals(expected)) {
                return;
            }
            Thread.sleep(250);
        }
        assertThat(rows).as("the sink's orders after two minutes").isEqualTo(expected);
    }

    private static String stderrOf(ScriptRun.Started pipeline) throws IOException {
        return Files.readString(pipeline.stderr());
    }

    private static List<String> rows(Callable<Connection> server, String query) throws Exception {
        try (Connection connection = server.call();
                Statement statement = connection.createStatement()) {
            List<String> rows = new ArrayList<>();
            try (ResultSet result = statement.executeQuery(query)) {
                while (result.next()) {
                    List<String> values = new ArrayList<>();
                    for (int i = 1; i <= result.getMetaData().getColumnCount(); i++) {
                        values.add(String.valueOf(result.getString(i)));
                    }
                    rows.add(String.join("|", values));
                }
            } catch (SQLException e) {
                if ("42P01".equals(e.getSQLState())
                        || "42703".equals(e.getSQLState())
                        || e.getErrorCode() == 1146 // MariaDB: no such table
                        || e.getErrorCode() == 1049 // MariaDB: no such database
                        || e.getErrorCode() == 1054) { // MariaDB: no such column
                    return List.of(); // the table or the column is not there yet
                }
                throw e;
            }
            return rows;
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }
}
