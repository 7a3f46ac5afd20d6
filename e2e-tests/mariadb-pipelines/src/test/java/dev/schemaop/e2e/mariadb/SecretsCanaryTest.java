package dev.schemaop.e2e.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.testing.CliProcess;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One canary secret, given in every place a run takes a secret: the MariaDB source's password and
 * two {@code debezium.*} options Flink takes for secrets, the PostgreSQL sink's password and the
 * {@code password} and {@code trustStorePassword} parameters of its url, a sensitive {@code -D}
 * Flink option, a Paimon {@code catalog.properties.*} secret. The command line runs as {@code
 * bin/flink-cdc.sh} runs it (a JVM of its own, its log file, the embedded web UI on): a {@code
 * check}, a run that restarts once (a lock times its writer out) and then ends on a connection the
 * database refuses, a submission whose sink cannot be reached ({@code --verbose}), a run into
 * Paimon. The canary is nowhere: not on stdout or stderr, not in the log directory, not in the
 * decision history, not in what the REST API (the web UI) answers about the running job, its
 * configuration and its exceptions. MariaDB checks the password; local PostgreSQL trusts its users
 * and never reads it, and nothing reads the trust store's.
 */
class SecretsCanaryTest {
    private static final String CANARY = "Kanarie-5ecret-7f3a9c";

    /** The MariaDB database and user, the PostgreSQL database and role, the sink's schema. */
    private static final String NAME = "e2e_secrets_canary";

    private static final Path PROJECT = Path.of("").toAbsolutePath().resolve("../..").normalize();
    private static final Pattern RUNNING_JOB =
            Pattern.compile("\"id\":\"([0-9a-f]{32})\",\"status\":\"RUNNING\"");
    private static final Pattern VERTEX =
            Pattern.compile("\"id\":\"([0-9a-f]{32})\",\"slotSharing");

    private final HttpClient http = HttpClient.newHttpClient();

    /** What a user or an operator reads, by where it was read. */
    private final Map<String, String> read = new LinkedHashMap<>();

    @TempDir Path dir;

    @BeforeAll
    static void usersWhosePasswordIsTheCanary() throws SQLException {
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement()) {
            String user = "'" + NAME + "'@'%'";
            sql.execute("CREATE USER IF NOT EXISTS " + user + " IDENTIFIED BY '" + CANARY + "'");
            sql.execute("ALTER USER " + user + " IDENTIFIED BY '" + CANARY + "'");
            sql.execute(
                    "GRANT SELECT, RELOAD, SHOW DATABASES, REPLICATION SLAVE, REPLICATION CLIENT,"
                            + " BINLOG MONITOR ON *.* TO "
                            + user);
        }
        try (Connection pg = Servers.postgres();
                Statement sql = pg.createStatement()) {
            sql.execute(
                    "DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '"
                            + NAME
                            + "') THEN CREATE ROLE "
                            + NAME
                            + "; END IF; END $$");
            sql.execute("ALTER ROLE " + NAME + " LOGIN PASSWORD '" + CANARY + "'");
            if (!sql.executeQuery("SELECT FROM pg_database WHERE datname = '" + NAME + "'")
                    .next()) {
                sql.execute("CREATE DATABASE " + NAME + " OWNER " + NAME);
            }
        }
    }

    @Test
    void aCheckARestartedRunAndItsFailureShowTheCanaryNowhere() throws Exception {
        try (Connection maria = Servers.mariadb();
                Statement source = maria.createStatement();
                PostgresTables sink = PostgresTables.fresh(Servers.postgres(sinkUrl()), NAME)) {
            Servers.freshDatabase(source, NAME);
            source.execute("CREATE TABLE " + NAME + ".items (id INT PRIMARY KEY, name TEXT)");
            source.execute("INSERT INTO " + NAME + ".items VALUES (1, 'a'), (2, 'b')");
            Path pipeline = write("pipeline.yaml", mariadbIntoPostgres(sinkUrl()));
            String flinkSecret = "security.ssl.internal.key-password=" + CANARY;

            try (CliProcess check =
                    CliProcess.flinkCdc(
                            PROJECT,
                            dir.resolve("check"),
                            List.of("check", pipeline.toString(), "-D", flinkSecret))) {
                assertThat(check.waitFor(Duration.ofMinutes(2))).isZero();
                assertThat(check.stdout()).contains(NAME + ".items");
                readAll("check", check);
            }

            int restPort = freePort();
            try (CliProcess run =
                    CliProcess.flinkCdc(
                            PROJECT,
                            dir.resolve("run"),
                            List.of(
                                    pipeline.toString(),
                                    "-D",
                                    "execution.checkpointing.interval=1s",
                                    "-D",
                                    "rest.port=" + restPort,
                                    "-D",
                                    flinkSecret))) {
                await(run, () -> sink.rows("items"), List.of("id=1, name=a", "id=2, name=b"));
                String rest = "http://localhost:" + restPort;
                String job = await(run, () -> runningJob(rest), null);
                readJobEndpoints(rest, job);

                source.execute("ALTER TABLE " + NAME + ".items ADD COLUMN note TEXT");
                await(run, () -> sink.columns("items").size(), 3);

                restartOnceOnALockTimeout(run, source, sink, rest, job);

                // The sink's role may no longer log in and loses its connections: the next write
                // is refused, which ends the job with one message.
                try (Connection pg = Servers.postgres();
                        Statement admin = pg.createStatement()) {
                    admin.execute("ALTER ROLE " + NAME + " NOLOGIN");
                    admin.execute(
                            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename"
                                    + " = '"
                                    + NAME
                                    + "'");
                }
                source.execute("INSERT INTO " + NAME + ".items VALUES (4, 'd', 'after')");

                assertThat(run.waitFor(Duration.ofMinutes(2))).as("exit code").isEqualTo(1);
                assertThat(run.stderr())
                        .contains(
                                "The postgres sink cannot connect as user '"
                                        + NAME
                                        + "' at "
                                        + Servers.postgresUrl(NAME)
                                        + "?password=***&trustStorePassword=***");
                readAll("run", run);
            } finally {
                try (Connection pg = Servers.postgres();
                        Statement admin = pg.createStatement()) {
                    admin.execute("ALTER ROLE " + NAME + " LOGIN");
                }
            }
            readHistory();
        }

        assertThat(read.get("run: log"))
                .as("Debezium's configuration, as it logs it at start")
                .contains("   database.password = ***", "   canary.token = ***");
        assertThat(read.get("REST /jobs/<id>/jobmanager/config"))
                .as("Flink hides the -D option")
                .contains("{\"key\":\"security.ssl.internal.key-password\",\"value\":\"******\"}");
        assertThat(read.get("REST /jobs/<id>/exceptions"))
                .as("the restart's exception")
                .contains("lock timeout", "password=***&trustStorePassword=***");
        assertThat(read.get("history")).contains("\"outcome\":\"applied\"");
        assertNoCanary();
    }

    @Test
    void aSinkThatCannotBeReachedAtSubmissionShowsTheCanaryNowhere() throws Exception {
        try (Connection maria = Servers.mariadb();
                Statement source = maria.createStatement()) {
            Servers.freshDatabase(source, NAME);
            source.execute("CREATE TABLE " + NAME + ".items (id INT PRIMARY KEY, name TEXT)");
        }
        String unreachable = "jdbc:postgresql://127.0.0.1:1/" + NAME;
        Path pipeline = write("pipeline.yaml", mariadbIntoPostgres(unreachable));

        try (CliProcess run =
                CliProcess.flinkCdc(
                        PROJECT,
                        dir.resolve("run"),
                        List.of(
                                pipeline.toString(),
                                "--verbose",
                                "-D",
                                "security.ssl.internal.key-password=" + CANARY))) {
            assertThat(run.waitFor(Duration.ofMinutes(2))).as("exit code").isEqualTo(2);
            assertThat(run.stderr())
                    .contains(
                            "The postgres sink cannot connect as user '"
                                    + NAME
                                    + "' at "
                                    + unreachable
                                    + "?password=***&trustStorePassword=***"
                                    + "&options=-c%20lock_timeout%3D500: Connection to"
                                    + " 127.0.0.1:1 refused.")
                    .contains("\tat "); // --verbose: the stack trace, causes included
            readAll("run", run);
        }

        assertNoCanary();
    }

    @Test
    void aRunIntoPaimonShowsItsCatalogSecretNowhere() throws Exception {
        Path examples = PROJECT.resolve("conf/examples");
        Path pipeline =
                write(
                        "pipeline.yaml",
                        Files.readString(examples.resolve("values-to-paimon.yaml"))
                                        .replace(
                                                "script: orders-events.yaml",
                                                "script: " + examples.resolve("orders-events.yaml"))
                                        .replace(
                                                "target/paimon-warehouse",
                                                dir.resolve("warehouse").toUri().toString())
                                        .replace(
                                                "  table.properties.bucket: 2",
                                                "  catalog.properties.fs.s3a.secret.key: \""
                                                        + CANARY
                                                        + "\"\n  table.properties.bucket: 2")
                                + "  schema-history.dir: history\n");

        try (CliProcess run =
                CliProcess.flinkCdc(
                        PROJECT,
                        dir.resolve("run"),
                        List.of("--jar", paimonConnectorJar(), pipeline.toString()))) {
            assertThat(run.waitFor(Duration.ofMinutes(3))).as("exit code").isZero();
            readAll("run", run);
        }
        readHistory();

        assertThat(read.get("history")).contains("\"outcome\":\"applied\"");
        assertNoCanary();
    }

    // ------------------------------------------------------------------------------ the run

    /** The MariaDB source into the PostgreSQL sink at {@code url}, the canary in each secret. */
    private static String mariadbIntoPostgres(String url) {
        return "source:\n"
                + "  type: mariadb\n"
                + "  hostname: "
                + Servers.MARIADB_HOST
                + "\n  port: "
                + Servers.MARIADB_PORT
                + "\n  username: "
                + NAME
                + "\n  password: \""
                + CANARY
                + "\"\n  tables: "
                + NAME
                + ".items\n  server-id: "
                + (5400 + (int) (Math.random() * 1000))
                + "\n  server-time-zone: UTC\n"
                // a driver option Debezium and the snapshot pass on (no TLS: never read)
                + "  debezium.database.trustStorePassword: \""
                + CANARY
                + "\"\n"
                // an option Debezium does not know, whose name Flink takes for a secret's
                + "  debezium.canary.token: \""
                + CANARY
                + "\"\n"
                + "sink:\n"
                + "  type: postgres\n"
                + "  url: \""
                + url
                + (url.contains("?") ? "&" : "?")
                + "password="
                + CANARY
                + "&trustStorePassword="
                + CANARY
                // a write waits at most 500 ms for a lock (restartOnceOnALockTimeout)
                + "&options=-c%20lock_timeout%3D500\"\n"
                + "  username: "
                + NAME
                + "\n  password: \""
                + CANARY
                + "\"\n"
                + "  sink.buffer-flush.interval: 100ms\n"
                + "pipeline:\n"
                + "  name: secrets canary\n"
                + "  parallelism: 1\n"
                + "  schema-history.dir: history\n";
    }

    private static String sinkUrl() {
        return Servers.postgresUrl(NAME);
    }

    /**
     * A write the table's lock holds up past {@code lock_timeout} fails the writer (not a failure
     * that ends the job): Flink restarts it, and the REST API lists the exception while the job
     * runs again. The lock is released once it is listed.
     */
    private void restartOnceOnALockTimeout(
            CliProcess run, Statement source, PostgresTables sink, String rest, String job)
            throws Exception {
        try (Connection locker = Servers.postgres(sinkUrl());
                Statement lock = locker.createStatement()) {
            locker.setAutoCommit(false);
            lock.execute("LOCK TABLE " + NAME + ".items IN ACCESS EXCLUSIVE MODE");
            source.execute("INSERT INTO " + NAME + ".items VALUES (3, 'c', 'locked')");
            String exceptions =
                    await(
                            run,
                            () -> {
                                String body = get(rest + "/jobs/" + job + "/exceptions");
                                return body.contains("lock timeout") ? body : null;
                            },
                            null);
            read.put("REST /jobs/<id>/exceptions", exceptions);
            locker.commit();
        }
        await(run, () -> sink.rows("items").size(), 3); // the restarted job wrote row 3
        readJobEndpoints(rest, job);
    }

    /** Every REST endpoint about the job the web UI reads, and the cluster's configuration. */
    private void readJobEndpoints(String rest, String job) throws Exception {
        List<String> paths =
                new ArrayList<>(
                        List.of(
                                "/jobs/" + job,
                                "/jobs/" + job + "/config",
                                "/jobs/" + job + "/plan",
                                "/jobs/" + job + "/exceptions",
                                "/jobs/" + job + "/accumulators",
                                "/jobs/" + job + "/checkpoints",
                                "/jobs/" + job + "/checkpoints/config",
                                "/jobs/" + job + "/jobmanager/config",
                                "/jobs/" + job + "/jobmanager/environment",
                                "/jobmanager/config",
                                "/jobmanager/environment",
                                "/taskmanagers"));
        Matcher vertex = VERTEX.matcher(get(rest + "/jobs/" + job));
        assertThat(vertex.find()).as("the job's vertices").isTrue();
        vertex.reset();
        while (vertex.find()) {
            paths.add("/jobs/" + job + "/vertices/" + vertex.group(1));
            paths.add("/jobs/" + job + "/vertices/" + vertex.group(1) + "/accumulators");
            paths.add("/jobs/" + job + "/vertices/" + vertex.group(1) + "/taskmanagers");
        }
        for (String path : paths) {
            String key = "REST " + path.replace(job, "<id>");
            read.merge(key, get(rest + path), (before, now) -> before + "\n" + now);
        }
    }

    private String runningJob(String rest) {
        try {
            Matcher running = RUNNING_JOB.matcher(get(rest + "/jobs"));
            return running.find() ? running.group(1) : null;
        } catch (IOException notYet) {
            return null; // the web UI is not up yet
        }
    }

    private String get(String url) throws IOException {
        try {
            HttpResponse<String> response =
                    http.send(
                            HttpRequest.newBuilder(URI.create(url)).build(),
                            HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as("GET %s: %s", url, response.body()).isEqualTo(200);
            return response.body();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    /**
     * Waits for {@code probe} to give {@code expected} (for a null {@code expected}: anything but
     * null) while the run is alive; returns what it gave.
     */
    private static <T> T await(CliProcess run, Callable<T> probe, T expected) throws Exception {
        long deadline = System.currentTimeMillis() + 90_000;
        T last = null;
        while (System.currentTimeMillis() < deadline) {
            assertThat(run.isAlive()).as("the run ended early: %s", run.stderr()).isTrue();
            try {
                last = probe.call();
            } catch (SQLException notYet) {
                last = null; // e.g. the table is not created yet
            }
            if (expected == null ? last != null : expected.equals(last)) {
                return last;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("still " + last + ", not " + expected + "; " + run.stderr());
    }

    // ------------------------------------------------------------------------------ reading

    private void readAll(String name, CliProcess run) throws IOException {
        read.put(name + ": stdout", run.stdout());
        read.put(name + ": stderr", run.stderr());
        read.put(name + ": log", filesUnder(run.logDirectory()));
    }

    private void readHistory() throws IOException {
        read.put("history", filesUnder(dir.resolve("history")));
    }

    /**
     * Every file under the directory, one after another (a run that ends at submission may have
     * logged nothing).
     */
    private static String filesUnder(Path directory) throws IOException {
        StringBuilder all = new StringBuilder();
        if (!Files.isDirectory(directory)) {
            return "";
        }
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                all.append(Files.readString(file, StandardCharsets.UTF_8));
            }
        }
        return all.toString();
    }

    private void assertNoCanary() {
        read.forEach(
                (where, text) ->
                        assertThat(text).as("what %s shows", where).doesNotContain(CANARY));
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static String paimonConnectorJar() {
        String jar = System.getProperty("paimon.connector.jar");
        assertThat(jar).as("system property paimon.connector.jar (set by surefire)").isNotBlank();
        assertThat(Path.of(jar)).as("build pipeline-connectors/paimon first").isRegularFile();
        return jar;
    }
}
