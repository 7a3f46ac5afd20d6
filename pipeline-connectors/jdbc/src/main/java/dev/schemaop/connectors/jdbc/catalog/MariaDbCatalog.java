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
 * MariaDB's catalog, read from {@code information_schema}: {@code COLUMN_TYPE} (with length,
 * precision, scale, {@code unsigned}), nullability, default, comment, extra attributes, and the
 * {@code PRIMARY} key in key order. information_schema compares names without case: a table matches
 * only by its exact name, unless the server stores table names in lower case ({@code
 * lower_case_table_names} not 0).
 */
public final class MariaDbCatalog implements CatalogReader {
    private static final long serialVersionUID = 1L;

    private static final String TABLE =
            "SELECT TABLE_SCHEMA, TABLE_NAME, @@lower_case_table_names FROM information_schema.TABLES"
                    + " WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND TABLE_TYPE = 'BASE TABLE'";

    private static final String SCHEMA =
            "SELECT SCHEMA_NAME, @@lower_case_table_names FROM information_schema.SCHEMATA"
                    + " WHERE SCHEMA_NAME = ?";

    private static final String COLUMNS =
            "SELECT COLUMN_NAME, COLUMN_TYPE, IS_NULLABLE, COLUMN_DEFAULT, COLUMN_COMMENT, EXTRA"
                    + " FROM information_schema.COLUMNS"
                    + " WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION";

    private static final String PRIMARY_KEY =
            "SELECT COLUMN_NAME FROM information_schema.KEY_COLUMN_USAGE"
                    + " WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND CONSTRAINT_NAME = 'PRIMARY'"
                    + " ORDER BY ORDINAL_POSITION";

    private final TypeMapping types;

    public MariaDbCatalog(TypeMapping types) {
        this.types = types;
    }

    @Override
    public Optional<ExistingTable> readTable(Connection connection, TablePath path)
            throws SQLException {
        Optional<TablePath> stored = storedName(connection, path);
        if (!stored.isPresent()) {
            return Optional.empty();
        }
        TablePath actual = stored.get();
        List<ExistingColumn> columns = new ArrayList<>();
        try (PreparedStatement st = connection.prepareStatement(COLUMNS)) {
            st.setString(1, actual.schema());
            st.setString(2, actual.table());
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    SqlType sqlType = SqlType.parse(rs.getString(2));
                    DataType type = types.toCdcType(sqlType);
                    boolean nullable = "YES".equalsIgnoreCase(rs.getString(3));
                    columns.add(
                            new ExistingColumn(
                                    rs.getString(1),
                                    sqlType,
                                    nullable ? type : type.notNull(),
                                    rs.getString(4),
                                    rs.getString(5),
                                    rs.getString(6)));
                }
            }
        }
        List<String> key = new ArrayList<>();
        try (PreparedStatement st = connection.prepareStatement(PRIMARY_KEY)) {
            st.setString(1, actual.schema());
            st.setString(2, actual.table());
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    key.add(rs.getString(1));
                }
            }
        }
        return Optional.of(new ExistingTable(path, columns, key, false));
    }

    private static Optional<TablePath> storedName(Connection connection, TablePath path)
            throws SQLException {
        List<TablePath> matches = new ArrayList<>();
        boolean namesIgnoreCase = false;
        try (PreparedStatement st = connection.prepareStatement(TABLE)) {
            st.setString(1, path.schema());
            st.setString(2, path.table());
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    matches.add(new TablePath(rs.getString(1), rs.getString(2)));
                    namesIgnoreCase = rs.getInt(3) != 0;
                }
            }
        }
        if (matches.contains(path)) {
            return Optional.of(path);
        }
        return namesIgnoreCase && matches.size() == 1
                ? Optional.of(matches.get(0))
                : Optional.empty();
    }

    /** Exact name, unless the server stores names in lower case. */
    @Override
    public boolean schemaExists(Connection connection, String schema) throws SQLException {
        try (PreparedStatement st = connection.prepareStatement(SCHEMA)) {
            st.setString(1, schema);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    if (rs.getString(1).equals(schema) || rs.getInt(2) != 0) {
                        return true;
                    }
                }
                return false;
            }
        }
    }

    @Override
    public String defaultSchema(Connection connection) throws SQLException {
        try (PreparedStatement st = connection.prepareStatement("SELECT DATABASE()");
                ResultSet rs = st.executeQuery()) {
            return rs.next() ? rs.getString(1) : null;
        }
    }
}
