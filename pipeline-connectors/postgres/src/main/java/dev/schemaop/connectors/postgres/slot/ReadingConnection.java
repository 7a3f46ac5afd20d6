package dev.schemaop.connectors.postgres.slot;

import dev.schemaop.connectors.postgres.PostgresSourceSettings;

import javax.annotation.Nullable;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * A read-only connection of the source's, opened when first needed (most jobs never need it) and
 * kept for the reader's life.
 */
public final class ReadingConnection implements AutoCloseable {
    private final PostgresSourceSettings settings;
    @Nullable private Connection connection;

    public ReadingConnection(PostgresSourceSettings settings) {
        this.settings = settings;
    }

    public Connection get() throws SQLException {
        if (connection == null) {
            connection = PostgresConnections.open(settings);
            connection.setReadOnly(true);
        }
        return connection;
    }

    /** Closes the connection, if one was opened; a failure to close it changes nothing. */
    @Override
    public void close() {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // the server ends the session with the socket
            }
            connection = null;
        }
    }
}
