package dev.schemaop.connectors.jdbc.dialect;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.sql.BatchUpdateException;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * What kind of failure an {@link SQLException} is, by its class, SQLState and (MariaDB) vendor
 * code: worth a retry on a fresh connection, wrong credentials, an unreachable server, a missing
 * privilege, a missing database.
 */
public final class SqlErrors {
    private SqlErrors() {}

    /**
     * A failure another attempt on a fresh connection may not meet: a transient or recoverable
     * exception, a connection exception (SQLState class 08), a serialization failure or deadlock
     * (40001, 40P01), a server shutting down or starting (57P01-57P03), or a lost socket; never
     * wrong credentials, a missing privilege or a missing database.
     */
    public static boolean isTransient(SQLException e) {
        if (isAuthentication(e) || isPrivilege(e) || isUnknownDatabase(e)) {
            return false;
        }
        for (SQLException x : chain(e)) {
            if (x instanceof SQLTransientException || x instanceof SQLRecoverableException) {
                return true;
            }
            String state = x.getSQLState();
            if (state != null
                    && (state.startsWith("08")
                            || state.equals("40001")
                            || state.equals("40P01")
                            || state.equals("57P01")
                            || state.equals("57P02")
                            || state.equals("57P03"))) {
                return true;
            }
            if (x.getErrorCode() == 1213 || x.getErrorCode() == 1205) {
                return true; // MariaDB deadlock, lock wait timeout
            }
        }
        return isConnectionFailure(e);
    }

    /** Wrong user or password (SQLState class 28; MariaDB 1045). */
    public static boolean isAuthentication(SQLException e) {
        for (SQLException x : chain(e)) {
            String state = x.getSQLState();
            if ((state != null && state.startsWith("28")) || x.getErrorCode() == 1045) {
                return true;
            }
        }
        return false;
    }

    /** A missing privilege (PostgreSQL 42501; MariaDB 1044, 1142, 1143, 1227, 1370). */
    public static boolean isPrivilege(SQLException e) {
        for (SQLException x : chain(e)) {
            int code = x.getErrorCode();
            if ("42501".equals(x.getSQLState())
                    || code == 1044
                    || code == 1142
                    || code == 1143
                    || code == 1227
                    || code == 1370) {
                return true;
            }
        }
        return false;
    }

    /** The database named in the url does not exist (PostgreSQL 3D000; MariaDB 1049). */
    public static boolean isUnknownDatabase(SQLException e) {
        for (SQLException x : chain(e)) {
            if ("3D000".equals(x.getSQLState()) || x.getErrorCode() == 1049) {
                return true;
            }
        }
        return false;
    }

    /** The server could not be reached: connection refused, unknown host, timeout, or 08xxx. */
    public static boolean isConnectionFailure(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ConnectException
                    || t instanceof UnknownHostException
                    || t instanceof NoRouteToHostException
                    || t instanceof SocketTimeoutException) {
                return true;
            }
            if (t instanceof SQLException) {
                String state = ((SQLException) t).getSQLState();
                if (state != null && state.startsWith("08")) {
                    return true;
                }
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return false;
    }

    /** The exception, its next exceptions (batches) and its SQLException causes. */
    static Iterable<SQLException> chain(SQLException e) {
        List<SQLException> out = new ArrayList<>();
        ArrayDeque<SQLException> todo = new ArrayDeque<>();
        todo.add(e);
        while (!todo.isEmpty() && out.size() < 16) {
            SQLException x = todo.poll();
            if (out.contains(x)) {
                continue;
            }
            out.add(x);
            if (x.getNextException() != null) {
                todo.add(x.getNextException());
            }
            if (x.getCause() instanceof SQLException) {
                todo.add((SQLException) x.getCause());
            }
        }
        return out;
    }

    /** The message of the exception and of the first next exception (what a batch failed on). */
    public static String message(SQLException e) {
        String message = String.valueOf(e.getMessage());
        SQLException next = e.getNextException();
        if (e instanceof BatchUpdateException && next != null && next != e) {
            String nextMessage = String.valueOf(next.getMessage());
            if (!message.contains(nextMessage)) {
                message = message + " (" + nextMessage + ")";
            }
        }
        return message;
    }
}
