package dev.schemaop.e2e.distribution;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.abort;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * The local servers the real-server examples name (PostgreSQL at 127.0.0.1:5432 as postgres,
 * MariaDB at 127.0.0.1:3306 as root): the examples are run as written, so these are their
 * addresses, not configurable ones. A server that does not answer fails the test under {@code
 * CI=true} and skips it otherwise.
 */
final class Servers {
    static final String POSTGRES = "jdbc:postgresql://127.0.0.1:5432/postgres";
    static final String MARIADB = "jdbc:mariadb://127.0.0.1:3306/";

    private Servers() {}

    static Connection postgres() {
        return connect(POSTGRES, "postgres");
    }

    /**
     * The database {@code shop} of the local PostgreSQL, which the postgres source example reads.
     */
    static Connection postgresShop() {
        return connect("jdbc:postgresql://127.0.0.1:5432/shop", "postgres");
    }

    static Connection mariadb() {
        return connect(MARIADB, "root");
    }

    private static Connection connect(String url, String user) {
        try {
            return DriverManager.getConnection(url, user, "");
        } catch (SQLException e) {
            String why = url + " does not answer (" + e.getMessage() + ")";
            if ("true".equals(System.getenv("CI"))) {
                fail(why + "; CI needs the local servers");
            }
            abort(why);
            throw new AssertionError(why);
        }
    }
}
