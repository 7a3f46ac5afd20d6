package dev.schemaop.connectors.jdbc.connection;

import dev.schemaop.connectors.jdbc.dialect.JdbcDialect;
import dev.schemaop.connectors.jdbc.dialect.SqlErrors;

import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * The one connection of a writer subtask or of the applier, kept between units of work (so that
 * prepared statements on it can be reused), and work run on it with retries. Before a unit of work
 * the connection is checked: one older than {@link #MAX_LIFETIME} is closed and replaced (a
 * database or proxy that ends long sessions, a failover that moved the server's address, never
 * meets it), one idle longer than {@link #VALIDATE_AFTER_IDLE} is asked whether it is still valid
 * and replaced when not (a server restart, a killed session, an idle timeout), so that such a loss
 * costs no failed attempt. A unit of work that fails with a transient error or a lost connection is
 * rolled back and run again, whole, on a fresh connection, up to {@code maxRetries} times; then, or
 * on any other error, its exception is thrown (after a rollback: nothing of failed work stays in
 * the transaction). Not thread-safe: one owner thread (a writer's task thread, the applier's
 * thread).
 */
public final class RetryingConnection implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RetryingConnection.class);

    /** How long the driver may take to open a connection. */
    public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

    /** A connection idle this long is validated before it is used again. */
    public static final Duration VALIDATE_AFTER_IDLE = Duration.ofSeconds(30);

    /** A connection this old is replaced before its next unit of work. */
    public static final Duration MAX_LIFETIME = Duration.ofMinutes(30);

    /** Seconds a validation may take before the connection counts as lost. */
    private static final int VALIDATION_TIMEOUT_SECONDS = 5;

    private final JdbcDialect dialect;
    private final JdbcConnectionOptions options;
    private final String name;
    private final int maxRetries;
    private final boolean autoCommit;
    private final LongSupplier clockMillis;

    /** Attempts, back-off and which failures are worth another attempt (resilience4j). */
    private final Retry retry;

    /** What the unit of work being run does, for the WARN line of a retry. */
    private String running = "";

    private Connection connection;
    private long openedAt;
    private long lastUsedAt;

    /**
     * @param name who uses it, for log lines ({@code postgres-sink-writer-0})
     * @param autoCommit false: each unit of work is one transaction, committed when it succeeds
     */
    public RetryingConnection(
            JdbcDialect dialect,
            JdbcConnectionOptions options,
            String name,
            int maxRetries,
            boolean autoCommit) {
        this(dialect, options, name, maxRetries, autoCommit, System::currentTimeMillis);
    }

    /** With the clock that ages and idles the connection (tests move it). */
    RetryingConnection(
            JdbcDialect dialect,
            JdbcConnectionOptions options,
            String name,
            int maxRetries,
            boolean autoCommit,
            LongSupplier clockMillis) {
        this.dialect = dialect;
        this.options = options;
        this.name = name;
        this.maxRetries = Math.max(0, maxRetries);
        this.autoCommit = autoCommit;
        this.clockMillis = clockMillis;
        this.retry =
                Retry.of(
                        name,
                        RetryConfig.custom()
                                .maxAttempts(this.maxRetries + 1)
                                .intervalFunction(
                                        attempt -> Math.min(200L * attempt * attempt, 5_000L))
                                .retryOnException(RetryableFailure.class::isInstance)
                                .build());
        retry.getEventPublisher()
                .onRetry(
                        event -> {
                            LOG.warn(
                                    "{} sink: {} failed (attempt {} of {}), retrying on a fresh"
                                            + " connection: {}",
                                    dialect,
                                    running,
                                    event.getNumberOfRetryAttempts(),
                                    this.maxRetries + 1,
                                    options.scrub(
                                            SqlErrors.message(
                                                    ((RetryableFailure) event.getLastThrowable())
                                                            .cause)));
                            discardConnection();
                        });
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
        running = what;
        try {
            return retry.executeCallable(() -> attempt(work));
        } catch (Exception e) {
            if (Thread.currentThread().isInterrupted()) {
                // resilience4j ends a back-off cut short by an interrupt with the last failure,
                // which would read as if every attempt had been made
                throw new SQLException("Interrupted while retrying: " + what, e);
            }
            if (e instanceof RetryableFailure exhausted) {
                if (exhausted.lost) {
                    discardConnection();
                }
                throw exhausted.cause;
            }
            if (e instanceof SQLException sql) {
                throw sql;
            }
            if (e instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new SQLException(e);
        }
    }

    /**
     * One attempt; a failure worth another on a fresh connection comes out as a RetryableFailure.
     */
    private <T> T attempt(Work<T> work) throws SQLException {
        Connection current = null;
        try {
            current = connection();
            T result = work.run(current);
            if (!autoCommit) {
                current.commit();
            }
            lastUsedAt = clockMillis.getAsLong();
            return result;
        } catch (RuntimeException e) {
            // a refusal (or a bug) in the work: nothing of it may stay in the transaction,
            // which the next work on this connection would otherwise commit
            rollbackQuietly(current);
            throw e;
        } catch (SQLException e) {
            rollbackQuietly(current);
            boolean lost = current != null && !isValid(current);
            if (SqlErrors.isTransient(e) || lost) {
                throw new RetryableFailure(e, lost);
            }
            throw e;
        }
    }

    /** A transient error or a lost connection: the unit of work may succeed on a fresh one. */
    private static final class RetryableFailure extends SQLException {
        private static final long serialVersionUID = 1L;
        final SQLException cause;
        final boolean lost;

        RetryableFailure(SQLException cause, boolean lost) {
            super(cause.getMessage(), cause.getSQLState(), cause.getErrorCode(), cause);
            this.cause = cause;
            this.lost = lost;
        }
    }

    /** The connection for the next unit of work: the kept one when it is young and valid. */
    private Connection connection() throws SQLException {
        long now = clockMillis.getAsLong();
        if (connection != null && now - openedAt >= MAX_LIFETIME.toMillis()) {
            LOG.debug("{}: replacing its connection, open for {} ms", name, now - openedAt);
            discardConnection();
        } else if (connection != null
                && now - lastUsedAt >= VALIDATE_AFTER_IDLE.toMillis()
                && !isValid(connection)) {
            LOG.info(
                    "{}: its connection was lost while idle for {} s (server restart, killed"
                            + " session or idle timeout); opening a new one",
                    name,
                    (now - lastUsedAt) / 1000);
            discardConnection();
        }
        if (connection == null) {
            connection = DriverConnections.open(dialect, options, CONNECT_TIMEOUT, autoCommit);
            openedAt = now;
            LOG.debug("{}: opened a connection as {}", name, options.describe());
        }
        lastUsedAt = now;
        return connection;
    }

    /** Closes the current connection; the next work runs on a fresh one. */
    public void discardConnection() {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // it is being dropped because it may be broken
            }
            connection = null;
        }
    }

    private static boolean isValid(Connection connection) {
        try {
            return connection.isValid(VALIDATION_TIMEOUT_SECONDS);
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

    @Override
    public void close() {
        discardConnection();
    }

    @Override
    public String toString() {
        return "RetryingConnection{" + name + ", " + options.describe() + "}";
    }
}
