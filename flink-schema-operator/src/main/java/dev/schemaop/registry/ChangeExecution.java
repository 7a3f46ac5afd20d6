package dev.schemaop.registry;

import dev.schemaop.protocol.SchemaChangeRequest;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;

import java.util.ArrayList;
import java.util.List;

/**
 * The one change the registry is applying: its plan and how far the applier calls got.
 * Calls run one at a time; each result comes back to the event loop before the next starts.
 */
final class ChangeExecution {
    final SchemaChangeRequest request;
    final ChangePlan plan;
    final long sequence;
    final long generation;
    private final List<List<SchemaChangeEvent>> applied = new ArrayList<>();
    private int sinkIndex;
    private int eventIndex;

    ChangeExecution(
            SchemaChangeRequest request, ChangePlan plan, long sequence, long generation) {
        this.request = request;
        this.plan = plan;
        this.sequence = sequence;
        this.generation = generation;
        for (int i = 0; i < plan.sinks().size(); i++) {
            applied.add(new ArrayList<>());
        }
    }

    boolean isDone() {
        skipFinishedSinks();
        return sinkIndex >= plan.sinks().size();
    }

    SinkPlan currentSink() {
        skipFinishedSinks();
        return plan.sinks().get(sinkIndex);
    }

    int currentIndex() {
        return eventIndex;
    }

    SchemaChangeEvent currentEvent() {
        return currentSink().events().get(eventIndex);
    }

    /** The current event reached the sink. */
    void applied() {
        applied.get(sinkIndex).add(currentEvent());
        eventIndex++;
    }

    /** The current event was left out (not supported by the sink under TRY_EVOLVE). */
    void skipped() {
        eventIndex++;
    }

    List<SinkUpdate> sinkUpdates() {
        List<SinkUpdate> updates = new ArrayList<>();
        for (int i = 0; i < plan.sinks().size(); i++) {
            SinkPlan sink = plan.sinks().get(i);
            org.apache.flink.cdc.common.schema.Schema schema = sink.baseSchema();
            for (SchemaChangeEvent event : applied.get(i)) {
                schema = ChangePlanner.schemaAfter(schema, event);
            }
            updates.add(new SinkUpdate(sink.sink(), applied.get(i), schema));
        }
        return updates;
    }

    private void skipFinishedSinks() {
        while (sinkIndex < plan.sinks().size()
                && eventIndex >= plan.sinks().get(sinkIndex).events().size()) {
            sinkIndex++;
            eventIndex = 0;
        }
    }
}
