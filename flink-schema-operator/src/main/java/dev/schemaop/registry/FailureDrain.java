package dev.schemaop.registry;

import dev.schemaop.protocol.DrainAck;
import dev.schemaop.protocol.DrainRequest;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ScheduledFuture;

/**
 * The last step before the registry fails the job on a change the sink does not have (G7): every
 * reachable schema operator subtask sends a drain marker behind what it sent, each sink subtask
 * writes the rows it holds once all markers arrived and acknowledges, then the job fails. Event
 * loop only.
 */
final class FailureDrain {
    private static final Logger LOG = LoggerFactory.getLogger(FailureDrain.class);

    private final RegistryEventLoop loop;
    private long lastId;
    private long current = -1;
    private final Set<Integer> acked = new HashSet<>();
    private int sinkSubtasks;
    @Nullable private Runnable then;
    @Nullable private ScheduledFuture<?> timer;

    FailureDrain(RegistryEventLoop loop) {
        this.loop = loop;
    }

    /**
     * Asks for the drain; {@code then} runs once every sink subtask acknowledged, or on timeout.
     */
    void start(
            Throwable cause,
            SubtaskGateways subtasks,
            int sinkSubtasks,
            Duration timeout,
            Runnable then) {
        loop.assertInLoop();
        Set<Integer> sources = subtasks.reachable();
        if (sources.isEmpty()) {
            then.run();
            return;
        }
        current = ++lastId;
        acked.clear();
        this.sinkSubtasks = sinkSubtasks;
        this.then = then;
        for (int subtask : sources) {
            subtasks.send(subtask, new DrainRequest(current, sources.size()));
        }
        long id = current;
        timer =
                loop.schedule(
                        () ->
                                loop.run(
                                        () -> {
                                            if (current == id) {
                                                LOG.warn(
                                                        "Not every sink subtask wrote its held rows"
                                                                + " within {}; failing the job"
                                                                + " now ({}).",
                                                        timeout,
                                                        cause.getMessage());
                                                finish();
                                            }
                                        },
                                        "drain timeout"),
                        timeout);
    }

    void acked(DrainAck ack) {
        loop.assertInLoop();
        if (ack.drainId() != current) {
            return;
        }
        acked.add(ack.sinkSubtask());
        if (acked.size() >= sinkSubtasks) {
            LOG.info("Every sink subtask wrote the rows it held; failing the job.");
            finish();
        }
    }

    /**
     * A schema operator subtask's task failed while the sink subtasks drain: the job is one
     * pipelined region, so every task goes down with it and none is left to write what it holds (a
     * resumed job reads those rows again from its checkpoint), and a restarted subtask never hears
     * of this drain. Waiting for it would only hold the failure back until the timeout.
     */
    void subtaskFailed() {
        loop.assertInLoop();
        if (then != null) {
            LOG.info(
                    "A task failed while the sink subtasks wrote their held rows; failing the job.");
            finish();
        }
    }

    /** A restore: a drain in progress belongs to the failed attempt. */
    void clear() {
        current = -1;
        then = null;
        if (timer != null) {
            timer.cancel(false);
        }
    }

    private void finish() {
        Runnable action = then;
        clear();
        if (action != null) {
            action.run();
        }
    }
}
