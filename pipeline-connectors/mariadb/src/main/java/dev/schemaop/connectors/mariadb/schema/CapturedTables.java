package dev.schemaop.connectors.mariadb.schema;

import dev.schemaop.connectors.mariadb.SourceSettings;

import org.apache.flink.cdc.common.event.TableId;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The tables the source captures: every base table Debezium follows ({@code table.include.list},
 * case-insensitive as Debezium matches it), in database and table order. The snapshot reads them,
 * and so does {@code flink-cdc.sh check}.
 */
public final class CapturedTables {
    private static final Set<String> SYSTEM_DATABASES =
            Set.of("mysql", "information_schema", "performance_schema", "sys");

    private CapturedTables() {}

    /** The server's own databases, never captured. */
    public static boolean isSystemDatabase(String database) {
        return SYSTEM_DATABASES.contains(database.toLowerCase(Locale.ROOT));
    }

    public static List<TableId> list(Statement sql, SourceSettings settings) throws SQLException {
        List<Pattern> included = new ArrayList<>();
        for (String regex : settings.tableIncludeList().split(",")) {
            included.add(Pattern.compile(regex.trim(), Pattern.CASE_INSENSITIVE));
        }
        List<TableId> ids = new ArrayList<>();
        try (ResultSet rs =
                sql.executeQuery(
                        "SELECT TABLE_SCHEMA, TABLE_NAME FROM information_schema.TABLES"
                                + " WHERE TABLE_TYPE = 'BASE TABLE'"
                                + " ORDER BY TABLE_SCHEMA, TABLE_NAME")) {
            while (rs.next()) {
                String database = rs.getString(1);
                String table = rs.getString(2);
                if (!isSystemDatabase(database)
                        && included.stream()
                                .anyMatch(p -> p.matcher(database + "." + table).matches())) {
                    ids.add(TableId.tableId(database, table));
                }
            }
        }
        return ids;
    }

    /** The table's {@code CREATE TABLE} statement, as the server prints it. */
    public static String createStatement(Statement sql, TableId id) throws SQLException {
        try (ResultSet rs = sql.executeQuery("SHOW CREATE TABLE " + qualified(id))) {
            rs.next();
            return rs.getString(2);
        }
    }

    public static String qualified(TableId id) {
        return quoted(id.getSchemaName()) + "." + quoted(id.getTableName());
    }

    public static String quoted(String identifier) {
        return '`' + identifier.replace("`", "``") + '`';
    }
}
