package dev.schemaop.registry;

import dev.schemaop.behavior.SchemaChanges;
import dev.schemaop.protocol.SchemaChangeRequest;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.schema.Schema;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.List;

/**
 * The one change the registry is applying: its intent and how far the applier calls got. Calls run
 * one at a time; each result comes back to the event loop before the next starts. A change rolled
 * forward after a restore has no request to answer: its subtask asks again and is answered from the
 * state it left.
 */
final class ChangeExecution {
    final ChangeIntent intent;
    @Nullable final SchemaChangeRequest request;
    final long generation;

    /**
     * Whether the next call that the log does not show as done may have reached the sink all the
     * same (the job failed while it ran): the sink's schema is read back before it is made.
     */
    private boolean mayBeApplied;

    private final List<List<SchemaChangeEvent>> applied = new ArrayList<>();
    private int sinkIndex;
    private int eventIndex;

    ChangeExecution(
            ChangeIntent intent,
            @Nullable SchemaChangeRequest request,
            long generation,
            boolean rolledForward) {
        this.intent = intent;
        this.request = request;
        this.generation = generation;
        this.mayBeApplied = rolledForward;
        for (int i = 0; i < intent.sinks().size(); i++) {
            applied.add(new ArrayList<>());
        }
    }

    boolean isDone() {
        skipFinishedSinks();
        return sinkIndex >= intent.sinks().size();
    }

    SinkPlan currentSink() {
        skipFinishedSinks();
        return intent.sinks().get(sinkIndex);
    }

    int currentIndex() {
        return eventIndex;
    }

    SchemaChangeEvent currentEvent() {
        return currentSink().events().get(eventIndex);
    }

    /** The current call, as the applied-change log names it. */
    AppliedChangeLog.AppliedCall currentCall() {
        SinkPlan sink = currentSink();
        return new AppliedChangeLog.AppliedCall(
                intent.upstreamTable(),
                intent.upstream().position(),
                sink.sink(),
                sink.baseVersion(),
                eventIndex,
                currentEvent());
    }

    /** The sink table's schema before the current event, as the applied events left it. */
    @Nullable
    Schema schemaBeforeCurrent() {
        return SchemaChanges.applyAll(currentSink().baseSchema(), applied.get(sinkIndex));
    }

    /**
     * Whether a call of this change reached a sink (in this attempt, or before a restore as the log
     * shows): the sink then has part of the change, which its subtasks do not know yet.
     */
    boolean anyApplied() {
        return applied.stream().anyMatch(events -> !events.isEmpty());
    }

    /** Whether the sink must be read back before the current call; asked once. */
    boolean takeMayBeApplied() {
        boolean answer = mayBeApplied;
        mayBeApplied = false;
        return answer;
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

    CompletedChange completed() {
        List<SinkUpdate> updates = new ArrayList<>();
        for (int i = 0; i < intent.sinks().size(); i++) {
            SinkPlan sink = intent.sinks().get(i);
            Schema schema = SchemaChanges.applyAll(sink.baseSchema(), applied.get(i));
            updates.add(new SinkUpdate(sink.sink(), applied.get(i), schema));
        }
        return intent.completed(updates);
    }

    private void skipFinishedSinks() {
        while (sinkIndex < intent.sinks().size()
                && eventIndex >= intent.sinks().get(sinkIndex).events().size()) {
            sinkIndex++;
            eventIndex = 0;
        }
    }
}
