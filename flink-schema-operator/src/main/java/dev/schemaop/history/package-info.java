/**
 * The schema decision history: every decision the registry makes about an upstream schema change
 * (applied, converted, widened, skipped and why, rejected, expanded, checked, failed), with what
 * the sink received and the sink table's version before and after, one JSON line each, written once
 * per decision across failovers and restores. {@code flink-cdc.sh history DIR} prints it.
 */
package dev.schemaop.history;
