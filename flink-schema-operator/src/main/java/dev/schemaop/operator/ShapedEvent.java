package dev.schemaop.operator;

import dev.schemaop.protocol.SinkSchemaStep;

import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.TableId;

import java.util.List;

/**
 * What travels from the schema operator to the sink input operator: a row already shaped
 * onto a sink schema version, a sink schema step, or a flush marker. {@code channel} is
 * the sink subtask it goes to; steps and flush markers are sent once per channel.
 */
public final class ShapedEvent {

    /** The three things a sink subtask can receive. */
    public enum Kind {
        /** A row in the shape of sink schema {@link #schemaVersion()} of its table. */
        DATA,
        /** A new version of a sink table's schema, to apply before later rows. */
        SCHEMA,
        /**
         * Flush everything received from {@link #sourceSubtask()} so far, hold later rows of
         * {@link #holdTables()}, then acknowledge.
         */
        FLUSH,
        /** The change behind flush marker {@link #flushId()} is done: release its held rows. */
        RELEASE
    }

    private final Kind kind;
    private final int channel;
    private final int schemaVersion;
    private final DataChangeEvent row;
    private final SinkSchemaStep step;
    private final int sourceSubtask;
    private final long flushId;
    private final List<TableId> holdTables;

    private ShapedEvent(
            Kind kind,
            int channel,
            int schemaVersion,
            DataChangeEvent row,
            SinkSchemaStep step,
            int sourceSubtask,
            long flushId,
            List<TableId> holdTables) {
        this.kind = kind;
        this.channel = channel;
        this.schemaVersion = schemaVersion;
        this.row = row;
        this.step = step;
        this.sourceSubtask = sourceSubtask;
        this.flushId = flushId;
        this.holdTables = holdTables;
    }

    public static ShapedEvent row(int channel, int schemaVersion, DataChangeEvent row) {
        return new ShapedEvent(Kind.DATA, channel, schemaVersion, row, null, -1, -1, List.of());
    }

    public static ShapedEvent schema(int channel, SinkSchemaStep step) {
        return new ShapedEvent(Kind.SCHEMA, channel, step.version(), null, step, -1, -1, List.of());
    }

    public static ShapedEvent flush(
            int channel, int sourceSubtask, long flushId, List<TableId> holdTables) {
        return new ShapedEvent(
                Kind.FLUSH, channel, -1, null, null, sourceSubtask, flushId, List.copyOf(holdTables));
    }

    public static ShapedEvent release(int channel, int sourceSubtask, long flushId) {
        return new ShapedEvent(Kind.RELEASE, channel, -1, null, null, sourceSubtask, flushId, List.of());
    }

    public Kind kind() {
        return kind;
    }

    public int channel() {
        return channel;
    }

    public int schemaVersion() {
        return schemaVersion;
    }

    public DataChangeEvent row() {
        return row;
    }

    public SinkSchemaStep step() {
        return step;
    }

    public int sourceSubtask() {
        return sourceSubtask;
    }

    public long flushId() {
        return flushId;
    }

    public List<TableId> holdTables() {
        return holdTables;
    }

    @Override
    public String toString() {
        switch (kind) {
            case DATA:
                return "Row{ch=" + channel + ", v" + schemaVersion + ", " + row + "}";
            case SCHEMA:
                return "Schema{ch=" + channel + ", " + step + "}";
            case FLUSH:
                return "Flush{ch=" + channel + ", from=" + sourceSubtask + ", id=" + flushId
                        + ", hold=" + holdTables + "}";
            default:
                return "Release{ch=" + channel + ", from=" + sourceSubtask + ", id=" + flushId + "}";
        }
    }
}
