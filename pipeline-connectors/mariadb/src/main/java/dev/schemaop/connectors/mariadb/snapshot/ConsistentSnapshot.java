package dev.schemaop.connectors.mariadb.snapshot;

import dev.schemaop.connectors.mariadb.SourceSettings;
import dev.schemaop.connectors.mariadb.jdbc.MariaDbConnections;
import dev.schemaop.connectors.mariadb.schema.CreateStatements;
import dev.schemaop.connectors.mariadb.source.ShadowTables;

import org.apache.flink.cdc.common.event.TableId;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One transaction that sees every captured table as it was at one binlog position, as Debezium's
 * snapshot takes it ("minimal" locking): under a global read lock, a consistent-snapshot
 * transaction starts, the binlog position and every table's {@code CREATE TABLE} are read, and the
 * lock is released before the first row is read. Writes wait only for that moment; the rows are
 * then read from the transaction's snapshot while the server runs on.
 */
final class ConsistentSnapshot implements AutoCloseable {
    private static final Set<String> SYSTEM_DATABASES =
            Set.of("mysql", "information_schema", "performance_schema", "sys");

    private final Connection connection;
    private final BinlogPosition position;
    private final List<SnapshotTable> tables;

    private ConsistentSnapshot(
            Connection connection, BinlogPosition position, List<SnapshotTable> tables) {
        this.connection = connection;
        this.position = position;
        this.tables = tables;
    }

    /**
     * @throws SQLException what the server reports
     */
    static ConsistentSnapshot begin(SourceSettings settings) throws SQLException {
        Connection connection = MariaDbConnections.open(settings, false);
        try (Statement sql = connection.createStatement()) {
            sql.execute("SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ");
            sql.execute("SET SESSION time_zone = '+00:00'");
            sql.execute("SET NAMES utf8mb4"); // text columns are read as their UTF-8 bytes
            sql.execute("FLUSH TABLES WITH READ LOCK");
            try {
                sql.execute("START TRANSACTION WITH CONSISTENT SNAPSHOT");
                BinlogPosition position = position(sql);
                List<SnapshotTable> tables = tables(sql, settings);
                return new ConsistentSnapshot(connection, position, tables);
            } finally {
                sql.execute("UNLOCK TABLES");
            }
        } catch (SQLException | RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    BinlogPosition position() {
        return position;
    }

    List<SnapshotTable> tables() {
        return tables;
    }

    /** The rows of {@code table}, streamed {@code fetchSize} at a time, columns in table order. */
    ResultSet rows(SnapshotTable table, int fetchSize) throws SQLException {
        StringBuilder select = new StringBuilder("SELECT ");
        table.table().columns().forEach(c -> select.append(quoted(c.name())).append(", "));
        select.setLength(select.length() - 2);
        select.append(" FROM ")
                .append(quoted(table.id().getSchemaName()))
                .append('.')
                .append(quoted(table.id().getTableName()));
        Statement statement =
                connection.createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
        statement.setFetchSize(fetchSize);
        statement.closeOnCompletion();
        return statement.executeQuery(select.toString());
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

    /**
     * Every base table Debezium follows ({@code table.include.list}, case-insensitive as Debezium
     * matches it), in database and table order.
     */
    private static List<SnapshotTable> tables(Statement sql, SourceSettings settings)
            throws SQLException {
        List<Pattern> included = new ArrayList<>();
        for (String regex : settings.tableIncludeList().split(",")) {
            included.add(Pattern.compile(regex.trim(), Pattern.CASE_INSENSITIVE));
        }
        ShadowTables shadows = new ShadowTables(settings.onlineSchemaChanges());
        List<TableId> ids = new ArrayList<>();
        try (ResultSet rs =
                sql.executeQuery(
                        "SELECT TABLE_SCHEMA, TABLE_NAME FROM information_schema.TABLES"
                                + " WHERE TABLE_TYPE = 'BASE TABLE'"
                                + " ORDER BY TABLE_SCHEMA, TABLE_NAME")) {
            while (rs.next()) {
                String database = rs.getString(1);
                String table = rs.getString(2);
                if (!SYSTEM_DATABASES.contains(database.toLowerCase(java.util.Locale.ROOT))
                        && included.stream()
                                .anyMatch(p -> p.matcher(database + "." + table).matches())) {
                    ids.add(TableId.tableId(database, table));
                }
            }
        }
        List<SnapshotTable> tables = new ArrayList<>();
        for (TableId id : ids) {
            String ddl;
            try (ResultSet rs =
                    sql.executeQuery(
                            "SHOW CREATE TABLE "
                                    + quoted(id.getSchemaName())
                                    + "."
                                    + quoted(id.getTableName()))) {
                rs.next();
                ddl = rs.getString(2);
            }
            tables.add(
                    new SnapshotTable(
                            id,
                            ddl,
                            CreateStatements.describe(id.getSchemaName(), id.getTableName(), ddl),
                            shadows.originalOf(id).isEmpty()));
        }
        return tables;
    }

    static String quoted(String identifier) {
        return '`' + identifier.replace("`", "``") + '`';
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
