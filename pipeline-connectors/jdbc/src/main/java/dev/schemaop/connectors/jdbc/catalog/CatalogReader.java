package dev.schemaop.connectors.jdbc.catalog;

import java.io.Serializable;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;

/** Reads tables from a database's catalog. Stateless; the caller owns the connection. */
public interface CatalogReader extends Serializable {

    /** The table, or empty when there is no table of that name. */
    Optional<ExistingTable> readTable(Connection connection, TablePath path) throws SQLException;

    /** Whether the schema (PostgreSQL) or database (MariaDB) exists. */
    boolean schemaExists(Connection connection, String schema) throws SQLException;

    /** The schema unqualified names resolve to (PostgreSQL {@code current_schema()}). */
    String defaultSchema(Connection connection) throws SQLException;
}
