package dev.schemaop.connectors.jdbc.connection;

import dev.schemaop.connectors.jdbc.dialect.JdbcDialect;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Properties;

/**
 * A HikariCP pool of one writer subtask or of the applier. The pool starts without connecting (the
 * first {@link #getConnection()} connects, and its failure is the caller's to retry or report); a
 * connection that failed is {@link #evict evicted}, so the next one is fresh.
 */
public final class ConnectionPool implements AutoCloseable {

    /** How long the driver may take to open a connection. */
    public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

    /** How long {@link #getConnection()} waits for a free or new connection. */
    public static final Duration ACQUIRE_TIMEOUT = Duration.ofSeconds(30);

    private final HikariDataSource dataSource;

    private ConnectionPool(HikariDataSource dataSource) {
        this.dataSource = dataSource;
    }

    /**
     * @throws SQLException the driver's exception when the first connection fails
     */
    public static ConnectionPool open(
            JdbcDialect dialect, JdbcConnectionOptions options, String poolName)
            throws SQLException {
        HikariConfig config = new HikariConfig();
        config.setPoolName(poolName);
        config.setJdbcUrl(options.url());
        config.setDriverClassName(dialect.driverClassName());
        if (options.username() != null) {
            config.setUsername(options.username());
        }
        if (options.password() != null) {
            config.setPassword(options.password());
        }
        Properties timeouts = new Properties();
        dialect.setConnectTimeout(timeouts, CONNECT_TIMEOUT);
        config.setDataSourceProperties(timeouts);
        if (dialect.connectionInitSql() != null) {
            config.setConnectionInitSql(dialect.connectionInitSql());
        }
        config.setMaximumPoolSize(options.maxPoolSize());
        config.setMinimumIdle(Math.min(1, options.maxPoolSize()));
        config.setInitializationFailTimeout(1);
        config.setConnectionTimeout(ACQUIRE_TIMEOUT.toMillis());
        config.setAutoCommit(true);
        try {
            return new ConnectionPool(new HikariDataSource(config));
        } catch (HikariPool.PoolInitializationException e) {
            if (e.getCause() instanceof SQLException) {
                throw (SQLException) e.getCause();
            }
            throw new SQLException(
                    "Cannot open a connection: " + options.scrub(String.valueOf(e.getMessage())),
                    "08001",
                    options.scrub(e.getCause()));
        }
    }

    public Connection getConnection() throws SQLException {
        return dataSource.getConnection();
    }

    /** Closes the connection and removes it from the pool (after a failure on it). */
    public void evict(Connection connection) {
        if (connection != null) {
            dataSource.evictConnection(connection);
        }
    }

    @Override
    public void close() {
        dataSource.close();
    }

    @Override
    public String toString() {
        return "ConnectionPool{" + dataSource.getPoolName() + "}";
    }
}
