package dev.schemaop.connectors.jdbc.catalog;

import dev.schemaop.connectors.jdbc.types.SqlType;
import dev.schemaop.connectors.jdbc.types.TypeMapping;

import org.apache.flink.cdc.common.types.DataType;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * PostgreSQL's catalog, read from {@code pg_catalog}: column types as {@code format_type} prints
 * them (with length, precision and scale), {@code attnotnull}, column comments, the primary key
 * from {@code pg_index} in key order. Tables and partitioned tables are tables; views are not.
 */
public final class PostgresCatalog implements CatalogReader {
    private static final long serialVersionUID = 1L;

    private static final String TABLE =
            "SELECT c.oid FROM pg_catalog.pg_class c"
                    + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
                    + " WHERE n.nspname = ? AND c.relname = ? AND c.relkind IN ('r', 'p')";

    private static final String COLUMNS =
            "SELECT a.attname, pg_catalog.format_type(a.atttypid, a.atttypmod), a.attnotnull,"
                    + " pg_catalog.col_description(a.attrelid, a.attnum),"
                    + " CASE WHEN a.attidentity <> '' THEN 'GENERATED AS IDENTITY'"
                    + " WHEN a.attgenerated <> '' THEN 'GENERATED ALWAYS AS ('"
                    + " || pg_catalog.pg_get_expr(d.adbin, d.adrelid) || ')'"
                    + " ELSE pg_catalog.pg_get_expr(d.adbin, d.adrelid) END"
                    + " FROM pg_catalog.pg_attribute a"
                    + " LEFT JOIN pg_catalog.pg_attrdef d"
                    + " ON d.adrelid = a.attrelid AND d.adnum = a.attnum"
                    + " WHERE a.attrelid = ? AND a.attnum > 0 AND NOT a.attisdropped"
                    + " ORDER BY a.attnum";

    private static final String PRIMARY_KEY =
            "SELECT a.attname FROM pg_catalog.pg_index i"
                    + " JOIN pg_catalog.pg_attribute a"
                    + " ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)"
                    + " WHERE i.indrelid = ? AND i.indisprimary"
                    + " ORDER BY array_position(i.indkey::int2[], a.attnum)";

    private final TypeMapping types;

    public PostgresCatalog(TypeMapping types) {
        this.types = types;
    }

    @Override
    public Optional<ExistingTable> readTable(Connection connection, TablePath path)
            throws SQLException {
        Long oid = null;
        try (PreparedStatement st = connection.prepareStatement(TABLE)) {
            st.setString(1, path.schema());
            st.setString(2, path.table());
            try (ResultSet rs = st.executeQuery()) {
                if (rs.next()) {
                    oid = rs.getLong(1);
                }
            }
        }
        if (oid == null) {
            return Optional.empty();
        }
        List<ExistingColumn> columns = new ArrayList<>();
        try (PreparedStatement st = connection.prepareStatement(COLUMNS)) {
            st.setLong(1, oid);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    SqlType sqlType = SqlType.parse(rs.getString(2));
                    DataType type = types.toCdcType(sqlType);
                    boolean notNull = rs.getBoolean(3);
                    columns.add(
                            new ExistingColumn(
                                    rs.getString(1),
                                    sqlType,
                                    notNull ? type.notNull() : type,
                                    rs.getString(5),
                                    rs.getString(4),
                                    null));
                }
            }
        }
        List<String> key = new ArrayList<>();
        try (PreparedStatement st = connection.prepareStatement(PRIMARY_KEY)) {
            st.setLong(1, oid);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    key.add(rs.getString(1));
                }
            }
        }
        return Optional.of(new ExistingTable(path, columns, key, true));
    }

    @Override
    public boolean schemaExists(Connection connection, String schema) throws SQLException {
        try (PreparedStatement st =
                connection.prepareStatement(
                        "SELECT 1 FROM pg_catalog.pg_namespace WHERE nspname = ?")) {
            st.setString(1, schema);
            try (ResultSet rs = st.executeQuery()) {
                return rs.next();
            }
        }
    }

    @Override
    public String defaultSchema(Connection connection) throws SQLException {
        try (PreparedStatement st = connection.prepareStatement("SELECT current_schema()");
                ResultSet rs = st.executeQuery()) {
            String schema = rs.next() ? rs.getString(1) : null;
            return schema == null ? "public" : schema;
        }
    }
}
