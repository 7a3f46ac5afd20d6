package dev.schemaop.benchmarks.w6;

import dev.schemaop.benchmarks.jdbc.Endpoint;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;

/**
 * The change-data-capture source a W6-shaped run measures (W6: MariaDB, W9: PostgreSQL): where its
 * table lives, how it is loaded and changed in that server's SQL, and the source's options. The
 * table has the same eleven columns on both: id, nine of mixed types, and the time a change was
 * issued.
 */
public interface ScannedSource {
    /** The workload's name, e.g. W6. */
    String label();

    /** e.g. "the MariaDB source". */
    String title();

    /** The pipeline's source type. */
    String type();

    /** The table as SQL names it on a connection of {@link #connect}. */
    String table();

    /** The table's database made fresh, the table created in it (empty). */
    void create(Endpoint endpoint) throws SQLException;

    /** A connection to the table's database, auto-committing. */
    Connection connect(Endpoint endpoint) throws SQLException;

    /** A connection for the plain scan, as the server streams a large result by the fetch size. */
    Connection connectForScan(Endpoint endpoint) throws SQLException;

    /** Inserts rows {@code from} to {@code to}, each with {@code issued} (SQL) as issue time. */
    String insertRows(long from, long to, String issued);

    /** Updates rows {@code from} to {@code to}, with {@code issuedMicros} as issue time. */
    String updateRows(long from, long to, long issuedMicros);

    /** The source block's options, reading {@link #table} with a snapshot first. */
    Map<String, String> sourceOptions(Endpoint endpoint, int fetchSize);

    /** The database dropped, after a run whose result was verified. */
    void drop(Endpoint endpoint) throws SQLException;
}
