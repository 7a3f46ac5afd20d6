package dev.schemaop.connectors.jdbc.connection;

import dev.schemaop.connectors.jdbc.dialect.JdbcDialect;
import dev.schemaop.connectors.jdbc.dialect.SqlErrors;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * One connection at a time from a {@link ConnectionPool}, kept between calls (so that prepared
 * statements on it can be reused), and work run on it with retries: a unit of work that fails with
 * a transient error or a lost connection is rolled back and run again, whole, on a fresh
 * connection, up to {@code maxRetries} times; then, or on any other error, its exception is thrown
 * (after a rollback: nothing of failed work stays in the transaction). Not thread-safe: one owner
 * thread (a writer's task thread, the applier's thread).
 */
public final class RetryingConnection implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RetryingConnection.class);

    private final JdbcDialect dialect;
    private final JdbcConnectionOptions options;
    private final String poolName;
    private final int maxRetries;
    private final boolean autoCommit;

    private ConnectionPool pool;
    private Connection connection;

    /**
     * @param autoCommit false: each unit of work is one transaction, committed when it succeeds
     */
    public RetryingConnection(
            JdbcDialect dialect,
            JdbcConnectionOptions options,
            String poolName,
            int maxRetries,
            boolean autoCommit) {
        this.dialect = dialect;
        this.options = options;
        this.poolName = poolName;
        this.maxRetries = Math.max(0, maxRetries);
        this.autoCommit = autoCommit;
    }

    /** A unit of work on a connection. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Connection connection) throws SQLException;
    }

    /**
     * Runs the work (and commits it, without auto-commit), retrying as described above.
     *
     * @param what what the work does, for the WARN line of a retry
     */
    public <T> T run(String what, Work<T> work) throws SQLException {
        for (int attempt = 1; ; attempt++) {
            Connection current = null;
            try {
                current = connection();
                T result = work.run(current);
                if (!autoCommit) {
                    current.commit();
                }
                return result;
            } catch (RuntimeException e) {
                // a refusal (or a bug) in the work: nothing of it may stay in the transaction,
                // which the next work on this connection would otherwise commit
                rollbackQuietly(current);
                throw e;
            } catch (SQLException e) {
                rollbackQuietly(current);
                boolean lost = current != null && !isValid(current);
                if (attempt > maxRetries || !(SqlErrors.isTransient(e) || lost)) {
                    if (lost) {
                        discardConnection();
                    }
                    throw e;
                }
                LOG.warn(
                        "{} sink: {} failed (attempt {} of {}), retrying on a fresh connection: {}",
                        dialect,
                        what,
                        attempt,
                        maxRetries + 1,
                        options.scrub(SqlErrors.message(e)));
                discardConnection();
                pause(attempt);
            }
        }
    }

    /** The current connection, opened when there is none. */
    private Connection connection() throws SQLException {
        if (connection == null) {
            if (pool == null) {
                pool = ConnectionPool.open(dialect, options, poolName);
            }
            Connection fresh = pool.getConnection();
            try {
                fresh.setAutoCommit(autoCommit);
            } catch (SQLException e) {
                pool.evict(fresh);
                throw e;
            }
            connection = fresh;
        }
        return connection;
    }

    /** The connection of the last {@link #run}, or null (e.g. after a failure). */
    public Connection current() {
        return connection;
    }

    /** Drops the current connection; the next work runs on a fresh one. */
    public void discardConnection() {
        if (connection != null && pool != null) {
            pool.evict(connection);
        }
        connection = null;
    }

    private static boolean isValid(Connection connection) {
        try {
            return connection.isValid(2);
        } catch (SQLException e) {
            return false;
        }
    }

    private static void rollbackQuietly(Connection connection) {
        if (connection == null) {
            return;
        }
        try {
            if (!connection.getAutoCommit()) {
                connection.rollback();
            }
        } catch (SQLException ignored) {
            // the connection is discarded or its next use fails
        }
    }

    private static void pause(int attempt) throws SQLException {
        try {
            Thread.sleep(Math.min(200L * attempt * attempt, 5_000L));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("Interrupted while waiting to retry", e);
        }
    }

    @Override
    public void close() {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // closing anyway
            }
            connection = null;
        }
        if (pool != null) {
            pool.close();
            pool = null;
        }
    }

    @Override
    public String toString() {
        return "RetryingConnection{" + dialect + ", " + options.describe() + "}";
    }
}
