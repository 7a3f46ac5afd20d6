package dev.schemaop.pipeline;

import dev.schemaop.route.RouteRule;

import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.sink.DataSink;
import org.apache.flink.cdc.common.sink.MetadataApplier;
import org.apache.flink.cdc.common.source.DataSource;

import java.util.List;
import java.util.Set;

/**
 * A pipeline's connectors as its run creates them, and what the run decides from the definition
 * about them.
 *
 * @param accepted the schema change types the sink block lets through (before the applier's own
 *     narrowing, which the registry applies when it starts)
 * @param expansionMode the sink's existing-table.schema-expansion.mode, DISABLED in BATCH
 */
public record PipelineConnectors(
        DataSource source,
        DataSink sink,
        MetadataApplier applier,
        Set<SchemaChangeEventType> accepted,
        String expansionMode,
        List<RouteRule> routes) {}
