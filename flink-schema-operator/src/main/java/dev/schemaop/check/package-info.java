/**
 * {@code flink-cdc.sh check}: what a start of a pipeline would do to each sink table, found without
 * running the job and without changing anything. The source's tables come from its {@code
 * MetadataAccessor}, through the pipeline's routes; the sink's from its {@code
 * ExistingTableSchemaExpansionSupport}; the verdict from {@link
 * dev.schemaop.expansion.CreateDecision}, the decision the registry makes at the first create of
 * each sink table.
 */
package dev.schemaop.check;
