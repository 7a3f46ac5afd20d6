package dev.schemaop.registry;

import dev.schemaop.api.ExistingTableSchemaExpansionSupport;
import dev.schemaop.behavior.AcceptedChangeTypes;
import dev.schemaop.behavior.SchemaChangeDeriver;
import dev.schemaop.protocol.DiscardedValuesReport;
import dev.schemaop.protocol.DrainAck;
import dev.schemaop.protocol.FenceSent;
import dev.schemaop.protocol.FlushAck;
import dev.schemaop.protocol.SchemaChangeRequest;
import dev.schemaop.protocol.SinkTableQuery;
import dev.schemaop.protocol.SourceSkipReport;

import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.sink.MetadataApplier;
import org.apache.flink.runtime.operators.coordination.CoordinationRequest;
import org.apache.flink.runtime.operators.coordination.CoordinationRequestHandler;
import org.apache.flink.runtime.operators.coordination.CoordinationResponse;
import org.apache.flink.runtime.operators.coordination.OperatorCoordinator;
import org.apache.flink.runtime.operators.coordination.OperatorEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * The coordinator of the schema operators (SPEC §2): it decides what each upstream schema change
 * means for the sink, applies it through the sink's {@code MetadataApplier}, and answers the
 * subtask that asked.
 *
 * <h2>Threads</h2>
 *
 * <ul>
 *   <li>Every entry point only puts work onto the <b>event loop</b>, a single thread that owns all
 *       state ({@link RegistryEventLoop#assertInLoop()} checks it). Nothing on it sleeps or polls:
 *       a request waits for flush acknowledgements by staying at the head of the queue, and the
 *       acknowledgement that completes it starts it.
 *   <li>{@code MetadataApplier} calls run on the <b>applier thread</b>, one at a time (G4); each
 *       result comes back to the event loop as a task. A call that outlives {@code
 *       schema-operator.rpc-timeout} fails the job.
 * </ul>
 *
 * <h2>One change</h2>
 *
 * A request is redundant when the registry's upstream schema already holds the change (another
 * split reported it first, or an online schema tool repeated it): it is answered at once with the
 * sink versions the subtask lacks (G5). Otherwise it is planned (behavior, filters, routes), then
 * waits until every sink subtask acknowledged the flush marker the plan needs (G2; none when it
 * changes no existing sink table), is applied call by call, logged, and answered. An
 * EXCEPTION-behavior rejection or an applier failure fails the job only after that flush (G7).
 *
 * <h2>Checkpoints and restores</h2>
 *
 * A checkpoint holds the {@link RegistryState}; a change in flight is not in it, its subtask asks
 * again after a restore. {@link AppliedChangeLog} keeps what reached the sink after the checkpoint,
 * so such a change is answered from the log instead of being applied twice (G6). A change the
 * failure cut short (its intent logged, its completion not) is finished as the registry restores,
 * before it answers anyone; its first call is read back from the sink where the sink describes its
 * tables ({@link SinkReadBack}). A task failure resets only the subtasks ({@link #subtaskReset}):
 * the registry keeps its state and a change in flight goes on. Either way, sink subtasks of the new
 * attempt ask where each sink table stands ({@link #handleCoordinationRequest}) before they hand
 * their writers anything of it, and are answered once no change is being applied.
 *
 * <h2>Parts</h2>
 *
 * This class is the facade Flink calls: each entry point posts its work to the event loop and hands
 * it to a part. {@link ChangeProcessor} runs the protocol of one change (queue, plan, apply,
 * answer, roll forward), {@link RegistryCheckpoints} takes, completes and restores checkpoints,
 * {@link SinkQuestions} asks the sink about its tables, {@link FailurePolicy} ends the job, {@link
 * RegistryLogs} keeps the applied-change log's location, {@link DecisionHistoryFiles} the decision
 * history's file, and {@link RegistryRun} the state they share with its epoch guard.
 */
public final class SchemaRegistry implements OperatorCoordinator, CoordinationRequestHandler {
    private static final Logger LOG = LoggerFactory.getLogger(SchemaRegistry.class);

    private final Context context;
    private final RegistryConfig config;
    private final MetadataApplier applier;
    private final RegistryEventLoop loop;
    private final ApplierCalls calls;
    private final ExistingTables existingTables;
    private final RegistryMetrics metrics;
    private final ChangeQueue changes;
    private final SubtaskGateways subtasks = new SubtaskGateways();
    private final FailureDrain drain;

    /** Sink subtasks' questions where a table stands. */
    private final SinkTableQueries queries = new SinkTableQueries();

    private final RegistryRun run = new RegistryRun();
    private final RegistryLogs logs;
    private final FailurePolicy failures;
    private final ChangeProcessor processor;

    /** The decision history; opened when the registry starts. */
    private DecisionRecorder decisions = DecisionRecorder.none();

    private final RegistryCheckpoints checkpoints;

    SchemaRegistry(Context context, RegistryConfig config) {
        this.context = context;
        this.config = config;
        this.logs = new RegistryLogs(config.appliedLog().directoryFor(context));
        this.metrics = new RegistryMetrics(context.metricGroup());
        this.applier = config.applier();
        this.changes = new ChangeQueue(config.sinkParallelism(), config.writersBehindTopology());
        this.loop =
                new RegistryEventLoop(
                        "schema-registry-" + context.getOperatorId(),
                        context.getUserCodeClassloader(),
                        this::failJob);
        this.drain = new FailureDrain(loop);
        this.calls =
                new ApplierCalls(
                        applier, loop, config.rpcTimeout(), context.getUserCodeClassloader());
        this.existingTables =
                new ExistingTables(
                        config.expansionMode(),
                        config.behavior(),
                        applier instanceof ExistingTableSchemaExpansionSupport describing
                                ? describing
                                : null);
        this.failures =
                new FailurePolicy(context, config, run, drain, subtasks, queries, () -> decisions);
        SinkQuestions questions =
                new SinkQuestions(calls, existingTables, run, failures, config.rpcTimeout());
        RegistryParts parts =
                new RegistryParts(
                        loop,
                        calls,
                        applier,
                        changes,
                        subtasks,
                        queries,
                        metrics,
                        existingTables,
                        questions,
                        failures,
                        () -> decisions);
        this.processor = new ChangeProcessor(config, run, logs, parts, context::currentParallelism);
        this.checkpoints = new RegistryCheckpoints(run, logs, processor, parts, drain);
    }

    // ------------------------------------------------------------------ lifecycle

    @Override
    public void start() throws Exception {
        loop.runAndWait(this::initialize, "starting");
    }

    private void initialize() {
        Set<SchemaChangeEventType> accepted =
                AcceptedChangeTypes.narrowedBy(applier, config.acceptedTypes());
        Set<SchemaChangeEventType> supported = applier.getSupportedSchemaEvolutionTypes();
        existingTables.capabilities(accepted, supported);
        processor.start(
                new ChangePlanner(
                        new SchemaChangeDeriver(
                                config.behavior(),
                                config.explicitCast(),
                                accepted,
                                columnNamesCaseSensitive()),
                        processor.router()),
                supported);
        if (!checkpoints.restored()) {
            logs.startFresh(run.state);
        }
        decisions = DecisionHistoryFiles.open(context, config);
        processor.rollForward(processor.log().replayOnto(run.state));
        LOG.info(
                "Schema registry started: behavior {}, accepted changes {}, sink supports {}",
                config.behavior(),
                accepted,
                supported);
    }

    /** A sink that does not describe its tables is taken to compare column names exactly. */
    private boolean columnNamesCaseSensitive() {
        return !(applier instanceof ExistingTableSchemaExpansionSupport)
                || ((ExistingTableSchemaExpansionSupport) applier).isColumnNameCaseSensitive();
    }

    @Override
    public void close() throws Exception {
        if (loop.isShutdown()) {
            return; // closed before
        }
        // The log belongs to the event loop: close it there, after what is queued.
        try {
            loop.runAndWait(
                    () -> {
                        logs.closeForGood();
                        DecisionHistoryFiles.close(decisions);
                    },
                    "closing");
        } finally {
            loop.shutdownNow();
            calls.close();
        }
    }

    // ------------------------------------------------------------------ entry points

    @Override
    public void handleEventFromOperator(int subtask, int attemptNumber, OperatorEvent event) {
        loop.run(() -> dispatch(event), "handling %s", event);
    }

    private void dispatch(OperatorEvent event) {
        loop.assertInLoop();
        if (event instanceof SchemaChangeRequest request) {
            processor.request(request);
        } else if (event instanceof FlushAck ack) {
            processor.flushAcknowledged(ack);
        } else if (event instanceof FenceSent sent) {
            processor.fenceSent(sent);
        } else if (event instanceof DrainAck ack) {
            drain.acked(ack);
        } else if (event instanceof DiscardedValuesReport report) {
            checkpoints.discarded(report);
        } else if (event instanceof SourceSkipReport report) {
            decisions.skippedAtSource(report.skipped());
        } else {
            throw new IllegalArgumentException("Unknown event " + event);
        }
    }

    /**
     * A sink subtask asks where a sink table stands ({@link SinkTableQuery}): only a subtask of a
     * restored or restarted attempt, before it hands its writer anything of the table. Answered
     * from the state once no change is being applied: a change that an earlier attempt started goes
     * on after that attempt's tasks restarted (a task failure resets only the subtasks), or is
     * finished as the registry restores (a global failover), and no hold of the new attempt covers
     * it. Nor is it answered once the registry failed the job at once: the change that failed may
     * be half in the sink, and the global failover that follows finishes it (the tasks asking now
     * are cancelled by it). It is answered while the job fails after a drain, whose change is not
     * in the sink: the asking subtask owes a drain marker. A change waiting for flush
     * acknowledgements does not delay the answer (the asking subtask may owe one).
     */
    @Override
    public CompletableFuture<CoordinationResponse> handleCoordinationRequest(
            CoordinationRequest request) {
        CompletableFuture<CoordinationResponse> answer = new CompletableFuture<>();
        if (FlinkCdcSchemaRequests.isOne(request)) {
            loop.run(
                    () -> {
                        try {
                            answer.complete(FlinkCdcSchemaRequests.answer(request, run.state));
                        } catch (Exception e) {
                            answer.completeExceptionally(e);
                        }
                    },
                    "answering %s",
                    request);
            return answer;
        }
        if (!(request instanceof SinkTableQuery)) {
            answer.completeExceptionally(
                    new IllegalArgumentException("Unknown request " + request));
            return answer;
        }
        SinkTableQuery query = (SinkTableQuery) request;
        loop.run(
                () -> queries.ask(query, answer, run.state, run.sinkMayBeBetweenVersions()),
                "answering %s",
                query);
        return answer;
    }

    @Override
    public void checkpointCoordinator(long checkpointId, CompletableFuture<byte[]> result) {
        loop.run(
                () -> result.complete(checkpoints.take(checkpointId)),
                "taking checkpoint %d",
                checkpointId);
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        loop.run(
                () -> checkpoints.completed(checkpointId),
                "completing checkpoint %d",
                checkpointId);
    }

    @Override
    public void resetToCheckpoint(long checkpointId, @Nullable byte[] checkpointData)
            throws Exception {
        loop.runAndWait(
                () -> checkpoints.restore(checkpointId, checkpointData),
                "restoring checkpoint " + checkpointId);
    }

    @Override
    public void subtaskReset(int subtask, long checkpointId) {
        loop.run(
                () -> checkpoints.subtaskReset(subtask, checkpointId),
                "resetting subtask %d",
                subtask);
    }

    @Override
    public void executionAttemptFailed(int subtask, int attemptNumber, @Nullable Throwable reason) {
        loop.run(
                () -> {
                    subtasks.failed(subtask);
                    drain.subtaskFailed();
                },
                "forgetting failed subtask %d",
                subtask);
    }

    @Override
    public void executionAttemptReady(int subtask, int attemptNumber, SubtaskGateway gateway) {
        loop.run(() -> subtasks.ready(subtask, gateway), "registering subtask %d", subtask);
    }

    private void failJob(Throwable cause) {
        failures.failJob(cause);
    }
}
