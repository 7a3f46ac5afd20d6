package dev.schemaop.registry;

import dev.schemaop.protocol.SinkTableQuery;
import dev.schemaop.protocol.SinkTableSnapshot;

import org.apache.flink.runtime.operators.coordination.CoordinationResponse;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Sink subtasks' questions where a sink table stands ({@link SinkTableQuery}), answered from the
 * registry's state; while a change is being applied (or the registry failed the job at once on one)
 * they wait, since the sink may be between two versions. Event loop only.
 */
final class SinkTableQueries {
    private record Waiting(SinkTableQuery query, CompletableFuture<CoordinationResponse> answer) {}

    private final List<Waiting> waiting = new ArrayList<>();

    void ask(
            SinkTableQuery query,
            CompletableFuture<CoordinationResponse> answer,
            RegistryState state,
            boolean mustWait) {
        if (mustWait) {
            waiting.add(new Waiting(query, answer));
        } else {
            reply(query, answer, state);
        }
    }

    /** The change is done, or known not to be in the sink: the waiting questions get the state. */
    void answerWaiting(RegistryState state) {
        List<Waiting> all = List.copyOf(waiting);
        waiting.clear();
        all.forEach(w -> reply(w.query(), w.answer(), state));
    }

    /** A restore: the subtasks that asked were cancelled with their attempt. */
    void clear() {
        waiting.clear();
    }

    private static void reply(
            SinkTableQuery query,
            CompletableFuture<CoordinationResponse> answer,
            RegistryState state) {
        SinkTableState sink = state.sinks.get(query.table());
        SinkTableSnapshot snapshot =
                sink == null
                        ? new SinkTableSnapshot(0, null, List.of())
                        : new SinkTableSnapshot(
                                sink.version, sink.schema, sink.stepsAfter(query.fromVersion()));
        try {
            answer.complete(snapshot.toResponse());
        } catch (IOException e) {
            answer.completeExceptionally(e);
        }
    }
}
