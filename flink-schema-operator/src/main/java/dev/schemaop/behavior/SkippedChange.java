package dev.schemaop.behavior;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;

import java.util.Objects;

/**
 * One schema change that the sink does not receive, and why. The event is the narrowest one that
 * describes what was left out: the whole incoming change when the decision is about all of it, a
 * one-column slice of it when the decision is per column, or a derived sink-level event when a
 * filter refuses it.
 */
public record SkippedChange(SchemaChangeEvent event, SkipReason reason) {

    public SkippedChange {
        Objects.requireNonNull(event, "event");
        Objects.requireNonNull(reason, "reason");
    }

    /** Reason first, then the event: shorter than the record form in plans and test failures. */
    @Override
    public String toString() {
        return reason + ": " + event;
    }
}
