package dev.schemaop.e2e.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Credentials and privileges that stop working while the job runs: the user's password changed (or
 * a privilege revoked), then its connections killed, so that the binlog reader reconnects. With
 * checkpointing on and Flink's default restart strategy, every restart would be refused the same
 * way; the job ends at once instead, exit 1, with one message and no password anywhere. The users
 * are this test's own, created and dropped here. The timeout only guards against the restart loop
 * this replaced.
 */
class RunTimeCredentialsTest {
    private static final String ROTATED = "e2e_maria_m24_rotated";
    private static final String REVOKED = "e2e_maria_m24_revoked";
    private static final String FIRST = "F1rst-Pa55word-e2e-m24";
    private static final String SECOND = "Sec0nd-Pa55word-e2e-m24";

    @TempDir Path dir;

    @AfterAll
    static void dropUsers() throws SQLException {
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement()) {
            for (String user : List.of(ROTATED, REVOKED)) {
                sql.execute("DROP USER IF EXISTS '" + user + "'@'%'");
            }
        }
    }

    /** A user with the privileges the source needs, and a table with two rows. */
    private static void userAndTable(Statement sql, String user, String db) throws SQLException {
        String account = "'" + user + "'@'%'";
        sql.execute("DROP USER IF EXISTS " + account);
        sql.execute("CREATE USER " + account + " IDENTIFIED BY '" + FIRST + "'");
        sql.execute(
                "GRANT SELECT, RELOAD, SHOW DATABASES, REPLICATION SLAVE, BINLOG MONITOR ON *.* TO "
                        + account);
        Servers.freshDatabase(sql, db);
        sql.execute("CREATE TABLE " + db + ".items (id INT NOT NULL PRIMARY KEY, name TEXT)");
        sql.execute("INSERT INTO " + db + ".items VALUES (1, 'a'), (2, 'b')");
    }

    private static String pipeline(String user, String db) {
        return "source:\n  type: mariadb\n  hostname: "
                + Servers.MARIADB_HOST
                + "\n  port: "
                + Servers.MARIADB_PORT
                + "\n  username: "
                + user
                + "\n  password: \""
                + FIRST
                + "\"\n  tables: "
                + db
                + ".items\n  server-id: "
                + (5400 + (int) (Math.random() * 1000))
                + "\n  server-time-zone: UTC\n"
                + Servers.postgresSinkBlock()
                + "pipeline:\n  parallelism: 1\n";
    }

    /** Runs the pipeline, does {@code change} once its snapshot arrived, returns how it ended. */
    private CliRun runAndChange(String user, String db, String change) throws Exception {
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement();
                PostgresTables pg = PostgresTables.fresh(db)) {
            userAndTable(sql, user, db);
            CompletableFuture<CliRun> running =
                    CliRun.start(
                            dir, pipeline(user, db), "-D", "execution.checkpointing.interval=1s");
            List<String> snapshot = List.of("id=1, name=a", "id=2, name=b");
            assertThat(Await.until(running, () -> pg.rows("items"), snapshot)).isEqualTo(snapshot);

            List<Long> connections = connectionsOnceReadingTheBinlog(sql, user);
            sql.execute(change);
            for (long id : connections) {
                sql.execute("KILL CONNECTION " + id);
            }
            sql.execute("INSERT INTO " + db + ".items VALUES (3, 'c')");
            return running.get(150, TimeUnit.SECONDS);
        }
    }

    /**
     * The connections of {@code user} once the binlog reader's is among them (Debezium connects
     * after the snapshot's rows went out).
     */
    private static List<Long> connectionsOnceReadingTheBinlog(Statement sql, String user)
            throws Exception {
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline) {
            List<Long> ids = new ArrayList<>();
            boolean binlogReader = false;
            try (ResultSet rs =
                    sql.executeQuery(
                            "SELECT ID, COMMAND FROM information_schema.PROCESSLIST WHERE USER = '"
                                    + user
                                    + "'")) {
                while (rs.next()) {
                    ids.add(rs.getLong(1));
                    binlogReader |= rs.getString(2).startsWith("Binlog Dump");
                }
            }
            if (binlogReader) {
                return ids;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the source's binlog reader did not connect within 60 s");
    }

    private static void assertEndedWithoutSecrets(CliRun run) throws Exception {
        assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isEqualTo(1);
        assertThat(run.stderr).doesNotContain("\tat ").doesNotContain(FIRST).doesNotContain(SECOND);
        Path log = Path.of("target", "test.log");
        if (Files.exists(log)) {
            assertThat(Files.readString(log))
                    .as("the log")
                    .doesNotContain(FIRST)
                    .doesNotContain(SECOND);
        }
    }

    @Test
    @Timeout(180)
    void aPasswordChangedWhileRunningEndsTheJobNamingTheCredentials() throws Exception {
        CliRun run =
                runAndChange(
                        ROTATED,
                        "e2e_maria_m24_rotated",
                        "ALTER USER '" + ROTATED + "'@'%' IDENTIFIED BY '" + SECOND + "'");

        assertEndedWithoutSecrets(run);
        assertThat(run.stderr)
                .containsOnlyOnce(
                        "The MariaDB server at "
                                + Servers.MARIADB_HOST
                                + ":"
                                + Servers.MARIADB_PORT
                                + " refused the mariadb source's user '"
                                + ROTATED
                                + "' while the job ran: Access denied for user '"
                                + ROTATED
                                + "'@'")
                .contains(
                        "' (using password: YES). Check the credentials (has the user's"
                                + " password changed?): the source options 'username' and"
                                + " 'password'. A restart would be refused the same way, so the"
                                + " job ends; resubmit from the last checkpoint or savepoint (-s)"
                                + " once the server accepts the source.");
    }

    @Test
    @Timeout(180)
    void aPrivilegeRevokedWhileRunningEndsTheJobNamingTheGrant() throws Exception {
        CliRun run =
                runAndChange(
                        REVOKED,
                        "e2e_maria_m24_revoked",
                        "REVOKE REPLICATION SLAVE ON *.* FROM '" + REVOKED + "'@'%'");

        assertEndedWithoutSecrets(run);
        String account = "'" + REVOKED + "'@'%'";
        assertThat(run.stderr)
                .containsOnlyOnce(
                        "The mariadb source's user "
                                + account
                                + " at "
                                + Servers.MARIADB_HOST
                                + ":"
                                + Servers.MARIADB_PORT
                                + " lost privileges the source needs while the job ran:"
                                + " REPLICATION SLAVE. As an administrator, run: GRANT REPLICATION"
                                + " SLAVE ON *.* TO "
                                + account
                                + "; A restart would be refused the same way, so the job ends;"
                                + " resubmit from the last checkpoint or savepoint (-s) once the"
                                + " server accepts the source.");
    }
}
