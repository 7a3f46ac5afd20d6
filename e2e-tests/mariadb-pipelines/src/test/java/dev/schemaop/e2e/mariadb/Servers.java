package dev.schemaop.e2e.mariadb;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.abort;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * The two servers these tests use: the MariaDB whose binlog the source reads and the PostgreSQL it
 * writes into. Endpoints come from {@code SCHEMAOP_MARIADB_HOST}, {@code _PORT}, {@code _USER},
 * {@code _PASSWORD} and {@code SCHEMAOP_POSTGRES_URL}, {@code _USER}, {@code _PASSWORD}, by default
 * the machine's own servers. The local MariaDB gets its binlog turned on first ({@code
 * enable-binlog.sh}, a restart only when it is off). A server that does not answer fails the test
 * under {@code CI=true} and skips it otherwise.
 */
public final class Servers {
    public static final String MARIADB_HOST = env("SCHEMAOP_MARIADB_HOST", "127.0.0.1");
    public static final int MARIADB_PORT = Integer.parseInt(env("SCHEMAOP_MARIADB_PORT", "3306"));
    public static final String MARIADB_USER = env("SCHEMAOP_MARIADB_USER", "root");
    public static final String MARIADB_PASSWORD = env("SCHEMAOP_MARIADB_PASSWORD", "");
    public static final String POSTGRES_URL =
            env("SCHEMAOP_POSTGRES_URL", "jdbc:postgresql://127.0.0.1:5432/postgres");
    public static final String POSTGRES_USER = env("SCHEMAOP_POSTGRES_USER", "postgres");
    public static final String POSTGRES_PASSWORD = env("SCHEMAOP_POSTGRES_PASSWORD", "");

    private static boolean binlogChecked;

    private Servers() {}

    /** A connection to MariaDB, its binlog on; fails or skips when the server is not there. */
    public static synchronized Connection mariadb() {
        if (!binlogChecked && isLocal()) {
            enableLocalBinlog();
        }
        binlogChecked = true;
        Properties properties = new Properties();
        properties.setProperty("user", MARIADB_USER);
        properties.setProperty("password", MARIADB_PASSWORD);
        properties.setProperty("connectTimeout", "5000");
        properties.setProperty("allowMultiQueries", "true");
        return connect(
                "jdbc:mariadb://" + MARIADB_HOST + ":" + MARIADB_PORT + "/", properties, "MariaDB");
    }

    public static Connection postgres() {
        return postgres(POSTGRES_URL);
    }

    /** The PostgreSQL url of another database of the same server. */
    public static String postgresUrl(String database) {
        int path = POSTGRES_URL.indexOf('/', "jdbc:postgresql://".length());
        int query = POSTGRES_URL.indexOf('?');
        return POSTGRES_URL.substring(0, path + 1)
                + database
                + (query < 0 ? "" : POSTGRES_URL.substring(query));
    }

    public static Connection postgres(String url) {
        Properties properties = new Properties();
        properties.setProperty("user", POSTGRES_USER);
        if (!POSTGRES_PASSWORD.isEmpty()) {
            properties.setProperty("password", POSTGRES_PASSWORD);
        }
        properties.setProperty("connectTimeout", "5");
        return connect(url, properties, "PostgreSQL");
    }

    /** The database, dropped first if it was there: each test starts from nothing. */
    public static void freshDatabase(Statement sql, String database) throws SQLException {
        sql.execute("DROP DATABASE IF EXISTS " + database);
        sql.execute("CREATE DATABASE " + database);
    }

    /** The pipeline's source block for MariaDB. */
    public static String sourceBlock(String tables, String extraOptions) {
        return "source:\n"
                + "  type: mariadb\n"
                + "  hostname: "
                + MARIADB_HOST
                + "\n  port: "
                + MARIADB_PORT
                + "\n  username: \""
                + MARIADB_USER
                + "\"\n"
                + (MARIADB_PASSWORD.isEmpty() ? "" : "  password: \"" + MARIADB_PASSWORD + "\"\n")
                + "  tables: \""
                + tables.replace("\\", "\\\\")
                + "\"\n"
                + "  server-id: "
                + (5400 + (int) (Math.random() * 1000))
                + "\n  server-time-zone: UTC\n"
                + extraOptions;
    }

    /** The pipeline's sink block for PostgreSQL. */
    public static String postgresSinkBlock() {
        return postgresSinkBlock(POSTGRES_URL, "");
    }

    /** A sink block for PostgreSQL with another url (e.g. with parameters) and extra options. */
    public static String postgresSinkBlock(String url, String extraOptions) {
        return "sink:\n  type: postgres\n  url: \""
                + url
                + "\"\n  username: \""
                + POSTGRES_USER
                + "\"\n"
                + (POSTGRES_PASSWORD.isEmpty() ? "" : "  password: \"" + POSTGRES_PASSWORD + "\"\n")
                + "  sink.buffer-flush.interval: 100ms\n"
                + extraOptions;
    }

    private static Connection connect(String url, Properties properties, String what) {
        try {
            return DriverManager.getConnection(url, properties);
        } catch (SQLException e) {
            String message = what + " is not reachable at " + url + " (" + e.getMessage() + ")";
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail(message, e);
            }
            abort(message);
            throw new AssertionError("unreachable");
        }
    }

    private static boolean isLocal() {
        return System.getenv("SCHEMAOP_MARIADB_HOST") == null
                && (MARIADB_HOST.equals("127.0.0.1") || MARIADB_HOST.equals("localhost"));
    }

    private static void enableLocalBinlog() {
        runSetupScript(Path.of(System.getProperty("binlog.script", "enable-binlog.sh")));
    }

    /**
     * Runs a setup script of the e2e tests against the machine's own servers (it makes what the
     * tests need, idempotently); a failure fails the test with the script's output.
     */
    public static void runSetupScript(Path script, String... arguments) {
        List<String> command = new ArrayList<>(List.of("bash", script.toAbsolutePath().toString()));
        command.addAll(List.of(arguments));
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output =
                    new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (process.waitFor() != 0) {
                fail(script.getFileName() + " failed on the local server: " + output);
            }
        } catch (IOException e) {
            fail("Could not run " + script + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail("Interrupted while running " + script, e);
        }
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
