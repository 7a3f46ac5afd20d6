package dev.schemaop.connectors.values.sink;

import java.util.List;

/**
 * The rows one writer staged between two checkpoints. The id is random, so it is unique across
 * subtasks, attempts and jobs; it travels with the committable through Flink's checkpoints, so a
 * commit retried after a failure carries the same id and the store applies it once.
 */
record ValuesCommittable(String id, List<StagedRowEvent> events) {

    @Override
    public String toString() {
        return "ValuesCommittable{" + id + ", " + events.size() + " row events}";
    }
}
