package dev.schemaop.connectors.postgres.source;

import static dev.schemaop.connectors.postgres.catalog.Identifiers.quote;

import dev.schemaop.api.NonRecoverableException;
import dev.schemaop.connectors.postgres.PostgresSourceSettings;
import dev.schemaop.connectors.postgres.catalog.ColumnLayout;
import dev.schemaop.connectors.postgres.catalog.TableLayout;
import dev.schemaop.connectors.postgres.slot.ReadingConnection;
import dev.schemaop.connectors.postgres.values.JdbcValues;

import org.apache.flink.cdc.common.data.DateData;
import org.apache.flink.cdc.common.data.LocalZonedTimestampData;
import org.apache.flink.cdc.common.data.TimestampData;
import org.apache.flink.cdc.common.types.DataType;

import javax.annotation.Nullable;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;

/**
 * Large values an update left unchanged, which PostgreSQL did not log and the update's before image
 * does not hold (a table with the default replica identity), read again from the table by the row's
 * key. The table and its columns are found by oid and attnum, so a rename since the update does not
 * lose them. What is read is the row as it is now, which may be newer than the update: a later
 * change of the row is then still to come in the stream and sets the sink's row again, so the sink
 * ends with the source's values.
 */
final class UnloggedValues implements AutoCloseable {
    private final ReadingConnection connection;

    UnloggedValues(PostgresSourceSettings settings) {
        this.connection = new ReadingConnection(settings);
    }

    /**
     * @param columns the columns to read, as indexes into the layout's columns
     * @param types the pipeline types of the layout's columns
     * @param key the key's columns, as indexes into the layout's columns
     * @param row the row's values in their pipeline types, its key's among them
     * @return the columns' values in their pipeline types, in the order of {@code columns}; null
     *     when the table or the row is no longer there (dropped, deleted, or its key changed since:
     *     the stream brings that change next)
     */
    @Nullable
    Object[] read(TableLayout layout, int[] columns, DataType[] types, int[] key, Object[] row)
            throws SQLException {
        if (key.length == 0) {
            throw needsFullIdentity(layout, "it has no primary key to read the row by");
        }
        for (int k : key) {
            for (int c : columns) {
                if (c == k) {
                    throw needsFullIdentity(
                            layout,
                            "its key column "
                                    + layout.columns().get(k).name()
                                    + " is itself a large value the update did not log");
                }
            }
        }
        Connection sql = connection.get();
        Now now = now(sql, layout.oid());
        if (now == null) {
            return null;
        }
        StringBuilder select = new StringBuilder("SELECT ");
        for (int i = 0; i < columns.length; i++) {
            Current column = now.columns.get(layout.columns().get(columns[i]).attnum());
            select.append(i == 0 ? "" : ", ").append(column == null ? "NULL" : quote(column.name));
        }
        select.append(" FROM ").append(now.table).append(" WHERE ");
        for (int k = 0; k < key.length; k++) {
            Current column = now.columns.get(layout.columns().get(key[k]).attnum());
            if (column == null) {
                return null; // the key column was dropped since: so was the key
            }
            select.append(k == 0 ? "" : " AND ").append(quote(column.name));
            // the key's type now, which a retype since may have changed
            select.append(typed(types[key[k]]) ? " = ?" : " = CAST(? AS " + column.type + ")");
        }
        try (PreparedStatement statement = sql.prepareStatement(select.toString())) {
            for (int k = 0; k < key.length; k++) {
                bind(statement, k + 1, row[key[k]], types[key[k]], layout, key[k]);
            }
            try (ResultSet found = statement.executeQuery()) {
                if (!found.next()) {
                    return null;
                }
                Object[] values = new Object[columns.length];
                for (int i = 0; i < columns.length; i++) {
                    String column = layout.columns().get(columns[i]).name();
                    values[i] = JdbcValues.read(found, i + 1, types[columns[i]], column);
                }
                return values;
            }
        }
    }

    private static NonRecoverableException needsFullIdentity(TableLayout layout, String why) {
        return new NonRecoverableException(
                "An update of "
                        + layout.id()
                        + " left a large value unchanged, which PostgreSQL does not log, and the"
                        + " source cannot read it again: "
                        + why
                        + ". Run ALTER TABLE "
                        + quote(layout.schema())
                        + "."
                        + quote(layout.table())
                        + " REPLICA IDENTITY FULL, so that updates log the whole row, and start"
                        + " the pipeline with --fresh.");
    }

    /** The table's qualified name and its columns by attnum, now; null when dropped. */
    @Nullable
    private static Now now(Connection sql, long oid) throws SQLException {
        try (PreparedStatement statement =
                sql.prepareStatement(
                        "SELECT format('%I.%I', n.nspname, c.relname), a.attnum, a.attname,"
                                + " format_type(a.atttypid, a.atttypmod)"
                                + " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                                + " JOIN pg_attribute a ON a.attrelid = c.oid"
                                + " WHERE c.oid = ? AND a.attnum > 0 AND NOT a.attisdropped")) {
            statement.setLong(1, oid);
            try (ResultSet rows = statement.executeQuery()) {
                String table = null;
                Map<Integer, Current> columns = new HashMap<>();
                while (rows.next()) {
                    table = rows.getString(1);
                    columns.put(rows.getInt(2), new Current(rows.getString(3), rows.getString(4)));
                }
                return table == null ? null : new Now(table, columns);
            }
        }
    }

    private record Now(String table, Map<Integer, Current> columns) {}

    /** A column as the catalog has it now: its name and format_type. */
    private record Current(String name, String type) {}

    /** A key type bound with its Java type rather than as text cast to the column's type. */
    private static boolean typed(DataType type) {
        switch (type.getTypeRoot()) {
            case BINARY:
            case VARBINARY:
            case DATE:
            case TIMESTAMP_WITHOUT_TIME_ZONE:
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return true;
            default:
                return false;
        }
    }

    private static void bind(
            PreparedStatement statement,
            int index,
            Object value,
            DataType type,
            TableLayout layout,
            int column)
            throws SQLException {
        switch (type.getTypeRoot()) {
            case BOOLEAN:
            case TINYINT:
            case SMALLINT:
            case INTEGER:
            case BIGINT:
            case FLOAT:
            case DOUBLE:
            case DECIMAL:
            case CHAR:
            case VARCHAR:
                statement.setString(index, value.toString());
                return;
            case BINARY:
            case VARBINARY:
                statement.setBytes(index, (byte[]) value);
                return;
            case DATE:
                statement.setObject(index, ((DateData) value).toLocalDate());
                return;
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                statement.setObject(index, ((TimestampData) value).toLocalDateTime());
                return;
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                statement.setObject(
                        index,
                        OffsetDateTime.ofInstant(
                                ((LocalZonedTimestampData) value).toInstant(), ZoneOffset.UTC));
                return;
            default:
                ColumnLayout key = layout.columns().get(column);
                throw needsFullIdentity(
                        layout,
                        "its key column "
                                + key.name()
                                + " is of a type the source cannot look a row up by ("
                                + key.type()
                                + ")");
        }
    }

    /** Closes the connection, if one was opened; a failure to close it changes nothing. */
    @Override
    public void close() {
        connection.close();
    }
}
