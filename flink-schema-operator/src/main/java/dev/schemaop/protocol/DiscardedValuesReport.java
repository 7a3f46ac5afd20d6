package dev.schemaop.protocol;

import org.apache.flink.runtime.operators.coordination.OperatorEvent;

import java.util.Map;

/**
 * The values a subtask discarded (SPEC §3) since its previous report, per sink table and column,
 * sent as it takes checkpoint {@code checkpointId}: the registry writes them into the decision
 * history once that checkpoint completed, and forgets them when the job restores an earlier one
 * (the rows are read again and counted again).
 */
public record DiscardedValuesReport(long checkpointId, Map<String, Map<String, Long>> counts)
        implements OperatorEvent {}
