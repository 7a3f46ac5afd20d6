package dev.schemaop.connectors.jdbc.testutil;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.abort;

import dev.schemaop.connectors.jdbc.connection.JdbcConnectionOptions;
import dev.schemaop.connectors.jdbc.dialect.JdbcDialect;
import dev.schemaop.connectors.jdbc.dialect.MariaDbDialect;
import dev.schemaop.connectors.jdbc.dialect.PostgresDialect;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Properties;

/**
 * The database servers of the integration tests. Urls and credentials come from environment
 * variables ({@code SCHEMAOP_POSTGRES_URL}, {@code SCHEMAOP_POSTGRES_USER}, {@code
 * SCHEMAOP_POSTGRES_PASSWORD}, and the same with {@code MARIADB}), by default the local servers:
 * PostgreSQL at 127.0.0.1:5432 as postgres, MariaDB at 127.0.0.1:3306 as root, no password. A
 * server that does not answer makes a test fail under {@code CI=true} (naming the endpoint) and
 * skips it otherwise.
 */
public final class JdbcEndpoints {
    private JdbcEndpoints() {}

    /** One server: its dialect, url and credentials. */
    public static final class Endpoint {
        private final String name;
        private final JdbcDialect dialect;
        private final String url;
        private final String user;
        private final String password;

        Endpoint(String name, JdbcDialect dialect, String url, String user, String password) {
            this.name = name;
            this.dialect = dialect;
            this.url = url;
            this.user = user;
            this.password = password;
        }

        public JdbcDialect dialect() {
            return dialect;
        }

        public String url() {
            return url;
        }

        public String user() {
            return user;
        }

        public String password() {
            return password;
        }

        /** Connection options of the sink, with the endpoint's credentials. */
        public JdbcConnectionOptions options() {
            return new JdbcConnectionOptions(url, user, password);
        }

        /** A new connection (auto-commit), as the tests' own client. */
        public Connection connect() throws SQLException {
            Properties properties = options().credentials();
            dialect.setConnectTimeout(properties, Duration.ofSeconds(5));
            Connection connection = dialect.newDriver().connect(url, properties);
            if (dialect.connectionInitSql() != null) {
                connection.createStatement().execute(dialect.connectionInitSql());
            }
            return connection;
        }

        /** Fails (CI) or skips the test when the server does not answer. */
        public Endpoint requireReachable() {
            try (Connection c = connect()) {
                c.createStatement().execute("SELECT 1");
                return this;
            } catch (SQLException | RuntimeException e) {
                String message =
                        name
                                + " is not reachable at "
                                + url
                                + " as "
                                + user
                                + " ("
                                + e.getMessage()
                                + "); set SCHEMAOP_"
                                + name.toUpperCase()
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
            return name + " " + url;
        }
    }

    public static Endpoint postgres() {
        return new Endpoint(
                "postgres",
                new PostgresDialect(),
                env("SCHEMAOP_POSTGRES_URL", "jdbc:postgresql://127.0.0.1:5432/postgres"),
                env("SCHEMAOP_POSTGRES_USER", "postgres"),
                env("SCHEMAOP_POSTGRES_PASSWORD", ""));
    }

    public static Endpoint mariadb() {
        return new Endpoint(
                "mariadb",
                new MariaDbDialect(),
                env("SCHEMAOP_MARIADB_URL", "jdbc:mariadb://127.0.0.1:3306/"),
                env("SCHEMAOP_MARIADB_USER", "root"),
                env("SCHEMAOP_MARIADB_PASSWORD", ""));
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isEmpty() ? fallback : value;
    }
}
