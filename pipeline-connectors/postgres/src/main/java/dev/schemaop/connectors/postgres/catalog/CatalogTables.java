package dev.schemaop.connectors.postgres.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.cdc.common.event.TableId;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.TypeInfo;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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

    /** The oid of the one type of that name ({@code pg_type.typname}); empty if none or several. */
    public static OptionalLong typeOid(Connection connection, String typname) throws SQLException {
        try (PreparedStatement query =
                connection.prepareStatement("SELECT oid FROM pg_type WHERE typname = ?")) {
            query.setString(1, typname);
            try (ResultSet row = query.executeQuery()) {
                if (!row.next()) {
                    return OptionalLong.empty();
                }
                long oid = row.getLong(1);
                return row.next() ? OptionalLong.empty() : OptionalLong.of(oid);
            }
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
     * The length and scale the JDBC driver gives a type with a modifier: what Debezium reports of a
     * Relation message's column.
     */
    public static int[] lengthAndScale(Connection connection, long typoid, int typmod)
            throws SQLException {
        TypeInfo types = connection.unwrap(BaseConnection.class).getTypeInfo();
        return new int[] {
            types.getPrecision((int) typoid, typmod), types.getScale((int) typoid, typmod)
        };
    }

    /**
     * The type names ({@code pg_type.typname}) of a layout's columns, from the types {@code
     * format_type} wrote; an empty name for a type that is gone since.
     */
    public static List<String> typeNames(Connection connection, TableLayout layout)
            throws SQLException {
        try (PreparedStatement query =
                connection.prepareStatement(
                        "SELECT ARRAY(SELECT coalesce(t.typname::text, '')"
                                + " FROM unnest(?::text[]) WITH ORDINALITY u(f, i)"
                                + " LEFT JOIN pg_type t ON t.oid = to_regtype(u.f)"
                                + " ORDER BY u.i)")) {
            query.setArray(
                    1,
                    connection.createArrayOf(
                            "text", layout.columns().stream().map(ColumnLayout::type).toArray()));
            try (ResultSet row = query.executeQuery()) {
                row.next();
                Array names = row.getArray(1);
                return Arrays.stream((Object[]) names.getArray()).map(String::valueOf).toList();
            }
        }
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
