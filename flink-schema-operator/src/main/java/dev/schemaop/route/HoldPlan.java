package dev.schemaop.route;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;

import java.util.List;
import java.util.Objects;

/**
 * How a sink table comes to hold every column of an upstream schema: the events to apply (at most
 * one AddColumnEvent, then at most one AlterColumnTypeEvent), and the columns those events leave
 * unresolved because they are key columns or have no common wider type. Immutable.
 */
public final class HoldPlan {
    private final List<SchemaChangeEvent> events;
    private final List<TypeDifference> keyColumns;
    private final List<TypeDifference> notWidenable;

    private HoldPlan(
            List<SchemaChangeEvent> events,
            List<TypeDifference> keyColumns,
            List<TypeDifference> notWidenable) {
        this.events = List.copyOf(events);
        this.keyColumns = List.copyOf(keyColumns);
        this.notWidenable = List.copyOf(notWidenable);
    }

    public static HoldPlan of(
            List<SchemaChangeEvent> events,
            List<TypeDifference> keyColumns,
            List<TypeDifference> notWidenable) {
        return new HoldPlan(events, keyColumns, notWidenable);
    }

    /** The AddColumnEvent and AlterColumnTypeEvent to apply, in this order; may be empty. */
    public List<SchemaChangeEvent> events() {
        return events;
    }

    /** Primary or partition key columns of the sink whose type does not hold the upstream one. */
    public List<TypeDifference> keyColumns() {
        return keyColumns;
    }

    /** Non-key columns whose two types have no common wider type (SPEC §5). */
    public List<TypeDifference> notWidenable() {
        return notWidenable;
    }

    /**
     * Whether the sink already holds every upstream column: nothing to apply, nothing unresolved.
     */
    public boolean sinkAlreadyHolds() {
        return events.isEmpty() && keyColumns.isEmpty() && notWidenable.isEmpty();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof HoldPlan)) {
            return false;
        }
        HoldPlan that = (HoldPlan) o;
        return events.equals(that.events)
                && keyColumns.equals(that.keyColumns)
                && notWidenable.equals(that.notWidenable);
    }

    @Override
    public int hashCode() {
        return Objects.hash(events, keyColumns, notWidenable);
    }

    @Override
    public String toString() {
        return "HoldPlan{events="
                + events
                + ", keyColumns="
                + keyColumns
                + ", notWidenable="
                + notWidenable
                + '}';
    }
}
