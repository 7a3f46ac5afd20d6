package dev.schemaop.e2e.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.e2e.mariadb.CliRun;
import dev.schemaop.e2e.mariadb.Servers;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.postgresql.PGConnection;
import org.postgresql.core.BaseConnection;
import org.postgresql.replication.PGReplicationStream;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;

/**
 * The postgres source's errors at start, through the real command line: the factory connects at
 * submission, so each failure exits 2 with one message that says what is wrong and what to change,
 * and no stack trace. The wal_level message is shown by a second server of the machine's that runs
 * with PostgreSQL's default, wal_level=replica ({@code replica-wal-server.sh}): the machine's own
 * runs with wal_level=logical, which only a restart changes.
 */
class StartErrorsTest {
    private static final String DB = "e2e_pgsrc_errors";

    @TempDir Path dir;

    private static String pipeline(SourceDatabase source, String user, String tables, String slot) {
        return source.sourceBlock(tables, slot, "")
                        .replace(
                                "username: \"" + Servers.POSTGRES_USER + "\"",
                                "username: \"" + user + "\"")
                + "sink:\n  type: values\npipeline:\n  parallelism: 1\n";
    }

    private static List<String> rejected(CliRun run) {
        assertThat(run.exitCode).as("exit code; stderr:\n%s", run.stderr).isEqualTo(2);
        CliRun.assertNoStackTrace(run.stderr);
        return run.stderr.strip().lines().toList();
    }

    @Test
    void aTableWithoutAReplicaIdentityIsNamedWithTheFix() throws Exception {
        try (SourceDatabase source = SourceDatabase.fresh(DB)) {
            source.execute("CREATE TABLE keyed (id INT PRIMARY KEY)");
            source.execute("CREATE TABLE log_lines (at TIMESTAMP, line TEXT)");
            CliRun run =
                    CliRun.run(
                            dir,
                            pipeline(source, Servers.POSTGRES_USER, "public.\\.*", "e2e_errors"));
            assertThat(rejected(run))
                    .containsExactly(
                            "The postgres source captures tables without a replica identity"
                                    + " (public.log_lines): in the source's publication,"
                                    + " PostgreSQL would refuse the application's UPDATE and"
                                    + " DELETE on them. Give each a primary key, or run ALTER"
                                    + " TABLE public.log_lines REPLICA IDENTITY FULL; (and so for"
                                    + " the others), or leave them out of 'tables'.");
        }
    }

    @Test
    void aSlotReadByAnotherConnectionIsRefused() throws Exception {
        try (SourceDatabase source = SourceDatabase.fresh(DB)) {
            source.execute("CREATE TABLE t (id INT PRIMARY KEY)");
            source.execute("CREATE PUBLICATION e2e_held FOR TABLE t");
            Properties replication = new Properties();
            replication.setProperty("user", Servers.POSTGRES_USER);
            replication.setProperty("replication", "database");
            replication.setProperty("assumeMinServerVersion", "10");
            replication.setProperty("preferQueryMode", "simple");
            try (Connection holder =
                    DriverManager.getConnection(Servers.postgresUrl(DB), replication)) {
                PGConnection pg = holder.unwrap(PGConnection.class);
                pg.getReplicationAPI()
                        .createReplicationSlot()
                        .logical()
                        .withSlotName("e2e_held")
                        .withOutputPlugin("pgoutput")
                        .make();
                try (PGReplicationStream stream =
                        pg.getReplicationAPI()
                                .replicationStream()
                                .logical()
                                .withSlotName("e2e_held")
                                .withSlotOption("proto_version", 1)
                                .withSlotOption("publication_names", "e2e_held")
                                .start()) {
                    CliRun run =
                            CliRun.run(
                                    dir,
                                    pipeline(
                                            source, Servers.POSTGRES_USER, "public.t", "e2e_held"));
                    List<String> lines = rejected(run);
                    assertThat(lines).hasSize(1);
                    assertThat(lines.get(0))
                            .startsWith("The replication slot 'e2e_held' on postgresql://")
                            .contains(
                                    " is in use by another connection (pid "
                                            + ((BaseConnection) holder.unwrap(BaseConnection.class))
                                                    .getQueryExecutor()
                                                    .getBackendPID()
                                            + "): another job reads it. Give this pipeline a"
                                            + " 'slot.name' of its own, or stop the other job.");
                }
            }
        }
    }

    /**
     * A user who is no superuser: the event trigger, asked for, is refused with what to do; left
     * unset, the source reads Relation messages, and tells what that needs which the user lacks,
     * one thing at a time.
     */
    @Test
    void aUserWhoIsNoSuperuserIsToldWhatEachCaptureNeeds() throws Exception {
        try (SourceDatabase source = SourceDatabase.fresh(DB);
                Connection admin = Servers.postgres();
                Statement sql = admin.createStatement()) {
            source.execute("CREATE TABLE t (id INT PRIMARY KEY)");
            for (String role : List.of("e2e_pg_repl", "e2e_pg_norepl")) {
                sql.execute(
                        "DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '"
                                + role
                                + "') THEN CREATE ROLE "
                                + role
                                + "; END IF; END $$");
            }
            sql.execute("ALTER ROLE e2e_pg_repl LOGIN REPLICATION NOSUPERUSER");
            sql.execute("ALTER ROLE e2e_pg_norepl LOGIN NOREPLICATION NOSUPERUSER");

            CliRun trigger =
                    CliRun.run(
                            dir,
                            pipeline(source, "e2e_pg_repl", "public.t", "e2e_r")
                                    .replace(
                                            "slot.name: e2e_r\n",
                                            "slot.name: e2e_r\n"
                                                    + "  schema-changes.capture: event-trigger\n"));
            assertThat(rejected(trigger))
                    .containsExactly(
                            "The postgres source with schema-changes.capture: event-trigger runs"
                                    + " as a superuser: at each start it installs, in database '"
                                    + DB
                                    + "', the event triggers that write each DDL into the WAL"
                                    + " (PostgreSQL lets only superusers create them). The user"
                                    + " 'e2e_pg_repl' is not one: run as one (ALTER ROLE"
                                    + " \"e2e_pg_repl\" SUPERUSER;), or set"
                                    + " schema-changes.capture: relation, which needs no"
                                    + " superuser and sees less (the postgres source's README).");

            CliRun noReplication =
                    CliRun.run(dir, pipeline(source, "e2e_pg_norepl", "public.t", "e2e_r"));
            assertThat(rejected(noReplication))
                    .containsExactly(
                            "The postgres source creates a replication slot, which needs the"
                                    + " REPLICATION attribute, and the user 'e2e_pg_norepl' lacks"
                                    + " it. Run as a superuser: ALTER ROLE \"e2e_pg_norepl\""
                                    + " REPLICATION;");

            CliRun noCreate = CliRun.run(dir, pipeline(source, "e2e_pg_repl", "public.t", "e2e_r"));
            assertThat(rejected(noCreate))
                    .containsExactly(
                            "The postgres source creates a publication in database '"
                                    + DB
                                    + "', which needs the CREATE privilege there, and the user"
                                    + " 'e2e_pg_repl' lacks it. Run as its owner or a superuser:"
                                    + " GRANT CREATE ON DATABASE \""
                                    + DB
                                    + "\" TO \"e2e_pg_repl\";");

            source.execute("GRANT CREATE ON DATABASE " + DB + " TO e2e_pg_repl");
            CliRun notOwner = CliRun.run(dir, pipeline(source, "e2e_pg_repl", "public.t", "e2e_r"));
            assertThat(rejected(notOwner))
                    .containsExactly(
                            "The postgres source lists its tables in a publication, which"
                                    + " PostgreSQL allows a table's owner only, and the user"
                                    + " 'e2e_pg_repl' does not own public.t. Run as their owner,"
                                    + " or as a superuser with schema-changes.capture:"
                                    + " event-trigger, or make the user their owner: ALTER TABLE"
                                    + " \"public\".\"t\" OWNER TO \"e2e_pg_repl\"; (and so for the"
                                    + " others), or leave them out of 'tables'.");
        }
    }

    @Test
    void aPatternPostgresCannotReadIsRefused() throws Exception {
        try (SourceDatabase source = SourceDatabase.fresh(DB)) {
            source.execute("CREATE TABLE t (id INT PRIMARY KEY)");
            CliRun run =
                    CliRun.run(
                            dir,
                            pipeline(source, Servers.POSTGRES_USER, "public.t\\p{L}*", "e2e_p"));
            List<String> lines = rejected(run);
            assertThat(lines).hasSize(2);
            assertThat(lines.get(0))
                    .contains(
                            "the 'postgres' source connector rejected its options: Option 'tables'"
                                    + " of the postgres source: 'public.t\\p{L}*' is a regular"
                                    + " expression PostgreSQL does not read (")
                    .endsWith(
                            "), and the source matches new tables against it on the server."
                                    + " Write it in the syntax Java and PostgreSQL share (., *, +,"
                                    + " ?, |, (), [], \\.)");
            assertThat(lines.get(1)).isEqualTo("Fix the source block.");
        }
    }

    @Test
    void aDatabaseThatIsNotThereIsNamed() throws Exception {
        try (SourceDatabase source = SourceDatabase.fresh(DB)) {
            CliRun run =
                    CliRun.run(
                            dir,
                            pipeline(source, Servers.POSTGRES_USER, "public.t", "e2e_x")
                                    .replace("database-name: " + DB, "database-name: e2e_no_db"));
            List<String> lines = rejected(run);
            assertThat(lines).hasSize(2);
            assertThat(lines.get(0))
                    .endsWith(
                            "the 'postgres' source connector rejected its options: The postgres"
                                    + " source cannot read postgresql://127.0.0.1:5432/e2e_no_db"
                                    + " as postgres: FATAL: database \"e2e_no_db\" does not"
                                    + " exist. Check 'database-name': the server has no such"
                                    + " database.");
            assertThat(lines.get(1)).isEqualTo("Fix the source block.");
        }
    }

    @Test
    void aWrongPasswordIsToldWithTheOptionsToCheckAndNeverShown() throws Exception {
        String user = SourceDatabase.passwordCheckedUser();
        try (SourceDatabase source = SourceDatabase.fresh(DB)) {
            String definition =
                    pipeline(source, user, "public.t", "e2e_x")
                            .replaceAll("(?m)^  password: .*\n", "")
                            .replace(
                                    "username: \"" + user + "\"\n",
                                    "username: \"" + user + "\"\n  password: \"wr0ng-pw\"\n");
            CliRun run = CliRun.run(dir, definition);
            List<String> lines = rejected(run);
            assertThat(lines).hasSize(2);
            assertThat(lines.get(0))
                    .endsWith(
                            "the 'postgres' source connector rejected its options: The postgres"
                                    + " source cannot read "
                                    + SourceDatabase.endpoint(DB)
                                    + " as "
                                    + user
                                    + ": FATAL: password authentication failed for user \""
                                    + user
                                    + "\". Check the credentials: the source options 'username'"
                                    + " and 'password'.");
            assertThat(lines.get(1)).isEqualTo("Fix the source block.");
            assertThat(run.stderr).doesNotContain("wr0ng-pw");
        }
    }

    @Test
    void aServerWithoutLogicalDecodingIsToldHowToTurnItOn() throws Exception {
        // a server of this machine's own, whichever server the other tests use: the script fails
        // the test where it cannot make one, it never skips it
        Path script = Path.of(System.getProperty("replica.script", "replica-wal-server.sh"));
        try (AutoCloseable stopped = () -> Servers.runSetupScript(script, "stop")) {
            Servers.runSetupScript(script, "start");
            String definition =
                    "source:\n  type: postgres\n  hostname: 127.0.0.1\n  port: 5439\n"
                            + "  username: postgres\n  database-name: postgres\n"
                            + "  tables: public.t\n  slot.name: e2e_replica\n"
                            + "sink:\n  type: values\npipeline:\n  parallelism: 1\n";
            CliRun run = CliRun.run(dir, definition);
            // the server is to change, not the source block: one line
            assertThat(rejected(run))
                    .containsExactly(
                            "The postgres source needs logical decoding, and the server of"
                                    + " postgresql://127.0.0.1:5439/postgres as postgres"
                                    + " has wal_level = replica. Run ALTER SYSTEM SET wal_level ="
                                    + " logical as a superuser and restart the server.");
        }
    }
}
