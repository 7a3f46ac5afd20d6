package dev.schemaop.e2e.jdbc;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.abort;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

/**
 * One database server the pipelines write into, with the JDBC sink type that writes into it. Urls
 * and credentials come from the environment variables the JDBC connector's own integration tests
 * use ({@code SCHEMAOP_POSTGRES_URL}, {@code SCHEMAOP_POSTGRES_USER}, {@code
 * SCHEMAOP_POSTGRES_PASSWORD}, and the same with {@code MARIADB}), by default the local servers:
 * PostgreSQL at 127.0.0.1:5432 as postgres, MariaDB at 127.0.0.1:3306 as root, no password. A
 * server that does not answer fails the test under {@code CI=true} (naming the endpoint) and skips
 * it otherwise.
 */
final class JdbcEndpoint {
    private final String type;
    private final String url;
    private final String user;
    private final String password;

    private JdbcEndpoint(String type, String url, String user, String password) {
        this.type = type;
        this.url = url;
        this.user = user;
        this.password = password;
    }

    static JdbcEndpoint postgres() {
        return new JdbcEndpoint(
                "postgres",
                env("SCHEMAOP_POSTGRES_URL", "jdbc:postgresql://127.0.0.1:5432/postgres"),
                env("SCHEMAOP_POSTGRES_USER", "postgres"),
                env("SCHEMAOP_POSTGRES_PASSWORD", ""));
    }

    static JdbcEndpoint mariadb() {
        return new JdbcEndpoint(
                "mariadb",
                env("SCHEMAOP_MARIADB_URL", "jdbc:mariadb://127.0.0.1:3306/"),
                env("SCHEMAOP_MARIADB_USER", "root"),
                env("SCHEMAOP_MARIADB_PASSWORD", ""));
    }

    /** The endpoint of a sink type, {@code postgres} or {@code mariadb}. */
    static JdbcEndpoint of(String sinkType) {
        switch (sinkType) {
            case "postgres":
                return postgres();
            case "mariadb":
                return mariadb();
            default:
                throw new IllegalArgumentException("no endpoint for sink type " + sinkType);
        }
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isEmpty() ? fallback : value;
    }

    /** The sink type: {@code postgres} or {@code mariadb}. */
    String type() {
        return type;
    }

    boolean isPostgres() {
        return type.equals("postgres");
    }

    String url() {
        return url;
    }

    String user() {
        return user;
    }

    /**
     * The identifier quoted for this database's SQL, quote characters inside it doubled: PostgreSQL
     * {@code "na""me"}, MariaDB {@code `na``me`}.
     */
    String quote(String identifier) {
        return isPostgres()
                ? '"' + identifier.replace("\"", "\"\"") + '"'
                : '`' + identifier.replace("`", "``") + '`';
    }

    /** The endpoint's url with another port. */
    String urlWithPort(int port) {
        return url.replaceFirst("://([^/:]+)(:\\d+)?/", "://$1:" + port + "/");
    }

    /** The pipeline's sink block writing into this server, with extra sink options. */
    String sinkBlock(String extraOptions) {
        return sinkBlock(url, user, password, extraOptions);
    }

    /** A sink block of this endpoint's type with the given url and credentials. */
    String sinkBlock(String url, String user, String password, String extraOptions) {
        return "sink:\n"
                + "  type: "
                + type
                + "\n"
                + "  url: \""
                + url
                + "\"\n"
                + "  username: \""
                + user
                + "\"\n"
                + (password.isEmpty() ? "" : "  password: \"" + password + "\"\n")
                + extraOptions;
    }

    /** A new connection (auto-commit), the tests' own client. */
    Connection connect() throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", user);
        if (!password.isEmpty()) {
            properties.setProperty("password", password);
        }
        // PostgreSQL's connectTimeout is in seconds, MariaDB's in milliseconds.
        properties.setProperty("connectTimeout", isPostgres() ? "5" : "5000");
        return DriverManager.getConnection(url, properties);
    }

    /** Fails (CI) or skips the test when the server does not answer. */
    JdbcEndpoint requireReachable() {
        try (Connection c = connect();
                Statement statement = c.createStatement()) {
            statement.execute("SELECT 1");
            return this;
        } catch (SQLException | RuntimeException e) {
            String message =
                    type
                            + " is not reachable at "
                            + url
                            + " as "
                            + user
                            + " ("
                            + e.getMessage()
                            + "); set SCHEMAOP_"
                            + (isPostgres() ? "POSTGRES" : "MARIADB")
                            + "_URL/_USER/_PASSWORD to a server the tests may use";
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail(message, e);
            }
            abort(message);
            return this;
        }
    }

    @Override
    public String toString() {
        return type + " " + url;
    }
}
