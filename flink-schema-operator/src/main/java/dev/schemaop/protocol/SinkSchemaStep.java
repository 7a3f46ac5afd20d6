package dev.schemaop.protocol;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;

import javax.annotation.Nullable;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/**
 * One version of one sink table's schema: the events that the sink received to reach it
 * from the version before, and the schema after them. Versions only grow, so a sink
 * writer that sees a step twice (from several source subtasks) applies it once.
 *
 * <p>{@code events == null} marks a reset: the receiver no longer knows the way from its
 * version to this one (after a restore, or when it is too far behind) and takes
 * {@code schemaAfter} as a fresh {@code CreateTableEvent}. {@code schemaAfter == null}
 * means the table was dropped.
 */
public final class SinkSchemaStep implements Serializable {
    private static final long serialVersionUID = 1L;

    private final TableId table;
    private final int version;
    @Nullable private final List<SchemaChangeEvent> events;
    @Nullable private final Schema schemaAfter;

    public SinkSchemaStep(
            TableId table,
            int version,
            @Nullable List<SchemaChangeEvent> events,
            @Nullable Schema schemaAfter) {
        this.table = table;
        this.version = version;
        this.events = events == null ? null : List.copyOf(events);
        this.schemaAfter = schemaAfter;
    }

    public static SinkSchemaStep reset(TableId table, int version, @Nullable Schema schema) {
        return new SinkSchemaStep(table, version, null, schema);
    }

    public TableId table() {
        return table;
    }

    public int version() {
        return version;
    }

    @Nullable
    public List<SchemaChangeEvent> events() {
        return events;
    }

    public boolean isReset() {
        return events == null;
    }

    @Nullable
    public Schema schemaAfter() {
        return schemaAfter;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof SinkSchemaStep)) {
            return false;
        }
        SinkSchemaStep that = (SinkSchemaStep) o;
        return version == that.version
                && table.equals(that.table)
                && Objects.equals(events, that.events)
                && Objects.equals(schemaAfter, that.schemaAfter);
    }

    @Override
    public int hashCode() {
        return Objects.hash(table, version);
    }

    @Override
    public String toString() {
        return "SinkSchemaStep{" + table + " v" + version + (isReset() ? " reset" : " " + events) + "}";
    }
}
