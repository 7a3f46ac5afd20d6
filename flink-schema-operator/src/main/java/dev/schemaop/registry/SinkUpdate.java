package dev.schemaop.registry;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;

import javax.annotation.Nullable;

import java.util.List;

/**
 * What one upstream change did to one sink table: the events the sink accepted (empty when nothing
 * reached it) and the sink schema after them ({@code null}: the table is gone).
 */
record SinkUpdate(TableId sink, List<SchemaChangeEvent> events, @Nullable Schema schemaAfter) {}
