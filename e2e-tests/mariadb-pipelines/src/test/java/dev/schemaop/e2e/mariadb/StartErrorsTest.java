package dev.schemaop.e2e.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.connectors.values.sink.ValuesStore;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The mariadb source's errors at start, through the real command line: the factory connects at
 * submission, so each failure exits 2 with one message that says what is wrong and what to change,
 * no stack trace, and the password neither on stderr nor in the log. (Binlog settings cannot be
 * changed on this shared server: their message is unit-tested with a fake server, {@code
 * StartCheckTest}. A server-id in use cannot be seen before the start: see the report.)
 */
class StartErrorsTest {
    private static final String SECRET = "S3cret-Pa55word-e2e-maria";
    private static final String WRONG = "Wr0ng-Pa55word-e2e-maria";

    /** A user with only SELECT (created here, idempotently). */
    private static final String NO_PRIVS = "e2e_maria_noprivs";

    private static final String DB_PRIVS = "e2e_maria_errors_privs";
    private static final String DB_TABLES = "e2e_maria_errors_tables";
    private static final String DB_CLI = "e2e_maria_errors_cli";

    private static final String FIX = "Fix the source block.";

    @TempDir Path dir;

    @BeforeAll
    static void databasesAndUser() throws SQLException {
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement()) {
            for (String db : List.of(DB_PRIVS, DB_TABLES, DB_CLI)) {
                Servers.freshDatabase(sql, db);
                sql.execute(
                        "CREATE TABLE "
                                + db
                                + ".customers (id INT NOT NULL PRIMARY KEY, name TEXT)");
            }
            sql.execute("INSERT INTO " + DB_CLI + ".customers VALUES (1, 'ann'), (2, 'ben')");
            String user = "'" + NO_PRIVS + "'@'%'";
            sql.execute("CREATE USER IF NOT EXISTS " + user + " IDENTIFIED BY '" + SECRET + "'");
            sql.execute("ALTER USER " + user + " IDENTIFIED BY '" + SECRET + "'");
            sql.execute("REVOKE ALL PRIVILEGES, GRANT OPTION FROM " + user);
            sql.execute("GRANT SELECT ON *.* TO " + user);
        }
    }

    /** A pipeline from the mariadb source into the values sink. */
    private static String pipeline(
            String host, int port, String user, String password, String tables, String extra) {
        return "source:\n"
                + "  type: mariadb\n"
                + "  hostname: "
                + host
                + "\n  port: "
                + port
                + "\n  username: \""
                + user
                + "\"\n"
                + (password.isEmpty() ? "" : "  password: \"" + password + "\"\n")
                + "  tables: \""
                + tables.replace("\\", "\\\\")
                + "\"\n"
                + "  server-id: "
                + (5400 + (int) (Math.random() * 1000))
                + "\n  server-time-zone: UTC\n"
                + extra
                + "sink:\n  type: values\n"
                + "pipeline:\n  parallelism: 1\n";
    }

    /** Exit 2, no stack trace, no password anywhere; the lines of stderr. */
    private static List<String> assertRejected(CliRun run) throws Exception {
        assertThat(run.exitCode).as("exit code; stderr:\n%s", run.stderr).isEqualTo(2);
        assertThat(run.stderr).doesNotContain(SECRET).doesNotContain(WRONG);
        CliRun.assertNoStackTrace(run.stderr);
        Path log = Path.of("target", "test.log");
        if (Files.exists(log)) {
            assertThat(Files.readString(log))
                    .as("the log")
                    .doesNotContain(SECRET)
                    .doesNotContain(WRONG);
        }
        return run.stderr.strip().lines().toList();
    }

    /** The host the server sees this machine's connections come from, as in its messages. */
    private static String clientHost() throws SQLException {
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement();
                ResultSet rs = sql.executeQuery("SELECT SUBSTRING_INDEX(USER(), '@', -1)")) {
            rs.next();
            return rs.getString(1);
        }
    }

    @Test
    void aWrongPasswordNamesTheCredentialsWithoutThePassword() throws Exception {
        CliRun run =
                CliRun.run(
                        dir,
                        pipeline(
                                Servers.MARIADB_HOST,
                                Servers.MARIADB_PORT,
                                NO_PRIVS,
                                WRONG,
                                DB_PRIVS + ".customers",
                                ""));

        assertThat(assertRejected(run))
                .containsExactly(
                        run.at("  password:")
                                + "the 'mariadb' source connector rejected its options: The"
                                + " mariadb source cannot connect to MariaDB at "
                                + Servers.MARIADB_HOST
                                + ":"
                                + Servers.MARIADB_PORT
                                + " as user '"
                                + NO_PRIVS
                                + "': Access denied for user '"
                                + NO_PRIVS
                                + "'@'"
                                + clientHost()
                                + "' (using password: YES). Check the credentials: the source"
                                + " options 'username' and 'password'.",
                        FIX);
    }

    @Test
    void anUnreachablePortNamesHostAndPort() throws Exception {
        CliRun run =
                CliRun.run(
                        dir,
                        pipeline(
                                Servers.MARIADB_HOST,
                                1,
                                NO_PRIVS,
                                SECRET,
                                DB_PRIVS + ".customers",
                                "  connect.timeout: 5s\n"));

        assertThat(assertRejected(run))
                .containsExactly(
                        run.at("  hostname:")
                                + "the 'mariadb' source connector rejected its options: The"
                                + " mariadb source cannot connect to MariaDB at "
                                + Servers.MARIADB_HOST
                                + ":1 as user '"
                                + NO_PRIVS
                                + "': Socket fail to connect to "
                                + Servers.MARIADB_HOST
                                + ":1. Connection refused. Check 'hostname'"
                                + " and 'port', and that the server runs and accepts connections"
                                + " from here within 'connect.timeout' (5 s).",
                        FIX);
    }

    @Test
    void missingPrivilegesNameTheGrant() throws Exception {
        CliRun run =
                CliRun.run(
                        dir,
                        pipeline(
                                Servers.MARIADB_HOST,
                                Servers.MARIADB_PORT,
                                NO_PRIVS,
                                SECRET,
                                DB_PRIVS + ".customers",
                                ""));

        assertThat(assertRejected(run))
                .containsExactly(
                        "The mariadb source's user '"
                                + NO_PRIVS
                                + "'@'%' at "
                                + Servers.MARIADB_HOST
                                + ":"
                                + Servers.MARIADB_PORT
                                + " lacks privileges the source needs to snapshot the tables and"
                                + " read the binlog: RELOAD, SHOW DATABASES, REPLICATION SLAVE,"
                                + " BINLOG MONITOR. As an administrator, run: GRANT RELOAD, SHOW"
                                + " DATABASES, REPLICATION SLAVE, BINLOG MONITOR ON *.* TO '"
                                + NO_PRIVS
                                + "'@'%';");
    }

    /**
     * The message lists the databases the user sees, which other work on this server changes: the
     * expectation is read before and after the run, and the run repeated (a few times at most) when
     * a database came or went meanwhile.
     */
    @Test
    void tablesThatMatchNothingNameThePatternsAndTheDatabases() throws Exception {
        String tables = DB_TABLES + ".nope," + DB_TABLES + "_missing.\\.*";
        for (int attempt = 1; ; attempt++) {
            String databases = visibleDatabases();
            CliRun run =
                    CliRun.run(
                            dir,
                            pipeline(
                                    Servers.MARIADB_HOST,
                                    Servers.MARIADB_PORT,
                                    Servers.MARIADB_USER,
                                    Servers.MARIADB_PASSWORD,
                                    tables,
                                    ""));
            if (!databases.equals(visibleDatabases()) && attempt < 5) {
                continue;
            }
            assertThat(assertRejected(run))
                    .containsExactly(
                            run.at("  tables:")
                                    + "the 'mariadb' source connector rejected its options:"
                                    + " Option 'tables' of the mariadb source matches no table"
                                    + " that user '"
                                    + Servers.MARIADB_USER
                                    + "' sees at "
                                    + Servers.MARIADB_HOST
                                    + ":"
                                    + Servers.MARIADB_PORT
                                    + ": '"
                                    + DB_TABLES
                                    + ".nope' matches database "
                                    + DB_TABLES
                                    + " but none of its tables ("
                                    + DB_TABLES
                                    + ".customers); '"
                                    + DB_TABLES
                                    + "_missing.\\.*' matches no database. Databases there: "
                                    + databases
                                    + ". Write each entry as database.table, both regular"
                                    + " expressions (\\. is any character), e.g. app_db.orders or"
                                    + " app_db.\\.*",
                            FIX);
            return;
        }
    }

    /**
     * A Debezium option that would replace a part the source owns (here its offset storage, which
     * lives in Flink's checkpoints) is refused before the server is asked, naming it.
     */
    @Test
    void aDebeziumOptionTheSourceOwnsIsRefused() throws Exception {
        CliRun run =
                CliRun.run(
                        dir,
                        pipeline(
                                Servers.MARIADB_HOST,
                                Servers.MARIADB_PORT,
                                NO_PRIVS,
                                SECRET,
                                DB_PRIVS + ".customers",
                                "  debezium.offset.storage:"
                                        + " org.apache.kafka.connect.storage.FileOffsetBackingStore\n"));

        assertThat(assertRejected(run))
                .containsExactly(
                        run.at("  debezium.offset.storage:")
                                + "the 'mariadb' source connector rejected its options: Option"
                                + " 'debezium.offset.storage' of the mariadb source cannot be"
                                + " passed to Debezium: the source keeps Debezium's binlog"
                                + " position in Flink's checkpoints (Debezium's offset storage is"
                                + " the source's), so that a restore resumes right after the"
                                + " checkpoint's last event; another store would resume"
                                + " elsewhere. Remove it; resume a job from a checkpoint or"
                                + " savepoint (-s), and choose where a new job starts with"
                                + " 'scan.startup.mode'.",
                        FIX);
    }

    /** As the message names them: up to 20, system databases left out, then how many more. */
    private static String visibleDatabases() throws SQLException {
        List<String> names = new ArrayList<>();
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement();
                ResultSet rs = sql.executeQuery("SHOW DATABASES")) {
            while (rs.next()) {
                if (!Set.of("information_schema", "performance_schema", "mysql", "sys")
                        .contains(rs.getString(1).toLowerCase(Locale.ROOT))) {
                    names.add(rs.getString(1));
                }
            }
        }
        return names.size() <= 20
                ? String.join(", ", names)
                : String.join(", ", names.subList(0, 20)) + " and " + (names.size() - 20) + " more";
    }

    /**
     * The command line finds the mariadb source on its class path (no --jar) and runs a pipeline of
     * it: a snapshot-only source is bounded, so the run ends, exit 0, nothing on stderr.
     */
    @Test
    void aSnapshotPipelineRunsThroughTheCommandLine() throws Exception {
        String output = dir.resolve("values.json").toString();
        CliRun run =
                CliRun.run(
                        dir,
                        pipeline(
                                        Servers.MARIADB_HOST,
                                        Servers.MARIADB_PORT,
                                        Servers.MARIADB_USER,
                                        Servers.MARIADB_PASSWORD,
                                        DB_CLI + ".customers",
                                        "  scan.startup.mode: snapshot\n")
                                .replace(
                                        "sink:\n  type: values\n",
                                        "sink:\n  type: values\n  output.path: " + output + "\n"));

        assertThat(run.exitCode).as("exit code; stderr:\n%s", run.stderr).isZero();
        assertThat(run.stderr).isBlank();
        assertThat(ValuesStore.forPath(output).toJson())
                .contains("\"" + DB_CLI + ".customers\"")
                .contains("\"name\" : \"ann\"")
                .contains("\"name\" : \"ben\"");
    }
}
