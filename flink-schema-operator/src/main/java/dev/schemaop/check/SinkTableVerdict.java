package dev.schemaop.check;

import org.apache.flink.cdc.common.event.TableId;

import java.util.List;

/**
 * One sink table's line of the check.
 *
 * @param sources the source tables routed into it, the first one's create first
 * @param details what follows the line: the DDL of an expansion, each difference, why
 */
record SinkTableVerdict(
        TableId sink, List<TableId> sources, Verdict verdict, List<String> details) {}
