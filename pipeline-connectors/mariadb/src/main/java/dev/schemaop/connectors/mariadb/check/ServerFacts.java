package dev.schemaop.connectors.mariadb.check;

import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * What the start check reads from the server: {@link JdbcServerFacts} asks it, unit tests give a
 * fake.
 */
public interface ServerFacts {

    /** {@code VERSION()}, e.g. {@code 10.11.19-MariaDB-0+deb12u1-log}. */
    String version() throws SQLException;

    /** {@code CURRENT_USER()}: the account the server matched, {@code user@host}. */
    String account() throws SQLException;

    /** A global server variable; empty when the server has no such variable. */
    Optional<String> globalVariable(String name) throws SQLException;

    /** {@code SHOW GRANTS}: the grants of the account and of its current role. */
    List<String> grants() throws SQLException;

    /** The databases the account sees ({@code SHOW DATABASES}). */
    List<String> databases() throws SQLException;

    /** The base tables of {@code database} the account sees. */
    List<String> tables(String database) throws SQLException;
}
