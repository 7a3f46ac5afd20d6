package dev.schemaop.registry;

import dev.schemaop.behavior.SkippedChange;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;

import javax.annotation.Nullable;

import java.util.List;

/**
 * The events one upstream change asks of one sink table, decided before anything is applied,
 * starting from the sink's schema at {@code baseVersion}.
 */
record SinkPlan(
        TableId sink,
        int baseVersion,
        @Nullable Schema baseSchema,
        List<SchemaChangeEvent> events,
        List<SkippedChange> skipped) {}
