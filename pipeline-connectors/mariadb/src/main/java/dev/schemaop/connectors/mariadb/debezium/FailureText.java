package dev.schemaop.connectors.mariadb.debezium;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What to tell a user when Debezium stops: its outer message ("An exception occurred in the change
 * event producer") says nothing, the deepest cause does; a server-id collision gets its fix.
 */
final class FailureText {
    private static final Pattern SAME_SERVER_ID =
            Pattern.compile("same server_uuid/server_id|same server_id", Pattern.CASE_INSENSITIVE);

    private FailureText() {}

    static String of(Throwable error) {
        Throwable deepest = error;
        while (deepest.getCause() != null && deepest.getCause() != deepest) {
            deepest = deepest.getCause();
        }
        String reason = deepest.getMessage() == null ? deepest.toString() : deepest.getMessage();
        Matcher collision = SAME_SERVER_ID.matcher(reason);
        if (collision.find()) {
            return "The MariaDB server dropped this source's binlog connection: another reader uses"
                    + " the same server id ("
                    + reason
                    + "). Give each pipeline (and each replica) its own 'server-id'.";
        }
        return "The MariaDB change reader stopped: " + reason;
    }
}
