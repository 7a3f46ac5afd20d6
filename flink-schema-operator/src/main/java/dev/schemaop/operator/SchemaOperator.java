package dev.schemaop.operator;

import dev.schemaop.api.SkippedSourceChange;
import dev.schemaop.api.TableHistoryRestart;
import dev.schemaop.behavior.SchemaChanges;
import dev.schemaop.protocol.ChannelEvent;
import dev.schemaop.protocol.DiscardedValuesReport;
import dev.schemaop.protocol.DrainRequest;
import dev.schemaop.protocol.FenceSent;
import dev.schemaop.protocol.FlushThrough;
import dev.schemaop.protocol.SchemaChangeRequest;
import dev.schemaop.protocol.SchemaChangeResponse;
import dev.schemaop.protocol.SinkSchemaStep;
import dev.schemaop.protocol.SourceSkipReport;
import dev.schemaop.route.TableRouter;
import dev.schemaop.types.DiscardedValues;

import org.apache.flink.api.common.operators.MailboxExecutor;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.typeutils.base.array.BytePrimitiveArraySerializer;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.runtime.operators.coordination.OperatorEvent;
import org.apache.flink.runtime.operators.coordination.OperatorEventGateway;
import org.apache.flink.runtime.operators.coordination.OperatorEventHandler;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.runtime.state.StateSnapshotContext;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.BoundedOneInput;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The task side of schema evolution, chained to each source subtask (SPEC §2).
 *
 * <p>Rows are reshaped onto the sink schema version this subtask knows and sent to the sink subtask
 * of their table and primary key. An upstream schema change is never handled here: the subtask
 * sends a flush marker down every channel (when it sent rows since its last one, or when other
 * subtasks may send rows of the changed tables: the marker also holds them at the sink), asks the
 * {@code SchemaRegistry} at the same time. Until the answer arrives, the rows and changes of the
 * tables the change may reshape are parked ({@link ParkedEvents}); rows of other tables go on, and
 * a change of another table is asked for at once, so a slow change stalls only its own tables. Past
 * the bound of parked input the subtask takes no further input; it never blocks its thread while it
 * waits: it yields to the mailbox, so checkpoints and the answer itself get through (DESIGN-NOTES
 * §3). A checkpoint taken meanwhile stores the pending change, which is asked for again after a
 * restore, and the parked events. A legacy {@code SourceFunction}, which calls the operator from a
 * thread of its own, cannot be made to wait: all its events are parked until the answer.
 *
 * <p>The answer lists the new sink schema versions. They go down every channel before any row
 * shaped onto them, so a sink writer always learns a version before its rows, whichever channel
 * they come from (DESIGN-NOTES §2).
 */
public class SchemaOperator extends AbstractStreamOperator<ChannelEvent>
        implements OneInputStreamOperator<Event, ChannelEvent>,
                OperatorEventHandler,
                BoundedOneInput {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(SchemaOperator.class);

    private final SchemaOperatorConfig config;
    private final transient OperatorEventGateway toRegistry;
    private final transient MailboxExecutor waitingExecutor;

    private transient int subtask;
    private transient int sourceSubtasks;
    private transient SubtaskSchemas schemas;
    private transient SinkRouting routing;

    /** What this subtask discarded (SPEC §3), reported to the registry at each checkpoint. */
    private transient DiscardedValues discards;

    private transient SinkChannels sinkChannels;
    private transient FlushMarkers markers;
    private transient ParkedEvents parked;

    /** The changes asked for and not answered yet, by request id, oldest first. */
    private transient LinkedHashMap<Long, PendingChange> pendings;

    private transient WaitingRules waiting;

    private transient long requestCounter;

    /** Request ids of this attempt: an answer to a request of an earlier attempt never matches. */
    private transient long requestIdBase;

    private transient int attempt;
    private transient ListState<byte[]> checkpointedState;

    /** The task's mailbox thread; a legacy SourceFunction calls us from a thread of its own. */
    private transient Thread mailboxThread;

    SchemaOperator(
            SchemaOperatorConfig config,
            OperatorEventGateway toRegistry,
            MailboxExecutor waitingExecutor) {
        this.config = config;
        this.toRegistry = toRegistry;
        this.waitingExecutor = waitingExecutor;
    }

    @Override
    public void initializeState(StateInitializationContext context) throws Exception {
        super.initializeState(context);
        subtask = getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
        attempt = getRuntimeContext().getTaskInfo().getAttemptNumber();
        sourceSubtasks = getRuntimeContext().getTaskInfo().getNumberOfParallelSubtasks();
        requestIdBase = ((long) attempt) << 40;
        schemas = new SubtaskSchemas();
        parked = new ParkedEvents(config.maxParkedBytes(), getMetricGroup());
        pendings = new LinkedHashMap<>();
        checkpointedState =
                context.getOperatorStateStore()
                        .getListState(
                                new ListStateDescriptor<>(
                                        "schema-operator", BytePrimitiveArraySerializer.INSTANCE));
        if (context.isRestored()) {
            ArrayDeque<Event> restoredEvents = new ArrayDeque<>();
            SubtaskStateCodec.Restored restored =
                    SubtaskStateCodec.restore(checkpointedState.get(), schemas, restoredEvents);
            restoredEvents.forEach(parked::add);
            requestCounter = restored.requestCounter;
            for (PendingChange pending : restored.pendings) {
                PendingChange again = pending.askedAgain(requestIdBase + ++requestCounter);
                pendings.put(again.requestId, again);
            }
        }
    }

    @Override
    public void open() throws Exception {
        super.open();
        sinkChannels = new SinkChannels(output, config.sinkParallelism());
        markers = new FlushMarkers(subtask, attempt, sinkChannels, config.fencesChanges());
        routing =
                new SinkRouting(
                        new TableRouter(config.routes()),
                        schemas,
                        config.hashFunctions(),
                        discards = new DiscardedValues(getMetricGroup()),
                        config.sinkParallelism(),
                        getMetricGroup());
        waiting = new WaitingRules(routing, pendings.values());
        mailboxThread = Thread.currentThread();
        for (PendingChange restored : pendings.values()) {
            // Markers go out once the task runs, before any input.
            waitingExecutor.execute(
                    () -> {
                        LOG.info(
                                "Subtask {} asks again for restored pending change {}",
                                subtask,
                                restored.change);
                        ask(restored);
                    },
                    "asking again for a restored schema change");
        }
    }

    @Override
    public void processElement(StreamRecord<Event> record) throws InterruptedException {
        Event event = record.getValue();
        if (event instanceof SkippedSourceChange skipped) {
            // a note for the decision history: nothing waits for it, nothing goes to the sink
            toRegistry.sendEventToCoordinator(new SourceSkipReport(skipped));
            return;
        }
        boolean onMailbox = Thread.currentThread() == mailboxThread;
        if (onMailbox && parked.full()) {
            awaitPendingChanges();
        }
        if (!pendings.isEmpty() && !onMailbox || waiting.mustPark(event, parked)) {
            parked.add(event);
        } else {
            process(event);
        }
    }

    /**
     * Back-pressure once the parked events reach their bound: the next event waits in the source,
     * not in memory here. The mailbox keeps running meanwhile, so the registry's answer and
     * checkpoints get through (as Flink's AsyncWaitOperator waits for queue space). A checkpoint
     * taken now holds the pending change and the parked events; the waiting event is not in it, the
     * source still has it and emits it again after a restore.
     */
    private void awaitPendingChanges() throws InterruptedException {
        while (!pendings.isEmpty() && parked.full()) {
            waitingExecutor.yield();
        }
    }

    private void process(Event event) {
        if (event instanceof DataChangeEvent) {
            emitRow((DataChangeEvent) event);
        } else if (event instanceof SchemaChangeEvent) {
            beginChange((SchemaChangeEvent) event);
        } else if (event instanceof TableHistoryRestart restart) {
            routing.endRun();
            schemas.forgetHistory(restart.tableId());
        } else {
            throw new IllegalStateException(
                    "The source emitted "
                            + event.getClass().getName()
                            + "; a pipeline source emits only DataChangeEvent and SchemaChangeEvent.");
        }
    }

    // ---------------------------------------------------------------- rows

    private void emitRow(DataChangeEvent row) {
        routing.lookUp(row.tableId());
        Schema upstream = routing.upstream();
        if (upstream == null) {
            throw new IllegalStateException(
                    "Source subtask "
                            + subtask
                            + " emitted a row of "
                            + row.tableId()
                            + " before any CreateTableEvent for it. A pipeline source must emit a "
                            + "CreateTableEvent for a table before its first row.");
        }
        for (SinkBinding binding : routing.bindings()) {
            SinkView view = binding.view;
            if (!view.announced) {
                sinkChannels.step(view.asReset());
                view.announced = true;
            }
            if (view.schema == null) {
                routing.rowWithoutSinkTable(view.table);
                continue;
            }
            binding.send(binding.shape(row, upstream), sinkChannels, view.version);
            markers.rowSent(view);
        }
    }

    // ---------------------------------------------------------------- schema changes

    private void beginChange(SchemaChangeEvent change) {
        routing.endRun();
        TableId table = change.tableId();
        if (change instanceof CreateTableEvent && schemas.upstreamOf(table) != null) {
            if (((CreateTableEvent) change).getSchema().equals(schemas.upstreamOf(table))) {
                // A source announces its tables again after a restore; nothing changed.
                return;
            }
            // Without a drop before it, a create of a known table starts the table's DDL
            // history over: the next split of a sharded source, read by this same subtask,
            // replays it from the beginning.
            schemas.restartHistory(table);
        }
        if (!(change instanceof CreateTableEvent) && schemas.upstreamOf(table) == null) {
            throw new IllegalStateException(
                    "Source subtask "
                            + subtask
                            + " emitted "
                            + change
                            + " for a table it never created. A pipeline source must emit a "
                            + "CreateTableEvent for a table before any other change of it.");
        }
        Map<TableId, Integer> known = new HashMap<>();
        for (TableId sink : routing.sinkTablesOf(table)) {
            known.put(sink, schemas.sinkView(sink).version);
        }
        PendingChange pending =
                new PendingChange(
                        requestIdBase + ++requestCounter,
                        change,
                        schemas.nextOrdinal(table, change.getType()),
                        schemas.nextPosition(table),
                        known);
        pendings.put(pending.requestId, pending);
        waiting.added(pending);
        ask(pending);
    }

    /**
     * Sends a flush marker if one is needed, and the request at the same time: the sink subtasks
     * flush while the request travels. A marker is needed when this subtask sent rows since its
     * last one, and at parallelism > 1 always, because it also holds the changed sink tables at
     * every sink subtask, against rows of other subtasks, until the release. With neither, no sink
     * subtask flushes at all; nor for the creation of a table whose sink tables the pipeline never
     * wrote, in the only source subtask: no row of them is on its way to flush or to hold.
     */
    private void ask(PendingChange change) {
        TableId table = change.change.tableId();
        List<TableId> sinkTables = routing.sinkTablesOf(table);
        if (sourceSubtasks > 1 || (markers.anyRowSinceLast() && !createsUnwritten(change))) {
            change.releaseFlushId = markers.send(sinkTables, change.change.getType());
        }
        long tableRowsFlushedBy = SchemaChangeRequest.NO_FLUSH;
        for (TableId sink : sinkTables) {
            tableRowsFlushedBy = Math.max(tableRowsFlushedBy, schemas.sinkView(sink).rowsFlushedBy);
        }
        toRegistry.sendEventToCoordinator(
                change.toRequest(
                        subtask,
                        schemas.upstreamOf(table),
                        markers.lastFlushId(),
                        tableRowsFlushedBy));
    }

    /**
     * Whether the change creates a table this subtask never knew, whose sink tables are at version
     * 0 (no step of theirs, so no row, was ever sent). A restored history restart is not one: its
     * table was known.
     */
    private boolean createsUnwritten(PendingChange change) {
        if (!(change.change instanceof CreateTableEvent)
                || schemas.upstreamOf(change.change.tableId()) != null) {
            return false;
        }
        for (int version : change.knownSinkVersions.values()) {
            if (version != 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void handleOperatorEvent(OperatorEvent event) {
        if (event instanceof SchemaChangeResponse) {
            handleResponse((SchemaChangeResponse) event);
        } else if (event instanceof FlushThrough through) {
            markers.through(through.number());
        } else if (event instanceof DrainRequest drain) {
            // Behind everything this subtask sent: the sink subtasks write what they hold (G7).
            sinkChannels.drain(subtask, drain.drainId(), drain.sources());
            sinkChannels.push();
        } else {
            throw new IllegalStateException("Unexpected event from the schema registry: " + event);
        }
    }

    private void handleResponse(SchemaChangeResponse response) {
        PendingChange pending = pendings.remove(response.requestId());
        if (pending == null) {
            LOG.debug("Subtask {} ignores a stale answer {}", subtask, response.requestId());
            if (config.fencesChanges()) {
                toRegistry.sendEventToCoordinator(
                        new FenceSent(subtask, response.requestId(), SchemaChangeRequest.NO_FLUSH));
            }
            return;
        }
        waiting.removed(pending);
        applyUpstream(pending.change);
        // The answer ends, per sink table, at the version that matches this subtask's input
        // from now on; it may be older than the view when the subtask replays a history.
        // Every step goes down every channel: sink subtasks apply each version once.
        for (SinkSchemaStep step : response.steps()) {
            schemas.sinkView(step.table()).moveTo(step);
            sinkChannels.step(step);
        }
        SchemaChangeEventType type = pending.change.getType();
        if (config.fencesChanges()) {
            long fenceId = markers.fence(pending.releaseFlushId, type);
            toRegistry.sendEventToCoordinator(
                    new FenceSent(subtask, response.requestId(), fenceId));
        } else if (pending.releaseFlushId != SchemaChangeRequest.NO_FLUSH) {
            markers.release(pending.releaseFlushId, type);
        }
        sinkChannels.push();
        // What waited only for this change goes now, each table's events in order; an event
        // may begin a change that the events behind it wait for.
        parked.release(waiting::stillWaits, this::process);
    }

    private void applyUpstream(SchemaChangeEvent change) {
        routing.endRun();
        Schema after = SchemaChanges.apply(schemas.upstreamOf(change.tableId()), change);
        schemas.recordRenames(change);
        if (after == null) {
            schemas.upstream.remove(change.tableId());
        } else {
            schemas.upstream.put(change.tableId(), after);
        }
    }

    // ---------------------------------------------------------------- end and checkpoints

    @Override
    public void endInput() throws Exception {
        // A bounded input may end while a change is pending: its held rows must still go out.
        while (!pendings.isEmpty() || !parked.isEmpty() || markers.anyWaiting()) {
            waitingExecutor.yield();
        }
    }

    @Override
    public void snapshotState(StateSnapshotContext context) throws Exception {
        super.snapshotState(context);
        checkpointedState.update(
                List.of(
                        SubtaskStateCodec.snapshot(
                                schemas, pendings.values(), parked.all(), requestCounter)));
        Map<String, Map<String, Long>> discarded = discards.takeReport();
        if (!discarded.isEmpty()) {
            toRegistry.sendEventToCoordinator(
                    new DiscardedValuesReport(context.getCheckpointId(), discarded));
        }
    }
}
