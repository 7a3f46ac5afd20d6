package dev.schemaop.connectors.mariadb.check;

import dev.schemaop.api.NonRecoverableException;
import dev.schemaop.api.Secrets;
import dev.schemaop.connectors.mariadb.SourceSettings;

import com.github.shyiko.mysql.binlog.network.ServerException;

import java.sql.SQLException;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A failure while the job runs that is the server refusing the source's user, which every restart
 * would meet again: its credentials (error 1045, SQL state 28000: the password changed) or a
 * privilege (1044, 1142, 1143, 1227, 1370: one revoked). It ends the job ({@link
 * NonRecoverableException}) with the server's words and what to change, never the password. The
 * binlog client and the driver give the error's code; Debezium passes some refusals on as text only
 * (its check of the connector's configuration), so the server's wording is recognised too.
 */
public final class RefusedAccess {
    private static final int ACCESS_DENIED = 1045;
    private static final Set<Integer> PRIVILEGE_ERRORS = Set.of(1044, 1142, 1143, 1227, 1370);

    /** The server's own words: "Access denied ..." or "SELECT command denied to user ...". */
    private static final Pattern REFUSAL =
            Pattern.compile("(Access denied|\\b\\w+ command denied to user).*");

    /** What Debezium appends to the server's words, and the driver's connection prefix. */
    private static final Pattern DECORATION =
            Pattern.compile("\\s*Error code: \\d+; SQLSTATE: \\w+\\.?$|^\\(conn=\\d+\\)\\s*");

    private RefusedAccess() {}

    /** The failure to end the job with, when {@code failure} is such a refusal. */
    public static Optional<NonRecoverableException> in(Throwable failure, SourceSettings settings) {
        boolean credentials = false;
        boolean privileges = false;
        String words = null;
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Throwable t = failure; t != null && seen.add(t); t = t.getCause()) {
            int code = codeOf(t);
            String state = stateOf(t);
            String message = t.getMessage() == null ? "" : t.getMessage();
            credentials |=
                    code == ACCESS_DENIED
                            || "28000".equals(state)
                            || message.contains("(using password:");
            privileges |= PRIVILEGE_ERRORS.contains(code);
            Matcher refusal = REFUSAL.matcher(message);
            if (refusal.find()) {
                privileges = true;
                words = DECORATION.matcher(refusal.group()).replaceAll("").strip();
            }
        }
        if (!credentials && !privileges) {
            return Optional.empty();
        }
        String said = words == null ? "access denied" : Secrets.mask(words, settings.secrets());
        return Optional.of(
                new NonRecoverableException(
                        "The MariaDB server at "
                                + settings.hostname()
                                + ":"
                                + settings.port()
                                + " refused the mariadb source's user '"
                                + settings.username()
                                + "' while the job ran: "
                                + (said.endsWith(".") ? said : said + ".")
                                + " "
                                + (credentials ? CREDENTIALS : PRIVILEGES)
                                + ENDS));
    }

    private static final String ENDS =
            " A restart would be refused the same way, so the job ends; resubmit from the last"
                    + " checkpoint or savepoint (-s) once the server accepts the source.";

    private static final String CREDENTIALS =
            "Check the credentials (has the user's password changed?): the source options"
                    + " 'username' and 'password'.";

    private static final String PRIVILEGES =
            "The source needs SELECT, RELOAD, SHOW DATABASES, REPLICATION SLAVE and BINLOG MONITOR"
                    + " (REPLICATION CLIENT before MariaDB 10.5.2): as an administrator, grant"
                    + " what is missing (GRANT ... ON *.* TO the user).";

    /**
     * Logs in as the source once and reads its grants: the failure to end the job with when the
     * server refuses the user or the user lacks a privilege the source needs; empty when all is
     * well, or the server cannot be asked (not reachable: a restart may help).
     */
    public static Optional<NonRecoverableException> check(SourceSettings settings) {
        try (JdbcServerFacts facts = JdbcServerFacts.connect(settings)) {
            return StartCheck.shortfall(settings, facts)
                    .map(
                            shortfall ->
                                    new NonRecoverableException(
                                            "The mariadb source's user "
                                                    + shortfall.account()
                                                    + " at "
                                                    + settings.hostname()
                                                    + ":"
                                                    + settings.port()
                                                    + " lost privileges the source needs while"
                                                    + " the job ran: "
                                                    + shortfall.fix()
                                                    + ENDS));
        } catch (SQLException e) {
            return in(e, settings);
        }
    }

    private static int codeOf(Throwable t) {
        if (t instanceof SQLException sql) {
            return sql.getErrorCode();
        }
        if (t instanceof ServerException server) {
            return server.getErrorCode();
        }
        return 0;
    }

    private static String stateOf(Throwable t) {
        if (t instanceof SQLException sql) {
            return sql.getSQLState();
        }
        if (t instanceof ServerException server) {
            return server.getSqlState();
        }
        return null;
    }
}
