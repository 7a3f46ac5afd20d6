package dev.schemaop.registry;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.schema.Schema;

import javax.annotation.Nullable;

import java.util.List;

/** Everything one upstream change will do, per sink table, before any of it is applied. */
record ChangePlan(
        SchemaChangeEvent change,
        @Nullable Schema upstreamAfter,
        int ordinal,
        List<SinkPlan> sinks) {}
