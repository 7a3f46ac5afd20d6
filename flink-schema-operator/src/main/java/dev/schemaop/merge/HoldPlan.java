package dev.schemaop.merge;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;

import java.util.List;

/**
 * How a sink table comes to hold every column of an upstream schema: the events to apply (at most
 * one AddColumnEvent, then at most one AlterColumnTypeEvent), and the columns those events leave
 * unresolved because they are key columns or have no common wider type. Immutable.
 *
 * @param events the AddColumnEvent and AlterColumnTypeEvent to apply, in this order; may be empty
 * @param keyColumns primary or partition key columns of the sink whose type does not hold the
 *     upstream one
 * @param notWidenable non-key columns whose two types have no common wider type (SPEC §5)
 */
public record HoldPlan(
        List<SchemaChangeEvent> events,
        List<TypeDifference> keyColumns,
        List<TypeDifference> notWidenable) {

    public HoldPlan {
        events = List.copyOf(events);
        keyColumns = List.copyOf(keyColumns);
        notWidenable = List.copyOf(notWidenable);
    }

    /**
     * Whether the sink already holds every upstream column: nothing to apply, nothing unresolved.
     */
    public boolean sinkAlreadyHolds() {
        return events.isEmpty() && keyColumns.isEmpty() && notWidenable.isEmpty();
    }
}
