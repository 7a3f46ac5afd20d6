package dev.schemaop.behavior;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;

import java.util.ArrayList;
import java.util.List;

/**
 * What the sink receives for one schema change: the sink-level events to apply, in order, and the
 * changes (or parts of changes) that it does not receive. Immutable.
 *
 * @param toApply the events to hand to the sink's applier, in this order
 * @param skipped what the sink does not receive, with the reason
 */
public record Derivation(List<SchemaChangeEvent> toApply, List<SkippedChange> skipped) {

    public Derivation {
        toApply = List.copyOf(toApply);
        skipped = List.copyOf(skipped);
    }

    /**
     * Collects a derivation: groups of events that reach the sink together or not at all (a LENIENT
     * rename + add conversion is one group), and skips decided by the behavior. Mutable, unlike the
     * derivation it becomes: the behavior fills it step by step, then the filter reads it once.
     */
    static final class Plan {
        private final List<List<SchemaChangeEvent>> groups = new ArrayList<>();
        private final List<SkippedChange> skipped = new ArrayList<>();

        void group(List<SchemaChangeEvent> events) {
            if (!events.isEmpty()) {
                groups.add(List.copyOf(events));
            }
        }

        void single(SchemaChangeEvent event) {
            groups.add(List.of(event));
        }

        void skip(SchemaChangeEvent event, SkipReason reason) {
            skipped.add(new SkippedChange(event, reason));
        }

        List<List<SchemaChangeEvent>> groups() {
            return groups;
        }

        List<SkippedChange> skipped() {
            return skipped;
        }
    }
}
