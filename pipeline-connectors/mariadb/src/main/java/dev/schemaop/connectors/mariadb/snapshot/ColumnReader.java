package dev.schemaop.connectors.mariadb.snapshot;

import javax.annotation.Nullable;

import java.sql.ResultSet;
import java.sql.SQLException;

/** Reads one column of the current row of a snapshot query, in the internal form of its type. */
@FunctionalInterface
interface ColumnReader {
    @Nullable
    Object read(ResultSet row, int index) throws SQLException;
}
