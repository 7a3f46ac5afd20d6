/**
 * Existing-table schema expansion (SPEC §6): what to do when a sink table already exists when the
 * pipeline first creates it.
 *
 * <ul>
 *   <li>{@link dev.schemaop.expansion.TableComparison} compares the pipeline's schema with the
 *       existing table's, through the sink's own normalization and case rules ({@link
 *       dev.schemaop.expansion.SinkTableDescription}), and plans the safe DDL: an {@code
 *       ExpansionPlan} of {@link dev.schemaop.expansion.Difference}s, one add and one widening.
 *   <li>{@link dev.schemaop.expansion.DifferenceReport} writes the one aggregated error of a failed
 *       check, with the repair statements.
 * </ul>
 *
 * <p>Pure code: the registry reads the existing table and issues the DDL on its applier thread;
 * this package only decides.
 */
package dev.schemaop.expansion;
