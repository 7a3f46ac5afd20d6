package dev.schemaop.registry;

import dev.schemaop.protocol.AllInputsEnded;
import dev.schemaop.protocol.ChannelEvent;
import dev.schemaop.protocol.LaneRelay;

import org.apache.flink.runtime.operators.coordination.OperatorEvent;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Behind a connector's pre-write topology, where each schema operator subtask feeds only its own
 * lane ({@link LaneRelay}): passes a subtask's markers and steps on to the other subtasks, each its
 * own copies, in the order they came; and keeps every lane open until every subtask's input ended,
 * since the topology aligns each flush over all its lanes. Event loop only.
 *
 * <p>What a failed attempt sent is dropped, here and where it waits for a subtask that is not ready
 * yet: the new attempts start the protocol over. Whether every input ended is checkpointed ({@link
 * RegistryState#inputsEnded}): a subtask whose task finished before a checkpoint is not run again
 * after a restore from it, and does not say so again.
 */
final class LaneRelays {
    private final SubtaskGateways gateways;
    private final int subtasks;

    /** Per subtask, its highest attempt that failed: what that attempt sent is stale. */
    private final Map<Integer, Integer> failedAttempts = new HashMap<>();

    private final Set<Integer> ready = new HashSet<>();

    /** Relays for subtasks not ready yet, in the order they came. */
    private final Map<Integer, List<Waiting>> waiting = new HashMap<>();

    /** The subtasks whose input ended in this run. */
    private final Set<Integer> ended = new HashSet<>();

    /** The first checkpoint taken once every input had ended; null: none. */
    @Nullable private Long endedBy;

    private record Waiting(int from, int attempt, OperatorEvent event) {}

    LaneRelays(SubtaskGateways gateways, int subtasks) {
        this.gateways = gateways;
        this.subtasks = subtasks;
    }

    void ready(int subtask) {
        ready.add(subtask);
        List<Waiting> queued = waiting.remove(subtask);
        if (queued != null) {
            for (Waiting relay : queued) {
                if (!isStale(relay.from(), relay.attempt())) {
                    gateways.send(subtask, relay.event());
                }
            }
        }
    }

    void failed(int subtask, int attempt) {
        failedAttempts.merge(subtask, attempt, Math::max);
        ready.remove(subtask);
        waiting.remove(subtask);
        ended.remove(subtask);
    }

    void relay(int from, int attempt, LaneRelay relay) {
        if (isStale(from, attempt)) {
            return;
        }
        Map<Integer, List<ChannelEvent>> byLane = new HashMap<>();
        for (ChannelEvent event : relay.events()) {
            byLane.computeIfAbsent(event.channel(), lane -> new ArrayList<>()).add(event);
        }
        byLane.forEach(
                (lane, events) -> {
                    LaneRelay own = LaneRelay.of(from, events);
                    if (ready.contains(lane)) {
                        gateways.send(lane, own);
                    } else {
                        waiting.computeIfAbsent(lane, l -> new ArrayList<>())
                                .add(new Waiting(from, attempt, own));
                    }
                });
    }

    void inputEnded(RegistryState state, int subtask) {
        ended.add(subtask);
        if (state.inputsEnded) {
            gateways.send(subtask, new AllInputsEnded());
        } else if (ended.size() == subtasks) {
            state.inputsEnded = true;
            ended.forEach(each -> gateways.send(each, new AllInputsEnded()));
        }
    }

    void checkpointTaken(RegistryState state, long checkpointId) {
        if (state.inputsEnded && endedBy == null) {
            endedBy = checkpointId;
        }
    }

    /** A global restore: the state says whether every input had ended. */
    void restored(RegistryState state, long checkpointId) {
        waiting.clear();
        ended.clear();
        endedBy = state.inputsEnded ? checkpointId : null;
    }

    /** The job's region restarts from {@code checkpointId}: inputs ended only if they had then. */
    void subtaskReset(RegistryState state, int subtask, long checkpointId) {
        waiting.remove(subtask);
        ended.remove(subtask);
        state.inputsEnded = endedBy != null && checkpointId >= endedBy;
        if (!state.inputsEnded) {
            endedBy = null;
        }
    }

    private boolean isStale(int subtask, int attempt) {
        Integer failed = failedAttempts.get(subtask);
        return failed != null && attempt <= failed;
    }
}
