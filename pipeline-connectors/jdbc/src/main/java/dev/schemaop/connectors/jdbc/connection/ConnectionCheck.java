package dev.schemaop.connectors.jdbc.connection;

import dev.schemaop.connectors.jdbc.dialect.JdbcDialect;
import dev.schemaop.connectors.jdbc.dialect.SqlErrors;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * The factory's check, at submission: one connection with a short timeout and a {@code SELECT 1},
 * so that wrong credentials, an unreachable server or a missing database fail the submission with
 * one message that names the url (without password) and what to check.
 */
public final class ConnectionCheck {

    public static final Duration TIMEOUT = Duration.ofSeconds(5);

    private ConnectionCheck() {}

    /**
     * @throws IllegalArgumentException when the sink cannot connect and query
     */
    public static void check(JdbcDialect dialect, JdbcConnectionOptions options) {
        try (Connection connection = DriverConnections.open(dialect, options, TIMEOUT, true);
                Statement statement = connection.createStatement()) {
            statement.setQueryTimeout((int) TIMEOUT.getSeconds());
            statement.execute("SELECT 1");
        } catch (SQLException e) {
            throw new IllegalArgumentException(describe(dialect, options, e), options.scrub(e));
        }
    }

    /** One message: what failed, where (url without password, user), the cause, what to check. */
    public static String describe(
            JdbcDialect dialect, JdbcConnectionOptions options, SQLException e) {
        return "The "
                + dialect.identifier()
                + " sink cannot connect as "
                + options.describe()
                + ": "
                + sentence(options.scrub(SqlErrors.message(e)))
                + " "
                + hint(e, options);
    }

    /** The text ending with one period. */
    private static String sentence(String text) {
        String trimmed = text.trim();
        return trimmed.endsWith(".") ? trimmed : trimmed + ".";
    }

    static String hint(SQLException e, JdbcConnectionOptions options) {
        if (SqlErrors.isAuthentication(e)) {
            return options.urlUser() != null
                    ? "Check the credentials: the user parameter in the url and the sink option"
                            + " 'password'."
                    : "Check the credentials: the sink options 'username' and 'password'.";
        }
        if (SqlErrors.isUnknownDatabase(e)) {
            return "Check the database named in the url: it must exist (it is only where the"
                    + " connection starts; tables go to the schema or database of their table id).";
        }
        if (SqlErrors.isPrivilege(e)) {
            return "Check the privileges of the user: it needs to connect, create schemas or"
                    + " databases and tables, and alter, write and drop them.";
        }
        if (SqlErrors.isConnectionFailure(e)) {
            return "Check the host and port in the url, and that the server runs and accepts"
                    + " connections from here.";
        }
        return "Check the credentials ('username', 'password'), the host and port in the url, and"
                + " the user's privileges.";
    }
}
