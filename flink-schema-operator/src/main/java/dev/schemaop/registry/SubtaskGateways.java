package dev.schemaop.registry;

import org.apache.flink.runtime.operators.coordination.OperatorCoordinator.SubtaskGateway;
import org.apache.flink.runtime.operators.coordination.OperatorEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The registry's way back to the schema operator subtasks: the gateway of each subtask's current
 * attempt, and what waits for a subtask that is not ready yet. Event loop only.
 */
final class SubtaskGateways {
    private static final Logger LOG = LoggerFactory.getLogger(SubtaskGateways.class);

    private final Map<Integer, SubtaskGateway> gateways = new HashMap<>();
    private final Map<Integer, List<OperatorEvent>> undelivered = new HashMap<>();

    void ready(int subtask, SubtaskGateway gateway) {
        gateways.put(subtask, gateway);
        List<OperatorEvent> waiting = undelivered.remove(subtask);
        if (waiting != null) {
            waiting.forEach(event -> send(subtask, event));
        }
    }

    void failed(int subtask) {
        gateways.remove(subtask);
    }

    /** A restarted subtask asks again: what waited for its earlier attempt is dropped. */
    void reset(int subtask) {
        undelivered.remove(subtask);
    }

    void resetAll() {
        undelivered.clear();
    }

    /** The subtasks whose current attempt can be reached now. */
    Set<Integer> reachable() {
        return Set.copyOf(gateways.keySet());
    }

    void send(int subtask, OperatorEvent event) {
        SubtaskGateway gateway = gateways.get(subtask);
        if (gateway == null) {
            undelivered.computeIfAbsent(subtask, s -> new ArrayList<>()).add(event);
            return;
        }
        gateway.sendEvent(event)
                .whenComplete(
                        (ack, error) -> {
                            // Its attempt ended: the job is failing or restarting, and the
                            // restarted subtask asks again. Nothing for a user to act on.
                            if (error != null) {
                                LOG.info(
                                        "Could not reach subtask {}; it asks again after its restart.",
                                        subtask);
                                LOG.debug("Subtask {} unreachable", subtask, error);
                            }
                        });
    }
}
