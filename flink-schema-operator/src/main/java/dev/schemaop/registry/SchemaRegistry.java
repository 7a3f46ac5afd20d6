package dev.schemaop.registry;

import dev.schemaop.api.ExistingTableSchemaExpansionSupport;
import dev.schemaop.behavior.AcceptedChangeTypes;
import dev.schemaop.behavior.SchemaChangeDeriver;
import dev.schemaop.behavior.SchemaChangeRejectedException;
import dev.schemaop.behavior.SkippedChange;
import dev.schemaop.protocol.DiscardedValuesReport;
import dev.schemaop.protocol.DrainAck;
import dev.schemaop.protocol.FenceSent;
import dev.schemaop.protocol.FlushAck;
import dev.schemaop.protocol.FlushThrough;
import dev.schemaop.protocol.SchemaChangeRequest;
import dev.schemaop.protocol.SchemaChangeResponse;
import dev.schemaop.protocol.SinkSchemaStep;
import dev.schemaop.protocol.SinkTableQuery;
import dev.schemaop.protocol.SourceSkipReport;
import dev.schemaop.route.TableRouter;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.sink.MetadataApplier;
import org.apache.flink.core.fs.Path;
import org.apache.flink.runtime.operators.coordination.CoordinationRequest;
import org.apache.flink.runtime.operators.coordination.CoordinationRequestHandler;
import org.apache.flink.runtime.operators.coordination.CoordinationResponse;
import org.apache.flink.runtime.operators.coordination.OperatorCoordinator;
import org.apache.flink.runtime.operators.coordination.OperatorEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

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
 */
public final class SchemaRegistry implements OperatorCoordinator, CoordinationRequestHandler {
    private static final Logger LOG = LoggerFactory.getLogger(SchemaRegistry.class);

    private final Context context;
    private final RegistryConfig config;
    private final MetadataApplier applier;
    private final TableRouter router;
    private final RegistryEventLoop loop;
    private final ApplierCalls calls;
    private final ChangeRunner runner;
    private final ExistingTables existingTables;
    private final RegistryMetrics metrics;

    private RegistryState state = new RegistryState();
    private final ChangeQueue changes;
    private final SubtaskGateways subtasks = new SubtaskGateways();
    private final FailureDrain drain;
    private final TreeMap<Long, Long> sequenceAtCheckpoint = new TreeMap<>();
    private final Set<String> loggedSkips = new HashSet<>();

    /** Sink subtasks' questions where a table stands. */
    private final SinkTableQueries queries = new SinkTableQueries();

    private ChangePlanner planner;
    private AppliedChangeLog log;

    /** This run's log: in the job's checkpoint storage, keyed by job and operator. */
    private final AppliedLogLocation.Directory ownLog;

    @Nullable private ChangeExecution inFlight;

    /** The decision history; opened when the registry starts. */
    private DecisionRecorder decisions = DecisionRecorder.none();

    /** Discarded values the subtasks reported, until their checkpoint completes. */
    private final DiscardTally discards = new DiscardTally();

    /** A create waiting for the sink to describe the tables it may already have. */
    @Nullable private PreparedChange inspecting;

    /** Whether a checkpoint was restored before start(); a fresh job starts a fresh log. */
    private boolean restored;

    private long generation;
    private boolean failed;

    SchemaRegistry(Context context, RegistryConfig config) {
        this.context = context;
        this.config = config;
        this.ownLog = config.appliedLog().directoryFor(context);
        this.metrics = new RegistryMetrics(context.metricGroup());
        this.applier = config.applier();
        this.router = new TableRouter(config.routes());
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
        this.runner =
                new ChangeRunner(
                        loop,
                        calls,
                        applier,
                        config.behavior(),
                        config.rpcTimeout(),
                        new ChangeRunner.Registry() {
                            @Override
                            public boolean isCurrent(ChangeExecution execution) {
                                return SchemaRegistry.this.isCurrent(execution);
                            }

                            @Override
                            public void completed(ChangeExecution execution) {
                                complete(execution);
                            }

                            @Override
                            public void failJob(Throwable cause) {
                                SchemaRegistry.this.failJob(cause);
                            }

                            @Override
                            public void failJobAfterDrain(Throwable cause) {
                                SchemaRegistry.this.failJobAfterDrain(cause);
                            }

                            @Override
                            public boolean isShared(TableId sinkTable, TableId upstreamTable) {
                                return state.sink(sinkTable).sources.stream()
                                        .anyMatch(other -> !other.equals(upstreamTable));
                            }

                            @Override
                            public AppliedChangeLog log() {
                                return SchemaRegistry.this.log();
                            }

                            @Override
                            public void syncBeforeApplierCall() {
                                log().syncBeforeApplierCall();
                                if (ownLog.synced()) {
                                    syncHistory();
                                }
                            }
                        });
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
        runner.supported(supported);
        existingTables.capabilities(accepted, supported);
        planner =
                new ChangePlanner(
                        new SchemaChangeDeriver(
                                config.behavior(),
                                config.explicitCast(),
                                accepted,
                                columnNamesCaseSensitive()),
                        router);
        if (!restored) {
            state.logDir = ownLog.path().toString();
            log = new AppliedChangeLog(ownLog, true);
        }
        openHistory();
        rollForward(log().replayOnto(state));
        LOG.info(
                "Schema registry started: behavior {}, accepted changes {}, sink supports {}",
                config.behavior(),
                accepted,
                supported);
    }

    private void openHistory() {
        HistoryLocation location = config.history();
        if (location == null) {
            return;
        }
        java.nio.file.Path dir = location.directory(context);
        try {
            decisions =
                    DecisionRecorder.open(
                            dir, AppliedLogLocation.jobId(context), config.behavior());
        } catch (IOException | RuntimeException e) {
            String problem =
                    "The schema registry cannot write its decision history in "
                            + dir
                            + " ("
                            + e
                            + "). Set pipeline.schema-history.dir to a directory it may write.";
            if (location.configured() != null) {
                throw new IllegalStateException(problem, e);
            }
            // A default the user did not ask for does not stop the pipeline.
            LOG.warn("{} The pipeline runs without a decision history.", problem);
        }
    }

    /** At each checkpoint, as the log at each applier call: what the history holds is on disk. */
    private void syncHistory() {
        try {
            decisions.sync();
        } catch (IOException e) {
            LOG.warn("Cannot sync the schema decision history: {}", e.toString());
        }
    }

    private void closeHistory() {
        try {
            decisions.close();
        } catch (IOException e) {
            LOG.warn("Cannot close the schema decision history: {}", e.toString());
        }
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
                        if (log != null) {
                            log.close();
                        }
                        closeHistory();
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
        if (event instanceof SchemaChangeRequest) {
            handleRequest((SchemaChangeRequest) event);
        } else if (event instanceof FlushAck) {
            handleFlushAck((FlushAck) event);
        } else if (event instanceof FenceSent sent) {
            changes.fenceSent(sent);
            processQueue();
        } else if (event instanceof DrainAck ack) {
            drain.acked(ack);
        } else if (event instanceof DiscardedValuesReport report) {
            discards.add(report);
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
     * it. Nor is it answered once the registry failed the job: the change that failed may be half
     * in the sink, and the global failover that follows finishes it (the tasks asking now are
     * cancelled by it). A change waiting for flush acknowledgements does not delay the answer (the
     * asking subtask may owe one).
     */
    @Override
    public CompletableFuture<CoordinationResponse> handleCoordinationRequest(
            CoordinationRequest request) {
        CompletableFuture<CoordinationResponse> answer = new CompletableFuture<>();
        if (FlinkCdcSchemaRequests.isOne(request)) {
            loop.run(
                    () -> {
                        try {
                            answer.complete(FlinkCdcSchemaRequests.answer(request, state));
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
                () -> queries.ask(query, answer, state, inFlight != null || failed),
                "answering %s",
                query);
        return answer;
    }

    @Override
    public void checkpointCoordinator(long checkpointId, CompletableFuture<byte[]> result) {
        loop.run(
                () -> {
                    sequenceAtCheckpoint.put(checkpointId, state.lastSequence);
                    syncHistory();
                    result.complete(RegistryStateCodec.serialize(state));
                },
                "taking checkpoint %d",
                checkpointId);
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        loop.run(
                () -> {
                    Long sequence = sequenceAtCheckpoint.get(checkpointId);
                    sequenceAtCheckpoint.headMap(checkpointId, true).clear();
                    if (sequence != null) {
                        log().truncateUpTo(sequence);
                    }
                    decisions.discarded(checkpointId, discards.takeUpTo(checkpointId));
                },
                "completing checkpoint %d",
                checkpointId);
    }

    @Override
    public void resetToCheckpoint(long checkpointId, @Nullable byte[] checkpointData)
            throws Exception {
        loop.runAndWait(
                () -> {
                    restored = true;
                    generation++;
                    discards.restored(checkpointId);
                    inFlight = null;
                    inspecting = null;
                    failed = false;
                    drain.clear();
                    queries.clear();
                    changes.clear();
                    metrics.reset();
                    subtasks.resetAll();
                    state =
                            checkpointData == null
                                    ? new RegistryState()
                                    : RegistryStateCodec.deserialize(checkpointData);
                    continueLogOfThisRun();
                    ChangeIntent unfinished = log().replayOnto(state);
                    LOG.info(
                            "Schema registry restored to checkpoint {} (change sequence {}).",
                            checkpointId,
                            state.lastSequence);
                    if (planner != null) {
                        rollForward(unfinished);
                    }
                },
                "restoring checkpoint " + checkpointId);
    }

    @Override
    public void subtaskReset(int subtask, long checkpointId) {
        loop.run(
                () -> {
                    changes.forgetSubtask(subtask);
                    metrics.forgetSubtask(subtask);
                    subtasks.reset(subtask);
                    // The job's one region restarts from this checkpoint: the rows of later
                    // reports are read again.
                    discards.restored(checkpointId);
                },
                "resetting subtask %d",
                subtask);
    }

    @Override
    public void executionAttemptFailed(int subtask, int attemptNumber, @Nullable Throwable reason) {
        loop.run(() -> subtasks.failed(subtask), "forgetting failed subtask %d", subtask);
    }

    @Override
    public void executionAttemptReady(int subtask, int attemptNumber, SubtaskGateway gateway) {
        loop.run(() -> subtasks.ready(subtask, gateway), "registering subtask %d", subtask);
    }

    // ------------------------------------------------------------------ the protocol

    private void handleRequest(SchemaChangeRequest request) {
        metrics.requested(request);
        changes.add(request);
        processQueue();
    }

    private void handleFlushAck(FlushAck ack) {
        changes.ack(ack);
        if (config.writersBehindTopology()) {
            // The subtask sends its next flush only now (operator.FlushMarkers).
            long through = changes.newlyFlushedThrough(ack.sourceSubtask());
            if (through > 0) {
                subtasks.send(ack.sourceSubtask(), new FlushThrough(through));
            }
        }
        processQueue();
    }

    /** Takes the queue as far as it goes; a request or an acknowledgement calls it again. */
    private void processQueue() {
        loop.assertInLoop();
        while (inFlight == null && inspecting == null && !failed) {
            ChangeQueue.Next next =
                    changes.next(state, this::prepare, context.currentParallelism());
            if (next instanceof ChangeQueue.Next.Answer handled) {
                if (handled.versions() == null) {
                    rememberRedundant(handled.request());
                }
                LOG.debug(
                        "{} from subtask {} is already applied (versions {})",
                        handled.request().change(),
                        handled.request().subtask(),
                        handled.versions());
                answer(handled.request(), handled.versions());
            } else if (next instanceof ChangeQueue.Next.CarryOut ready) {
                carryOut(ready.change());
            } else {
                return;
            }
        }
    }

    /**
     * A change first met as a repeat (an online schema tool's duplicate DDL) is recorded like an
     * applied one without DDL, so that the other splits' report of the same position is recognised
     * even after the schema moved on (G5), across restores too.
     */
    private void rememberRedundant(SchemaChangeRequest request) {
        TableId table = request.change().tableId();
        List<SinkUpdate> unchanged = new ArrayList<>();
        for (TableId sink : router.sinkTablesOf(table)) {
            unchanged.add(new SinkUpdate(sink, List.of(), state.sink(sink).schema));
        }
        CompletedChange completed =
                new CompletedChange(nextChange(request, state.upstreamOf(table)), unchanged);
        // The line before the log's record: a JobManager that dies between the two decides the
        // change again, and the history keeps the first line of its sequence.
        decisions.redundant(request, completed, state);
        log().appendCompleted(completed);
        completed.applyTo(state);
    }

    /** The next change the registry handles: the request's, leading upstream to {@code after}. */
    private UpstreamChange nextChange(SchemaChangeRequest request, @Nullable Schema after) {
        return new UpstreamChange(
                state.lastSequence + 1,
                request.change().tableId(),
                request.position(),
                Mark.fingerprint(request.upstreamAfter()),
                after,
                request.ordinal());
    }

    private PreparedChange prepare(SchemaChangeRequest request) {
        try {
            return new PreparedChange(
                    request, planner.plan(request.change(), request.ordinal(), state), null);
        } catch (SchemaChangeRejectedException rejected) {
            return new PreparedChange(request, null, rejected);
        }
    }

    private void carryOut(PreparedChange change) {
        if (change.rejection != null) {
            metrics.count(change.request.change().tableId(), RegistryMetrics.Outcome.REJECTED);
            decisions.rejected(change.request, change.rejection);
            // Every row the subtask sent before the change was flushed: nothing is lost.
            failJobAfterDrain(change.rejection);
            return;
        }
        List<TableId> describe = existingTables.toInspect(change.plan, state);
        if (!describe.isEmpty()) {
            inspect(change, describe);
            return;
        }
        start(change);
    }

    /**
     * Asks the sink for the tables a first create may find there (SPEC §4, §6), then carries the
     * create out as they decide. Nothing else is handled meanwhile.
     */
    private void inspect(PreparedChange change, List<TableId> tables) {
        inspecting = change;
        long startedIn = generation;
        if (calls.isCallInProgress()) {
            // A call from before a restore still runs: the sink is described after it.
            calls.afterCallInProgress(
                    () -> {
                        if (startedIn == generation && !failed && inspecting == change) {
                            inspecting = null;
                            inspect(change, tables);
                        }
                    },
                    () -> failJob(EvolutionFailures.describeTimeout(tables, config.rpcTimeout())));
            return;
        }
        ExistingTableSchemaExpansionSupport sink = existingTables.sink();
        askSink(
                tables,
                "describing the sink tables " + tables,
                () -> startedIn == generation && !failed && inspecting == change,
                // On the applier thread: the sink describes the tables, then says how it names and
                // types columns while the plan is decided.
                () -> {
                    Map<TableId, Optional<Schema>> existing = new LinkedHashMap<>();
                    for (TableId table : tables) {
                        existing.put(table, sink.getExistingTableSchema(table));
                    }
                    return existingTables.decide(change.plan, existing);
                },
                decided -> {
                    inspecting = null;
                    start(new PreparedChange(change.request, decided, null));
                    processQueue();
                });
    }

    /**
     * Asks the sink about {@code tables} on the applier thread. The answer is handled on the event
     * loop only while {@code stillCurrent} holds (no restore or failure since): a refusal fails the
     * job with the sink's own message, any other error or a timeout with one naming the tables.
     */
    private <T> void askSink(
            List<TableId> tables,
            String what,
            BooleanSupplier stillCurrent,
            Callable<T> question,
            Consumer<T> onAnswer) {
        calls.ask(
                question,
                (answer, error) -> {
                    if (!stillCurrent.getAsBoolean()) {
                        return;
                    }
                    if (error instanceof SchemaEvolutionException refused) {
                        failJob(refused);
                    } else if (error != null) {
                        failJob(EvolutionFailures.describeFailure(tables, error));
                    } else {
                        onAnswer.accept(answer);
                    }
                },
                () -> {
                    if (stillCurrent.getAsBoolean()) {
                        failJob(EvolutionFailures.describeTimeout(tables, config.rpcTimeout()));
                    }
                },
                what);
    }

    private void start(PreparedChange change) {
        for (SinkPlan sink : change.plan.sinks()) {
            sink.skipped().forEach(this::logSkipped);
        }
        ChangeIntent intent =
                new ChangeIntent(
                        nextChange(change.request, change.plan.upstreamAfter()),
                        change.plan.sinks());
        if (intent.needsApplier()) {
            log().appendIntent(intent);
        }
        inFlight = new ChangeExecution(intent, change.request, generation, false);
        runner.run(inFlight);
    }

    /**
     * Finishes a change that a failure cut short (its intent is in the log, its completion is not),
     * before any subtask is answered: the sink may hold part of it, and rows written now must meet
     * one version of the table, not something between two. Its subtask asks for it again after the
     * restore and is answered from the state it leaves (G6).
     */
    private void rollForward(@Nullable ChangeIntent unfinished) {
        if (unfinished == null) {
            return;
        }
        for (SinkPlan sink : unfinished.sinks()) {
            if (state.sink(sink.sink()).version != sink.baseVersion()) {
                LOG.warn(
                        "Not finishing change {} of {}: its plan starts from version {} of {}, the"
                                + " restored state has version {}.",
                        unfinished.sequence(),
                        unfinished.upstreamTable(),
                        sink.baseVersion(),
                        sink.sink(),
                        state.sink(sink.sink()).version);
                return;
            }
        }
        LOG.info(
                "Finishing change {} of {} that a failure cut short: {}",
                unfinished.sequence(),
                unfinished.upstreamTable(),
                unfinished.sinks());
        inFlight = new ChangeExecution(unfinished, null, generation, true);
        runner.run(inFlight);
    }

    /** Whether the change is still the one the registry applies: no restore or failure since. */
    private boolean isCurrent(ChangeExecution execution) {
        return inFlight == execution && execution.generation == generation && !failed;
    }

    private void complete(ChangeExecution execution) {
        loop.assertInLoop();
        List<SinkPlan> expanded =
                execution.intent.sinks().stream().filter(ExistingTables::expanded).toList();
        if (expanded.isEmpty()) {
            finish(execution);
            return;
        }
        ExistingTableSchemaExpansionSupport sink = existingTables.sink();
        if (sink == null) {
            finish(execution); // a plan of a run whose sink described its tables, rolled forward
            return;
        }
        // SPEC §6: the expanded tables read back and compared again before anyone is answered.
        Schema upstream = execution.intent.upstream().schemaAfter();
        List<TableId> tables = expanded.stream().map(SinkPlan::sink).toList();
        askSink(
                tables,
                "reading back the expanded sink tables " + tables,
                () -> isCurrent(execution),
                () -> {
                    for (TableId table : tables) {
                        existingTables.verify(table, upstream, sink.getExistingTableSchema(table));
                    }
                    return Boolean.TRUE;
                },
                verified -> finish(execution));
    }

    private void finish(ChangeExecution execution) {
        CompletedChange completed = execution.completed();
        decisions.completed(execution, completed); // before the log's record, as above
        log().appendCompleted(completed);
        completed.applyTo(state);
        inFlight = null;
        if (execution.request != null) {
            metrics.count(
                    completed.upstreamTable(),
                    RegistryMetrics.outcomeOf(
                            execution.request.change(), execution.intent.sinks()));
            answer(execution.request, null);
        } else {
            LOG.info("Finished change {} of {}.", completed.sequence(), completed.upstreamTable());
        }
        queries.answerWaiting(state);
        processQueue();
    }

    /** Answers with the steps up to {@code targetVersions}, or up to the newest versions. */
    private void answer(
            SchemaChangeRequest request, @Nullable Map<TableId, Integer> targetVersions) {
        List<SinkSchemaStep> steps = new ArrayList<>();
        for (TableId sinkTable : router.sinkTablesOf(request.change().tableId())) {
            SinkTableState sink = state.sink(sinkTable);
            int known = request.knownSinkVersions().getOrDefault(sinkTable, 0);
            int target =
                    targetVersions == null
                            ? sink.version
                            : targetVersions.getOrDefault(sinkTable, sink.version);
            steps.addAll(sink.stepsBetween(known, target));
        }
        subtasks.send(request.subtask(), new SchemaChangeResponse(request.requestId(), steps));
        if (config.writersBehindTopology()) {
            changes.awaitFence(request.subtask(), request.requestId());
        }
        metrics.answered(request);
    }

    private void logSkipped(SkippedChange skipped) {
        SchemaChangeEvent event = skipped.event();
        String key = event.tableId() + "/" + event.getType() + "/" + skipped.reason();
        if (loggedSkips.add(key)) {
            LOG.info(
                    "Ignored schema change {} ({}). Rows are reshaped onto the sink's schema; further "
                            + "changes of this type on {} are ignored without a log line.",
                    event,
                    skipped.reason(),
                    event.tableId());
        }
    }

    // ------------------------------------------------------------------ failures

    private void failJob(Throwable cause) {
        // The job restarts: sink subtasks waiting for an answer go down with it.
        if (stopChanges("Schema registry fails the job: {}", cause)) {
            context.failJob(RestartPolicy.failureOf(cause));
        }
    }

    /** Stops all change handling once; false when the job is failing already. */
    private boolean stopChanges(String logLine, Throwable cause) {
        if (failed) {
            return false;
        }
        failed = true;
        decisions.failed(inFlight, inspecting, cause);
        inFlight = null;
        LOG.error(logLine, cause.getMessage());
        return true;
    }

    /**
     * Fails the job on a change the sink does not have (G7), after the sink subtasks wrote the rows
     * they hold for changes of other subtasks: those rows came before the change in their own
     * subtask's order, and the table still has the shape they were made for. Bounded by the rpc
     * timeout; the job fails then regardless.
     */
    private void failJobAfterDrain(Throwable cause) {
        if (!stopChanges(
                "Schema registry fails the job once the sink wrote the rows it holds: {}", cause)) {
            return;
        }
        drain.start(
                cause,
                subtasks,
                config.sinkParallelism(),
                config.rpcTimeout(),
                () -> {
                    if (failed) {
                        context.failJob(RestartPolicy.failureOf(cause));
                    }
                });
    }

    // ------------------------------------------------------------------ the log

    /**
     * After a restore: this run logs into its own directory, starting from the log of the run that
     * took the checkpoint when that was another run (a resubmission from a savepoint).
     */
    private void continueLogOfThisRun() {
        if (!state.logDir.isEmpty() && !new Path(state.logDir).equals(ownLog.path())) {
            if (log != null) {
                closeLog();
            }
            AppliedChangeLog.continueFrom(new Path(state.logDir), ownLog.path());
        }
        state.logDir = ownLog.path().toString();
    }

    /** The log that continues the current state. */
    private AppliedChangeLog log() {
        Path dir = new Path(state.logDir);
        if (log != null && (log.isBroken() || !log.directory().equals(dir))) {
            closeLog();
        }
        if (log == null) {
            log =
                    new AppliedChangeLog(
                            new AppliedLogLocation.Directory(
                                    dir, ownLog.synced() && dir.equals(ownLog.path())),
                            false);
        }
        return log;
    }

    private void closeLog() {
        log.close();
        log = null;
    }
}
