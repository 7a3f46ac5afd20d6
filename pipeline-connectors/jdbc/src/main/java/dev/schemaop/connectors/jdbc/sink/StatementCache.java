package dev.schemaop.connectors.jdbc.sink;

import org.apache.flink.cdc.common.event.TableId;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;

/**
 * Prepared statements of one connection, per (table, table version, operation). A new connection
 * starts an empty cache; a table's statements are closed when its schema changes.
 */
final class StatementCache implements AutoCloseable {
    private final Map<Key, PreparedStatement> statements = new HashMap<>();
    private Connection connection;

    PreparedStatement get(Connection current, TableWriteState table, RowOperation operation)
            throws SQLException {
        if (current != connection) {
            close();
            connection = current;
        }
        Key key = new Key(table.tableId(), table.version(), operation);
        PreparedStatement statement = statements.get(key);
        if (statement == null) {
            statement = current.prepareStatement(table.sql(operation));
            statements.put(key, statement);
        }
        return statement;
    }

    /** Closes the statements of every version of the table. */
    void forget(TableId tableId) {
        Iterator<Map.Entry<Key, PreparedStatement>> it = statements.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<Key, PreparedStatement> entry = it.next();
            if (entry.getKey().tableId.equals(tableId)) {
                closeQuietly(entry.getValue());
                it.remove();
            }
        }
    }

    int size() {
        return statements.size();
    }

    @Override
    public void close() {
        statements.values().forEach(StatementCache::closeQuietly);
        statements.clear();
        connection = null;
    }

    private static void closeQuietly(PreparedStatement statement) {
        try {
            statement.close();
        } catch (SQLException ignored) {
            // its connection may be gone already
        }
    }

    private static final class Key {
        final TableId tableId;
        final int version;
        final RowOperation operation;

        Key(TableId tableId, int version, RowOperation operation) {
            this.tableId = tableId;
            this.version = version;
            this.operation = operation;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Key)) {
                return false;
            }
            Key that = (Key) o;
            return version == that.version
                    && tableId.equals(that.tableId)
                    && operation == that.operation;
        }

        @Override
        public int hashCode() {
            return Objects.hash(tableId, version, operation);
        }
    }
}
