package dev.schemaop.behavior;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What the sink receives for one schema change: the sink-level events to apply, in order, and the
 * changes (or parts of changes) that it does not receive. Immutable.
 */
public final class Derivation {
    private final List<SchemaChangeEvent> toApply;
    private final List<SkippedChange> skipped;

    private Derivation(List<SchemaChangeEvent> toApply, List<SkippedChange> skipped) {
        this.toApply = List.copyOf(toApply);
        this.skipped = List.copyOf(skipped);
    }

    public static Derivation of(List<SchemaChangeEvent> toApply, List<SkippedChange> skipped) {
        return new Derivation(toApply, skipped);
    }

    /** The events to hand to the sink's applier, in this order. */
    public List<SchemaChangeEvent> toApply() {
        return toApply;
    }

    /** What the sink does not receive, with the reason. */
    public List<SkippedChange> skipped() {
        return skipped;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Derivation)) {
            return false;
        }
        Derivation that = (Derivation) o;
        return toApply.equals(that.toApply) && skipped.equals(that.skipped);
    }

    @Override
    public int hashCode() {
        return Objects.hash(toApply, skipped);
    }

    @Override
    public String toString() {
        return "Derivation{toApply=" + toApply + ", skipped=" + skipped + '}';
    }

    /**
     * Collects a derivation: groups of events that reach the sink together or not at all (a LENIENT
     * rename + add conversion is one group), and skips decided by the behavior.
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
            skipped.add(SkippedChange.of(event, reason));
        }

        List<List<SchemaChangeEvent>> groups() {
            return groups;
        }

        List<SkippedChange> skipped() {
            return skipped;
        }
    }
}
