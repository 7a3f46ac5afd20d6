package dev.schemaop.registry;

import org.apache.flink.runtime.operators.coordination.OperatorCoordinator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.function.Supplier;

/**
 * How the registry ends the job: at once on a failure of its own or of the sink's applier, or once
 * the sink subtasks wrote the rows they hold when the sink lacks a change (G7). Either way all
 * change handling stops first, once, and the decision history says why.
 */
final class FailurePolicy {
    private static final Logger LOG = LoggerFactory.getLogger(FailurePolicy.class);

    private final OperatorCoordinator.Context context;
    private final RegistryConfig config;
    private final RegistryRun run;
    private final FailureDrain drain;
    private final SubtaskGateways subtasks;
    private final SinkTableQueries queries;
    private final Supplier<DecisionRecorder> decisions;

    FailurePolicy(
            OperatorCoordinator.Context context,
            RegistryConfig config,
            RegistryRun run,
            FailureDrain drain,
            SubtaskGateways subtasks,
            SinkTableQueries queries,
            Supplier<DecisionRecorder> decisions) {
        this.context = context;
        this.config = config;
        this.run = run;
        this.drain = drain;
        this.subtasks = subtasks;
        this.queries = queries;
        this.decisions = decisions;
    }

    void failJob(Throwable cause) {
        // The job restarts: sink subtasks waiting for an answer go down with it.
        if (stopChanges("Schema registry fails the job: {}", cause)) {
            context.failJob(RestartPolicy.failureOf(cause));
        }
    }

    /**
     * Fails the job on a change the sink does not have (G7), after the sink subtasks wrote the rows
     * they hold for changes of other subtasks: those rows came before the change in their own
     * subtask's order, and the table still has the shape they were made for. Bounded by the rpc
     * timeout; the job fails then regardless.
     *
     * <p>Sink subtasks of an attempt that restarted meanwhile ask where a table stands before they
     * hand their writer anything of it, the drain marker included: they are answered now, from the
     * state, which is the sink's (the change is not in it), or the drain would wait for them until
     * the timeout.
     */
    void failJobAfterDrain(Throwable cause) {
        if (!stopChanges(
                "Schema registry fails the job once the sink wrote the rows it holds: {}", cause)) {
            return;
        }
        run.failingAfterDrain();
        queries.answerWaiting(run.state);
        drain.start(
                cause,
                subtasks,
                config.sinkParallelism(),
                config.rpcTimeout(),
                () -> {
                    if (run.failed()) {
                        context.failJob(RestartPolicy.failureOf(cause));
                    }
                });
    }

    /** Stops all change handling once; false when the job is failing already. */
    private boolean stopChanges(String logLine, Throwable cause) {
        if (!run.fail()) {
            return false;
        }
        decisions.get().failed(run.inFlight, run.inspecting, cause);
        run.inFlight = null;
        LOG.error(logLine, cause.getMessage());
        return true;
    }
}
