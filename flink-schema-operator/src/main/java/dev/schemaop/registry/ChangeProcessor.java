package dev.schemaop.registry;

import dev.schemaop.api.ExistingTableSchemaExpansionSupport;
import dev.schemaop.behavior.SchemaChangeRejectedException;
import dev.schemaop.protocol.FenceSent;
import dev.schemaop.protocol.FlushAck;
import dev.schemaop.protocol.FlushThrough;
import dev.schemaop.protocol.SchemaChangeRequest;
import dev.schemaop.route.TableRouter;

import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * The protocol of one change, on the event loop: requests and flush acknowledgements go into the
 * queue; the head is answered when the registry has it already, else planned, the sink asked about
 * the tables a create may find, applied call by call ({@link ChangeRunner}), logged, and answered.
 * A change a failure cut short is rolled forward before anyone is answered.
 */
final class ChangeProcessor implements ChangeRunner.Registry {
    private static final Logger LOG = LoggerFactory.getLogger(ChangeProcessor.class);

    private final RegistryConfig config;
    private final RegistryEventLoop loop;
    private final TableRouter router;
    private final RegistryRun run;
    private final RegistryLogs logs;
    private final ChangeQueue changes;
    private final SubtaskGateways subtasks;
    private final SinkTableQueries queries;
    private final RegistryMetrics metrics;
    private final ExistingTables existingTables;
    private final SinkQuestions questions;
    private final FailurePolicy failures;
    private final Supplier<DecisionRecorder> decisions;
    private final IntSupplier currentParallelism;
    private final ChangeRunner runner;
    private final ChangeAnswers answers;
    private final SkippedChangeLog skips = new SkippedChangeLog();

    @Nullable private ChangePlanner planner;

    ChangeProcessor(
            RegistryConfig config,
            RegistryRun run,
            RegistryLogs logs,
            RegistryParts parts,
            IntSupplier currentParallelism) {
        this.config = config;
        this.loop = parts.loop();
        this.router = new TableRouter(config.routes());
        this.run = run;
        this.logs = logs;
        this.changes = parts.changes();
        this.subtasks = parts.subtasks();
        this.queries = parts.queries();
        this.metrics = parts.metrics();
        this.existingTables = parts.existingTables();
        this.questions = parts.questions();
        this.failures = parts.failures();
        this.decisions = parts.decisions();
        this.currentParallelism = currentParallelism;
        this.runner =
                new ChangeRunner(
                        parts.loop(),
                        parts.calls(),
                        parts.applier(),
                        config.behavior(),
                        config.rpcTimeout(),
                        this);
        this.answers =
                new ChangeAnswers(
                        router, run, subtasks, changes, metrics, config.writersBehindTopology());
    }

    /** Once the registry starts: the planner, and what the sink supports. */
    void start(ChangePlanner planner, Set<SchemaChangeEventType> supported) {
        this.planner = planner;
        runner.supported(supported);
    }

    boolean started() {
        return planner != null;
    }

    TableRouter router() {
        return router;
    }

    // ------------------------------------------------------------------ requests

    void request(SchemaChangeRequest request) {
        metrics.requested(request);
        changes.add(request);
        processQueue();
    }

    void flushAcknowledged(FlushAck ack) {
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

    void fenceSent(FenceSent sent) {
        changes.fenceSent(sent);
        processQueue();
    }

    /** Takes the queue as far as it goes; a request or an acknowledgement calls it again. */
    private void processQueue() {
        loop.assertInLoop();
        while (!run.busy() && !run.failed()) {
            ChangeQueue.Next next =
                    changes.next(
                            run.state,
                            this::prepare,
                            router::sinkTablesOf,
                            currentParallelism.getAsInt());
            if (next instanceof ChangeQueue.Next.Answer handled) {
                if (handled.versions() == null) {
                    rememberRedundant(handled.request());
                }
                LOG.debug(
                        "{} from subtask {} is already applied (versions {})",
                        handled.request().change(),
                        handled.request().subtask(),
                        handled.versions());
                answers.answer(handled.request(), handled.versions());
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
        RegistryState state = run.state;
        TableId table = request.change().tableId();
        List<SinkUpdate> unchanged = new ArrayList<>();
        for (TableId sink : router.sinkTablesOf(table)) {
            unchanged.add(new SinkUpdate(sink, List.of(), state.sink(sink).schema));
        }
        CompletedChange completed =
                new CompletedChange(nextChange(request, state.upstreamOf(table)), unchanged);
        // The line before the log's record: a JobManager that dies between the two decides the
        // change again, and the history keeps the first line of its sequence.
        decisions.get().redundant(request, completed, state);
        log().appendCompleted(completed);
        completed.applyTo(state);
    }

    /** The next change the registry handles: the request's, leading upstream to {@code after}. */
    private UpstreamChange nextChange(SchemaChangeRequest request, @Nullable Schema after) {
        return new UpstreamChange(
                run.state.lastSequence + 1,
                request.change().tableId(),
                request.position(),
                Mark.fingerprint(request.upstreamAfter()),
                after,
                request.ordinal());
    }

    private PreparedChange prepare(SchemaChangeRequest request) {
        try {
            return new PreparedChange(
                    request, planner.plan(request.change(), request.ordinal(), run.state), null);
        } catch (SchemaChangeRejectedException rejected) {
            return new PreparedChange(request, null, rejected);
        }
    }

    private void carryOut(PreparedChange change) {
        if (change.rejection != null) {
            metrics.count(change.request.change().tableId(), RegistryMetrics.Outcome.REJECTED);
            decisions.get().rejected(change.request, change.rejection);
            // Every row the subtask sent before the change was flushed: nothing is lost.
            failures.failJobAfterDrain(change.rejection);
            return;
        }
        List<TableId> describe = existingTables.toInspect(change.plan, run.state);
        if (!describe.isEmpty()) {
            questions.inspect(
                    change,
                    describe,
                    decided -> {
                        start(decided);
                        processQueue();
                    });
            return;
        }
        start(change);
    }

    private void start(PreparedChange change) {
        for (SinkPlan sink : change.plan.sinks()) {
            sink.skipped().forEach(skips::skipped);
        }
        ChangeIntent intent =
                new ChangeIntent(
                        nextChange(change.request, change.plan.upstreamAfter()),
                        change.plan.sinks());
        if (intent.needsApplier()) {
            log().appendIntent(intent);
        }
        run.inFlight = new ChangeExecution(intent, change.request, run.generation(), false);
        runner.run(run.inFlight);
    }

    /**
     * Finishes a change that a failure cut short (its intent is in the log, its completion is not),
     * before any subtask is answered: the sink may hold part of it, and rows written now must meet
     * one version of the table, not something between two. Its subtask asks for it again after the
     * restore and is answered from the state it leaves (G6).
     */
    void rollForward(@Nullable ChangeIntent unfinished) {
        if (unfinished == null) {
            return;
        }
        RegistryState state = run.state;
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
        run.inFlight = new ChangeExecution(unfinished, null, run.generation(), true);
        runner.run(run.inFlight);
    }

    // ------------------------------------------------------------------ ChangeRunner.Registry

    @Override
    public boolean isCurrent(ChangeExecution execution) {
        return run.inFlight == execution && run.isCurrent(execution.generation);
    }

    @Override
    public void completed(ChangeExecution execution) {
        loop.assertInLoop();
        List<SinkPlan> expanded =
                execution.intent.sinks().stream().filter(ExistingTables::expanded).toList();
        ExistingTableSchemaExpansionSupport sink = existingTables.sink();
        if (expanded.isEmpty() || sink == null) {
            // without a describing sink: a plan of a run whose sink did describe, rolled forward
            finish(execution);
            return;
        }
        questions.readBack(
                sink,
                expanded.stream().map(SinkPlan::sink).toList(),
                execution.intent.upstream().schemaAfter(),
                () -> isCurrent(execution),
                () -> finish(execution));
    }

    @Override
    public void failJob(Throwable cause) {
        failures.failJob(cause);
    }

    @Override
    public void failJobAfterDrain(Throwable cause) {
        failures.failJobAfterDrain(cause);
    }

    @Override
    public boolean isShared(TableId sinkTable, TableId upstreamTable) {
        return run.state.sink(sinkTable).sources.stream()
                .anyMatch(other -> !other.equals(upstreamTable));
    }

    @Override
    public AppliedChangeLog log() {
        return logs.current(run.state);
    }

    @Override
    public void syncBeforeApplierCall() {
        log().syncBeforeApplierCall();
        if (logs.ownSynced()) {
            DecisionHistoryFiles.sync(decisions.get());
        }
    }

    // ------------------------------------------------------------------ answers

    private void finish(ChangeExecution execution) {
        RegistryState state = run.state;
        CompletedChange completed = execution.completed();
        decisions.get().completed(execution, completed); // before the log's record, as above
        log().appendCompleted(completed);
        completed.applyTo(state);
        run.inFlight = null;
        if (execution.request != null) {
            metrics.count(
                    completed.upstreamTable(),
                    RegistryMetrics.outcomeOf(
                            execution.request.change(), execution.intent.sinks()));
            answers.answer(execution.request, null);
        } else {
            LOG.info("Finished change {} of {}.", completed.sequence(), completed.upstreamTable());
        }
        queries.answerWaiting(state);
        processQueue();
    }
}
