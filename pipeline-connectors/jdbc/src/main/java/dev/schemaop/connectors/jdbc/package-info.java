/**
 * The JDBC sink connector: sink types {@code postgres} and {@code mariadb}, one factory each
 * ({@link dev.schemaop.connectors.jdbc.PostgresDataSinkFactory}, {@link
 * dev.schemaop.connectors.jdbc.MariaDbDataSinkFactory}) over one implementation that differs by
 * {@link dev.schemaop.connectors.jdbc.dialect.JdbcDialect}. The module's README has the options,
 * the type mapping tables, the DDL of every change type and the write semantics.
 *
 * <p>Decisions where the brief was silent:
 *
 * <ul>
 *   <li>PostgreSQL supports add.column but adds at the end only; FIRST/BEFORE/AFTER is added last
 *       with a WARN (writers name every column, so the order does not matter to them).
 *   <li>A NOT NULL column is added nullable (WARN); alter.column.type makes a column nullable when
 *       the new type is, never NOT NULL, and never touches key columns' nullability.
 *   <li>A change that does not fit the table as it is (missing column, both names of a rename, a
 *       table that is gone) is left out with a WARN: it is what a replay meets. create.table of an
 *       existing table with other columns is left as it is (WARN).
 *   <li>ARRAY, MAP and ROW are JSON text ({@code jsonb}, MariaDB {@code JSON}), read back as
 *       STRING; TIMESTAMP_TZ keeps the instant, not the offset.
 *   <li>MariaDB key columns are never TEXT/BLOB (VARCHAR(768) / VARBINARY(3072)); tables use {@code
 *       utf8mb4_bin} so keys compare like the source's.
 *   <li>Tables without a primary key: a delete removes one equal row; replays duplicate rows.
 *   <li>HikariCP is relocated in the jar, the drivers are not.
 * </ul>
 */
package dev.schemaop.connectors.jdbc;
