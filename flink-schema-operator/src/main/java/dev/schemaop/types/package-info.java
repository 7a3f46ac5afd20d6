/**
 * Types and rows: SPEC §5 widening and the §3 row reshaping that every behavior, route merge and
 * existing-table expansion relies on. Pure code (no Flink runtime, no I/O, no threads), except
 * {@link dev.schemaop.types.DiscardedValues}, which counts discarded values as Flink metrics and
 * logs the first of each column.
 *
 * <ul>
 *   <li>{@link dev.schemaop.types.TypeWidening}: the one table of widening rules, and the common
 *       wider type of two types.
 *   <li>{@link dev.schemaop.types.ValueConverter}: plans a {@link dev.schemaop.types.Conversion}
 *       per column pair; values then convert exactly or yield {@link
 *       dev.schemaop.types.Conversion#FAILED}.
 *   <li>{@link dev.schemaop.types.RowReshaper}: moves rows onto another schema by column name and
 *       reports every value it cannot carry to a {@link dev.schemaop.types.DiscardListener}.
 * </ul>
 *
 * <p>Decisions where SPEC §3/§5 are silent:
 *
 * <ul>
 *   <li>An integer widens to DECIMAL(p, s) whenever p - s holds its digits, also with s &gt; 0.
 *   <li>A type change that is not a widening still converts each value that has an exact equivalent
 *       (BIGINT 5 into INT, "abc" into VARCHAR(3), DECIMAL 1.50 into DECIMAL(3,1)); only the values
 *       that do not fit become null.
 *   <li>Canonical text: Long.toString for integers, BigDecimal.toPlainString at the column's scale
 *       for decimals, Float/Double.toString for floating point, true/false for booleans.
 *   <li>Text that is an exact SQL literal of a number, boolean, DATE, TIME or TIMESTAMP becomes
 *       that value, as a database converts stored text in ALTER COLUMN TYPE (SPEC §3; {@link
 *       dev.schemaop.types.LiteralValues}); other text into those types is null.
 *   <li>CHAR(n) holds text of at most n characters, unpadded; BINARY(n) takes exactly n bytes.
 *   <li>A null written into a NOT NULL column is written anyway and reported as NULL_INTO_NOT_NULL;
 *       the sink decides.
 * </ul>
 */
package dev.schemaop.types;
