package dev.schemaop.connectors.values.sink;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A committing writer's rows since its last {@code prepareCommit}. They live only in the writer:
 * when an attempt fails, rows it staged and did not hand to a completed checkpoint are gone with
 * it, and the source replays them.
 */
final class StagedRows implements RowDestination {
    private final ValuesStore store;
    private List<StagedRowEvent> events = new ArrayList<>();

    StagedRows(ValuesStore store) {
        this.store = store;
    }

    @Override
    public void apply(
            TableId table, Schema schema, Map<String, Object> before, Map<String, Object> after) {
        events.add(new StagedRowEvent(table, store.changeSequence(), before, after));
    }

    /** The staged rows as one committable (none when nothing was staged); starts over. */
    List<ValuesCommittable> drain() {
        if (events.isEmpty()) {
            return List.of();
        }
        ValuesCommittable committable = new ValuesCommittable(UUID.randomUUID().toString(), events);
        events = new ArrayList<>();
        return List.of(committable);
    }
}
