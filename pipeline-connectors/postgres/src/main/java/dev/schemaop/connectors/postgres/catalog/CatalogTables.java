package dev.schemaop.connectors.postgres.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.cdc.common.event.TableId;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.TypeInfo;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The catalog as it is now, asked one table at a time: what the source needs when it sees DDL from
 * Relation messages, which name a table's columns and their types but not their attnums.
 */
public final class CatalogTables {
    private static final ObjectMapper JSON = new ObjectMapper();

    private CatalogTables() {}

    /** A table's every attribute and its layout, read in one statement; null when it is gone. */
    @Nullable
    public static TableNow now(Connection connection, long oid) throws SQLException {
        try (PreparedStatement query =
                connection.prepareStatement(DdlCapture.ATTRIBUTES_AND_LAYOUT)) {
            query.setLong(1, oid);
            try (ResultSet row = query.executeQuery()) {
                if (!row.next()) {
                    return null;
                }
                List<Attribute> attributes = new ArrayList<>();
                for (JsonNode a : parse(row.getString(1))) {
                    attributes.add(
                            new Attribute(
                                    a.get("attnum").asInt(),
                                    a.get("dropped").asBoolean(),
                                    a.get("typoid").asLong(),
                                    a.get("typmod").asInt(),
                                    a.hasNonNull("typname") ? a.get("typname").asText() : null));
                }
                return new TableNow(LayoutMessages.layout(row.getString(2)), attributes);
            }
        }
    }

    /** The names the tables (oids) have now; a table gone has none. */
    public static Map<Long, TableId> names(Connection connection, Collection<Long> oids)
            throws SQLException {
        try (PreparedStatement query =
                connection.prepareStatement(
                        "SELECT c.oid, n.nspname, c.relname FROM pg_class c"
                                + " JOIN pg_namespace n ON n.oid = c.relnamespace"
                                + " WHERE c.oid = ANY(?::oid[])")) {
            query.setArray(1, connection.createArrayOf("int8", oids.toArray()));
            Map<Long, TableId> names = new HashMap<>();
            try (ResultSet row = query.executeQuery()) {
                while (row.next()) {
                    names.put(row.getLong(1), TableId.tableId(row.getString(2), row.getString(3)));
                }
            }
            return names;
        }
    }

    /** The oid of the table of that name now, if there is one. */
    public static OptionalLong oidOf(Connection connection, TableId table) throws SQLException {
        try (PreparedStatement query =
                connection.prepareStatement(
                        "SELECT c.oid FROM pg_class c"
                                + " JOIN pg_namespace n ON n.oid = c.relnamespace"
                                + " WHERE n.nspname = ? AND c.relname = ?"
                                + " AND c.relkind IN ('r', 'p')")) {
            query.setString(1, table.getSchemaName());
            query.setString(2, table.getTableName());
            try (ResultSet row = query.executeQuery()) {
                return row.next() ? OptionalLong.of(row.getLong(1)) : OptionalLong.empty();
            }
        }
    }

    /**
     * The oid of the one type of that name ({@code pg_type.typname}, in any case: Debezium reports
     * it in upper case) a column can have (a base type, an array or an enum; not a table's row
     * type), the one visible on the search path when there are several; empty if none or still
     * several.
     */
    public static OptionalLong typeOid(Connection connection, String typname) throws SQLException {
        try (PreparedStatement query =
                connection.prepareStatement(
                        "SELECT oid, pg_type_is_visible(oid) FROM pg_type"
                                + " WHERE lower(typname) = lower(?) AND typtype IN ('b', 'e')")) {
            query.setString(1, typname);
            List<Long> all = new ArrayList<>();
            List<Long> visible = new ArrayList<>();
            try (ResultSet row = query.executeQuery()) {
                while (row.next()) {
                    all.add(row.getLong(1));
                    if (row.getBoolean(2)) {
                        visible.add(row.getLong(1));
                    }
                }
            }
            if (all.size() == 1) {
                return OptionalLong.of(all.get(0));
            }
            return visible.size() == 1 ? OptionalLong.of(visible.get(0)) : OptionalLong.empty();
        }
    }

    /**
     * A column of the type {@code typoid} with the modifier {@code typmod}, as the catalog says.
     */
    public static ColumnLayout column(
            Connection connection, int attnum, String name, long typoid, int typmod)
            throws SQLException {
        try (PreparedStatement query =
                connection.prepareStatement(
                        "SELECT format_type(t.oid, ?), t.typcategory::text,"
                                + " CASE WHEN t.typcategory = 'A' THEN format_type(t.typelem, ?)"
                                + " END FROM pg_type t WHERE t.oid = ?")) {
            query.setInt(1, typmod);
            query.setInt(2, typmod);
            query.setLong(3, typoid);
            try (ResultSet row = query.executeQuery()) {
                if (!row.next()) {
                    throw new SQLException("No type of oid " + typoid);
                }
                return new ColumnLayout(
                        attnum, name, row.getString(1), row.getString(2), row.getString(3), false);
            }
        }
    }

    /**
     * The length and scale Debezium reports of a column of the type {@code typoid} with the
     * modifier {@code typmod} (its {@code ColumnMetaData}): the JDBC driver's precision and scale
     * of the type with the modifier; without one, its precision or, when that is 0, its display
     * size (an unconstrained numeric), and its scale.
     */
    public static int[] reportedSize(Connection connection, long typoid, int typmod)
            throws SQLException {
        TypeInfo types = connection.unwrap(BaseConnection.class).getTypeInfo();
        int oid = (int) typoid;
        if (typmod != -1) {
            return new int[] {types.getPrecision(oid, typmod), types.getScale(oid, typmod)};
        }
        int length = types.getPrecision(oid, -1);
        if (length == 0) {
            length = types.getDisplaySize(oid, -1);
        }
        return new int[] {length, types.getScale(oid, -1)};
    }

    private static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException("Not the catalog's attributes: " + json, e);
        }
    }

    /** A table now: its layout (live columns) and every attribute it ever gave a column. */
    public record TableNow(TableLayout layout, List<Attribute> attributes) {
        @Nullable
        public ColumnLayout column(int attnum) {
            for (ColumnLayout column : layout.columns()) {
                if (column.attnum() == attnum) {
                    return column;
                }
            }
            return null;
        }
    }

    /**
     * An attribute of a table: a column, or what a dropped one leaves (its attnum and modifier).
     *
     * @param typname null when dropped
     */
    public record Attribute(
            int attnum, boolean dropped, long typoid, int typmod, @Nullable String typname) {}
}
