package dev.schemaop.protocol;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;

import javax.annotation.Nullable;

import java.io.Serializable;
import java.util.List;

/**
 * One version of one sink table's schema: the events that the sink received to reach it from the
 * version before, and the schema after them. Versions only grow, so a sink writer that sees a step
 * twice (from several source subtasks) applies it once.
 *
 * <p>{@code events == null} marks a reset: the receiver no longer knows the way from its version to
 * this one (after a restore, or when it is too far behind) and takes {@code schemaAfter} as a fresh
 * {@code CreateTableEvent}. {@code schemaAfter == null} means the table was dropped.
 */
public record SinkSchemaStep(
        TableId table,
        int version,
        @Nullable List<SchemaChangeEvent> events,
        @Nullable Schema schemaAfter)
        implements Serializable {

    public SinkSchemaStep {
        events = events == null ? null : List.copyOf(events);
    }

    public static SinkSchemaStep reset(TableId table, int version, @Nullable Schema schema) {
        return new SinkSchemaStep(table, version, null, schema);
    }

    public boolean isReset() {
        return events == null;
    }

    @Override
    public String toString() {
        return "SinkSchemaStep{"
                + table
                + " v"
                + version
                + (isReset() ? " reset" : " " + events)
                + "}";
    }
}
