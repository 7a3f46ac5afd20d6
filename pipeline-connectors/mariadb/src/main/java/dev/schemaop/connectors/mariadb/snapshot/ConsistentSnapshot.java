package dev.schemaop.connectors.mariadb.snapshot;

import dev.schemaop.connectors.mariadb.SourceSettings;
import dev.schemaop.connectors.mariadb.debezium.MariaDbSourceException;
import dev.schemaop.connectors.mariadb.jdbc.MariaDbConnections;
import dev.schemaop.connectors.mariadb.schema.CapturedTables;
import dev.schemaop.connectors.mariadb.schema.CreateStatements;
import dev.schemaop.connectors.mariadb.schema.MariaDbTypes;
import dev.schemaop.connectors.mariadb.schema.SourceColumn;
import dev.schemaop.connectors.mariadb.source.ShadowTables;

import org.apache.flink.cdc.common.event.TableId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One transaction that sees every captured table as it was at one binlog position, taken as
 * Debezium's snapshot takes it with its "minimal" locking: under a global read lock (waited for at
 * most {@code snapshot.lock.timeout.ms}, 10 s by default, as Debezium waits), a consistent-snapshot
 * transaction starts, the binlog position and every table's {@code CREATE TABLE} are read, and the
 * lock is released before the first row is read. Writes wait only for that moment; the rows are
 * then read from the transaction's snapshot while the server runs on.
 */
final class ConsistentSnapshot implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ConsistentSnapshot.class);

    /** Debezium's option for how long its snapshot waits for the global read lock. */
    static final String LOCK_TIMEOUT_OPTION = "snapshot.lock.timeout.ms";

    private static final long DEFAULT_LOCK_TIMEOUT_MS = 10_000;

    /**
     * How long the server waits for the snapshot to take the next rows before it drops the query:
     * the snapshot waits whenever the pipeline is slower, e.g. while a schema change is applied.
     */
    private static final int NET_WRITE_TIMEOUT_SECONDS = 86_400;

    private final SourceSettings settings;
    private final Connection connection;
    private BinlogPosition position;
    private final List<String> schemaStatements = new ArrayList<>();
    private final List<SnapshotTable> tables = new ArrayList<>();

    private ConsistentSnapshot(SourceSettings settings, Connection connection) {
        this.settings = settings;
        this.connection = connection;
    }

    /** Connects; {@link #begin()} then takes the snapshot's position and tables. */
    static ConsistentSnapshot open(SourceSettings settings) throws SQLException {
        return new ConsistentSnapshot(settings, MariaDbConnections.open(settings, false));
    }

    /**
     * @throws SQLException what the server reports
     * @throws MariaDbSourceException when the global read lock is not had in time
     */
    void begin() throws SQLException {
        long lockTimeoutMs =
                Long.parseLong(
                        settings.debezium()
                                .getOrDefault(
                                        LOCK_TIMEOUT_OPTION,
                                        String.valueOf(DEFAULT_LOCK_TIMEOUT_MS)));
        long lockTimeoutSeconds = Math.max(1, (lockTimeoutMs + 999) / 1000);
        Map<TableId, String> createStatements = new LinkedHashMap<>();
        try (Statement sql = connection.createStatement()) {
            sql.execute("SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ");
            sql.execute("SET SESSION time_zone = '+00:00'"); // TIMESTAMP text is UTC
            sql.execute("SET NAMES utf8mb4"); // text columns are read as their UTF-8 bytes
            sql.execute("SET SESSION net_write_timeout = " + NET_WRITE_TIMEOUT_SECONDS);
            sql.execute("SET SESSION lock_wait_timeout = " + lockTimeoutSeconds);
            try {
                sql.execute("FLUSH TABLES WITH READ LOCK");
            } catch (SQLException e) {
                throw new MariaDbSourceException(
                        "The snapshot could not take the global read lock (FLUSH TABLES WITH READ"
                                + " LOCK) within "
                                + lockTimeoutSeconds
                                + " s: "
                                + e.getMessage()
                                + ". A long-running query or a LOCK TABLES holds it; the snapshot"
                                + " is tried again when the job restarts. Raise"
                                + " debezium."
                                + LOCK_TIMEOUT_OPTION
                                + " to wait longer.",
                        e);
            }
            try {
                sql.execute("START TRANSACTION WITH CONSISTENT SNAPSHOT");
                position = position(sql);
                schemaStatements.addAll(serverAndDatabases(sql));
                for (TableId id : CapturedTables.list(sql, settings)) {
                    createStatements.put(id, CapturedTables.createStatement(sql, id));
                }
            } finally {
                sql.execute("UNLOCK TABLES");
            }
        }
        // Parsing waits until the lock is released: writes wait for the lock only.
        ShadowTables shadows = new ShadowTables(settings.onlineSchemaChanges());
        for (Map.Entry<TableId, String> entry : createStatements.entrySet()) {
            TableId id = entry.getKey();
            tables.add(
                    new SnapshotTable(
                            id,
                            entry.getValue(),
                            CreateStatements.describe(
                                    id.getSchemaName(), id.getTableName(), entry.getValue()),
                            shadows.originalOf(id).isEmpty()));
        }
    }

    BinlogPosition position() {
        return position;
    }

    /**
     * The statements Debezium's schema history needs before the tables' {@code CREATE TABLE}s, as
     * Debezium's own snapshot records them: the server's and each database's character set, which
     * decide the character set of a column created later without one.
     */
    List<String> schemaStatements() {
        return schemaStatements;
    }

    List<SnapshotTable> tables() {
        return tables;
    }

    /**
     * The rows of {@code table}, streamed {@code fetchSize} at a time, columns in table order.
     * Temporal columns come as the server's text (no driver conversion through a time zone, and
     * dates with a zero month or day read as written); FLOAT as DOUBLE (the text protocol prints a
     * FLOAT with six digits, the binlog has all its bits).
     */
    ResultSet rows(SnapshotTable table, int fetchSize) throws SQLException {
        StringBuilder select = new StringBuilder("SELECT ");
        for (SourceColumn column : table.table().columns()) {
            select.append(expression(column)).append(", ");
        }
        select.setLength(select.length() - 2);
        select.append(" FROM ").append(CapturedTables.qualified(table.id()));
        Statement statement =
                connection.createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
        statement.setFetchSize(fetchSize);
        statement.closeOnCompletion();
        return statement.executeQuery(select.toString());
    }

    /**
     * The server's estimate of the table's rows ({@code information_schema.TABLES.TABLE_ROWS}, from
     * the table's statistics: InnoDB's may be off by half), for the snapshot's progress lines; -1
     * when the server has none.
     */
    long estimatedRows(SnapshotTable table) {
        try (PreparedStatement sql =
                connection.prepareStatement(
                        "SELECT TABLE_ROWS FROM information_schema.TABLES"
                                + " WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?")) {
            sql.setString(1, table.id().getSchemaName());
            sql.setString(2, table.id().getTableName());
            try (ResultSet rs = sql.executeQuery()) {
                if (!rs.next()) {
                    return -1;
                }
                long rows = rs.getLong(1);
                return rs.wasNull() ? -1 : rows;
            }
        } catch (SQLException e) {
            LOG.debug("No row estimate for {}", table.id(), e);
            return -1; // a progress line without the estimate; the snapshot goes on
        }
    }

    private static String expression(SourceColumn column) {
        String name = CapturedTables.quoted(column.name());
        switch (MariaDbTypes.typeOf(column).getTypeRoot()) {
            case DATE:
            case TIMESTAMP_WITHOUT_TIME_ZONE:
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return "CAST(" + name + " AS CHAR)";
            case FLOAT:
                return "CAST(" + name + " AS DOUBLE)";
            default:
                return name;
        }
    }

    private static BinlogPosition position(Statement sql) throws SQLException {
        String file;
        long offset;
        try (ResultSet rs = sql.executeQuery("SHOW MASTER STATUS")) {
            if (!rs.next()) {
                throw new SQLException(
                        "SHOW MASTER STATUS returned nothing: the server writes no binlog");
            }
            file = rs.getString(1);
            offset = rs.getLong(2);
        }
        String gtids;
        try (ResultSet rs = sql.executeQuery("SELECT @@gtid_binlog_pos")) {
            rs.next();
            gtids = rs.getString(1) == null ? "" : rs.getString(1);
        }
        return new BinlogPosition(file, offset, gtids);
    }

    private List<String> serverAndDatabases(Statement sql) throws SQLException {
        List<String> statements = new ArrayList<>();
        try (ResultSet rs = sql.executeQuery("SELECT @@character_set_server, @@collation_server")) {
            rs.next();
            statements.add(
                    "SET character_set_server="
                            + rs.getString(1)
                            + ", collation_server="
                            + rs.getString(2));
        }
        try (ResultSet rs =
                sql.executeQuery(
                        "SELECT SCHEMA_NAME, DEFAULT_CHARACTER_SET_NAME, DEFAULT_COLLATION_NAME"
                                + " FROM information_schema.SCHEMATA ORDER BY SCHEMA_NAME")) {
            while (rs.next()) {
                String database = rs.getString(1);
                if (!CapturedTables.isSystemDatabase(database)) {
                    statements.add(
                            "CREATE DATABASE "
                                    + CapturedTables.quoted(database)
                                    + " CHARACTER SET "
                                    + rs.getString(2)
                                    + " COLLATE "
                                    + rs.getString(3));
                }
            }
        }
        return statements;
    }

    /**
     * Drops the connection at once, from any thread: a query waiting for the lock or a result being
     * streamed ends with it (closing a streamed result would read it to its end first).
     */
    void abort() {
        try {
            connection.abort(Runnable::run);
        } catch (SQLException | RuntimeException ignored) {
            // already gone
        }
    }

    /** Ends the transaction: the server may purge what it kept for it. */
    @Override
    public void close() throws SQLException {
        try (Statement sql = connection.createStatement()) {
            sql.execute("COMMIT");
        } catch (SQLException ignored) {
            // the connection may be gone already; closing it ends the transaction too
        } finally {
            connection.close();
        }
    }
}
