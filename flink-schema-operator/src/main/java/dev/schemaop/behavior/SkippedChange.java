package dev.schemaop.behavior;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;

import java.util.Objects;

/**
 * One schema change that the sink does not receive, and why. The event is the narrowest one that
 * describes what was left out: the whole incoming change when the decision is about all of it, a
 * one-column slice of it when the decision is per column, or a derived sink-level event when a
 * filter refuses it.
 */
public final class SkippedChange {
    private final SchemaChangeEvent event;
    private final SkipReason reason;

    private SkippedChange(SchemaChangeEvent event, SkipReason reason) {
        this.event = Objects.requireNonNull(event, "event");
        this.reason = Objects.requireNonNull(reason, "reason");
    }

    public static SkippedChange of(SchemaChangeEvent event, SkipReason reason) {
        return new SkippedChange(event, reason);
    }

    public SchemaChangeEvent event() {
        return event;
    }

    public SkipReason reason() {
        return reason;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof SkippedChange)) {
            return false;
        }
        SkippedChange that = (SkippedChange) o;
        return event.equals(that.event) && reason == that.reason;
    }

    @Override
    public int hashCode() {
        return Objects.hash(event, reason);
    }

    @Override
    public String toString() {
        return reason + ": " + event;
    }
}
