package dev.schemaop.e2e.postgres;

import static org.junit.jupiter.api.Assertions.fail;

import dev.schemaop.e2e.mariadb.Servers;
import dev.schemaop.testing.SqlRows;

import java.net.URI;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * A database of its own on the PostgreSQL server for one test's source tables, made fresh: the DDL
 * capture's event triggers and the publication are per database, so tests never see each other's.
 * Its replication slots are dropped when it is closed and before it is made again (a database with
 * a slot cannot be dropped).
 */
final class SourceDatabase implements AutoCloseable {
    private static boolean logicalChecked;
    final String name;
    private final Connection connection;

    private SourceDatabase(String name, Connection connection) {
        this.name = name;
        this.connection = connection;
    }

    static SourceDatabase fresh(String name) throws SQLException {
        logicalDecoding();
        try (Connection admin = Servers.postgres();
                Statement sql = admin.createStatement()) {
            dropSlots(sql, name);
            sql.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
            sql.execute("CREATE DATABASE " + name);
        }
        return new SourceDatabase(name, Servers.postgres(Servers.postgresUrl(name)));
    }

    /**
     * Drops the database's replication slots: a slot left behind keeps the server's WAL and takes
     * one of its few slots (10 on the machine's server) from the next test or benchmark.
     */
    private static void dropSlots(Statement sql, String database) throws SQLException {
        sql.execute(
                "SELECT pg_terminate_backend(active_pid) FROM pg_replication_slots"
                        + " WHERE database = '"
                        + database
                        + "' AND active");
        // the walsender of a pipeline that just ended may hold its slot a moment longer
        for (int i = 0; i < 100 && activeSlots(sql, database) > 0; i++) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        sql.execute(
                "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots"
                        + " WHERE database = '"
                        + database
                        + "' AND NOT active");
    }

    /**
     * A login that needs its password: on the machine's own server the script makes one (that
     * server trusts every local connection); a server given through SCHEMAOP_POSTGRES_URL checks
     * its own user's.
     *
     * @return the user to log in as with a wrong password
     */
    static synchronized String passwordCheckedUser() {
        if (!isLocal()) {
            return Servers.POSTGRES_USER;
        }
        Servers.runSetupScript(
                Path.of(System.getProperty("password.script", "require-password.sh")));
        return "e2e_pg_password";
    }

    /**
     * Whether the tests run against the machine's own server, where their scripts may set it up.
     */
    static boolean isLocal() {
        return System.getenv("SCHEMAOP_POSTGRES_URL") == null
                && Servers.POSTGRES_URL.contains("//127.0.0.1:");
    }

    private static int activeSlots(Statement sql, String database) throws SQLException {
        try (ResultSet row =
                sql.executeQuery(
                        "SELECT count(*) FROM pg_replication_slots WHERE database = '"
                                + database
                                + "' AND active")) {
            row.next();
            return row.getInt(1);
        }
    }

    /**
     * The server decodes its WAL logically: the machine's own server is set so by the script (a
     * restart, once); a server given through SCHEMAOP_POSTGRES_URL is the user's to set.
     */
    private static synchronized void logicalDecoding() throws SQLException {
        if (logicalChecked) {
            return;
        }
        if (!"logical".equals(walLevel())) {
            if (!isLocal()) {
                fail(
                        "The PostgreSQL server at "
                                + Servers.POSTGRES_URL
                                + " has wal_level "
                                + walLevel()
                                + "; the postgres source needs wal_level=logical");
            }
            Servers.runSetupScript(
                    Path.of(System.getProperty("wal.script", "enable-logical-wal.sh")));
        }
        logicalChecked = true;
    }

    private static String walLevel() throws SQLException {
        try (Connection admin = Servers.postgres();
                Statement sql = admin.createStatement();
                ResultSet row = sql.executeQuery("SHOW wal_level")) {
            row.next();
            return row.getString(1);
        }
    }

    void execute(String statement) throws SQLException {
        try (Statement sql = connection.createStatement()) {
            sql.execute(statement);
        }
    }

    /** The rows of a query of the test's own (which orders them), as "column=value, ...". */
    List<String> rows(String query) throws SQLException {
        return SqlRows.of(connection, query);
    }

    /** How the source names the server and a database of it in messages. */
    static String endpoint(String database) {
        URI url = URI.create(Servers.POSTGRES_URL.substring("jdbc:".length()));
        return "postgresql://"
                + url.getHost()
                + ":"
                + (url.getPort() < 0 ? 5432 : url.getPort())
                + "/"
                + database;
    }

    /** The pipeline's source block for this database. */
    String sourceBlock(String tables, String slot, String extraOptions) {
        return sourceBlock(
                Servers.POSTGRES_USER, Servers.POSTGRES_PASSWORD, tables, slot, extraOptions);
    }

    /** The same, logging in as {@code user}. */
    String sourceBlock(
            String user, String password, String tables, String slot, String extraOptions) {
        URI url = URI.create(Servers.POSTGRES_URL.substring("jdbc:".length()));
        return "source:\n"
                + "  type: postgres\n"
                + "  hostname: "
                + url.getHost()
                + "\n  port: "
                + (url.getPort() < 0 ? 5432 : url.getPort())
                + "\n  username: \""
                + user
                + "\"\n"
                + (password.isEmpty() ? "" : "  password: \"" + password + "\"\n")
                + "  database-name: "
                + name
                + "\n  tables: \""
                + tables.replace("\\", "\\\\")
                + "\"\n  slot.name: "
                + slot
                + "\n"
                + extraOptions;
    }

    /**
     * A pipeline of the captured {@code tables} (slot named after the database) into PostgreSQL's
     * schema {@code sinkSchema}, each table under its own name, at parallelism 1; {@code
     * pipelineOptions} are more lines of the pipeline block.
     */
    String intoPostgresSchema(String tables, String sinkSchema, String pipelineOptions) {
        return sourceBlock(tables, name, "")
                + Servers.postgresSinkBlock()
                + "route:\n  - source-table: public.\\.*\n    sink-table: "
                + sinkSchema
                + ".<>\n    replace-symbol: <>\n"
                + "pipeline:\n  parallelism: 1\n"
                + pipelineOptions;
    }

    /**
     * A login of the tests' that is no superuser but may replicate ({@code REPLICATION}), made
     * idempotently; it may create a publication in this database and owns the given tables.
     *
     * @return its name; its password is the name too
     */
    String replicatingOwnerOf(String... tables) throws SQLException {
        String role = "e2e_pg_replicator";
        try (Connection admin = Servers.postgres();
                Statement sql = admin.createStatement()) {
            sql.execute(
                    "DO $d$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '"
                            + role
                            + "') THEN CREATE ROLE "
                            + role
                            + "; END IF; END $d$");
        } catch (SQLException raced) {
            // another test made it at the same moment: the ALTER below sets it up either way
        }
        execute("ALTER ROLE " + role + " LOGIN REPLICATION NOSUPERUSER PASSWORD '" + role + "'");
        execute("GRANT CREATE ON DATABASE " + name + " TO " + role);
        for (String table : tables) {
            execute("ALTER TABLE " + table + " OWNER TO " + role);
        }
        return role;
    }

    /** Closes the connection and drops the slots the test's pipelines left (the data stays). */
    @Override
    public void close() throws SQLException {
        connection.close();
        try (Connection admin = Servers.postgres();
                Statement sql = admin.createStatement()) {
            dropSlots(sql, name);
        }
    }
}
