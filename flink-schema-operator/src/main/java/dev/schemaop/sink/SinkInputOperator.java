package dev.schemaop.sink;

import dev.schemaop.protocol.ChannelEvent;
import dev.schemaop.protocol.DiscardedValuesReport;
import dev.schemaop.protocol.SinkSchemaStep;
import dev.schemaop.protocol.SinkTableQuery;
import dev.schemaop.protocol.SinkTableSnapshot;
import dev.schemaop.types.DiscardedValues;

import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.function.HashFunctionProvider;
import org.apache.flink.metrics.Counter;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.runtime.jobgraph.tasks.TaskOperatorEventGateway;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.runtime.state.StateSnapshotContext;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.BoundedOneInput;
import org.apache.flink.streaming.api.operators.ChainingStrategy;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.util.SerializedValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The sink writer wrapper of SPEC §2, chained in front of the connector's sink writer.
 *
 * <ul>
 *   <li>A schema step is applied once per version, however many source subtasks send it: the next
 *       version's events go to the writer as they are; a gap (after a restore) becomes a {@code
 *       CreateTableEvent} with the whole schema, as Flink CDC's writers expect after a restore.
 *   <li>A row shaped for an older version is brought to the current one (G1).
 *   <li>A flush marker becomes {@code SinkWriter.flush(false)} in the chained writer; then rows of
 *       the tables it names are held ({@code HeldRows}) and an acknowledgement goes to the schema
 *       registry (G2). The release marker with the same flush id lifts the hold and the held rows
 *       are written, brought to the new version.
 * </ul>
 *
 * <h2>After a restore</h2>
 *
 * Changes applied after the restored checkpoint are already in the sink, and the sources replay
 * rows shaped for the checkpoint's versions. So in a restored or restarted attempt the subtask asks
 * the registry where each table stands before it hands the writer anything of it: the writer gets
 * one {@code CreateTableEvent} with the schema the sink actually has, and every replayed row is
 * brought forward to it (SPEC G6). A writer that kept state of its own treats that {@code
 * CreateTableEvent} as the table's current schema, as Flink CDC's writers do after a restore.
 */
public final class SinkInputOperator extends AbstractStreamOperator<Event>
        implements OneInputStreamOperator<ChannelEvent, Event>, BoundedOneInput {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(SinkInputOperator.class);

    private final OperatorID registry;
    private final Duration queryTimeout;
    private final boolean writersBehindTopology;
    private final HashFunctionProvider<DataChangeEvent> sinkHashes;
    @Nullable private final transient TaskOperatorEventGateway givenGateway;

    private transient TaskOperatorEventGateway toRegistry;
    private transient WriterFlushes writerFlushes;
    private transient int subtask;
    private transient Map<TableId, SinkTableVersions> tables;
    private transient TableId lastTable;
    private transient SinkTableVersions lastVersions;
    private transient DiscardedValues discards;
    private transient Counter clearedRows;
    private transient RowsWritten written;
    private transient HeldRows held;

    /** Per drain id, the source subtasks whose drain marker arrived. */
    private transient Map<Long, Set<Integer>> drains;

    private transient Map<TableId, List<ChannelEvent.Row>> restoredHeld;
    private transient CheckpointedHeldRows checkpointedHeld;

    /** A restored or restarted attempt: the sink may hold changes newer than the checkpoint. */
    private transient boolean resumed;

    /**
     * @param queryTimeout how long a restored attempt waits for the registry's answer about a table
     *     ({@code schema-operator.rpc-timeout})
     * @param writersBehindTopology the connector's writers sit behind its pre-write topology: a
     *     flush marker becomes a {@code FlushEvent} into the topology, which the writers
     *     acknowledge ({@code WriterFlushAcknowledger}), and a release is followed by a fence
     * @param sinkHashes the sink's hash function, the schema operator's: after a restore at another
     *     parallelism, the rows held at the checkpoint go to the subtasks it chooses for them now
     */
    public SinkInputOperator(
            OperatorID registry,
            Duration queryTimeout,
            boolean writersBehindTopology,
            HashFunctionProvider<DataChangeEvent> sinkHashes) {
        this(registry, queryTimeout, writersBehindTopology, sinkHashes, null);
    }

    /**
     * @param toRegistry the registry's gateway; null: the task's own (tests pass a fake one)
     */
    SinkInputOperator(
            OperatorID registry,
            Duration queryTimeout,
            boolean writersBehindTopology,
            HashFunctionProvider<DataChangeEvent> sinkHashes,
            @Nullable TaskOperatorEventGateway toRegistry) {
        this.registry = registry;
        this.queryTimeout = queryTimeout;
        this.writersBehindTopology = writersBehindTopology;
        this.sinkHashes = sinkHashes;
        this.givenGateway = toRegistry;
        // At parallelism 1 the composer connects it forward: chained, rows change hands in
        // the source's thread without being serialized.
        setChainingStrategy(ChainingStrategy.ALWAYS);
    }

    @Override
    public void initializeState(StateInitializationContext context) throws Exception {
        super.initializeState(context);
        resumed = context.isRestored() || getRuntimeContext().getTaskInfo().getAttemptNumber() > 0;
        tables = new HashMap<>();
        held = new HeldRows();
        getMetricGroup().gauge("rowsHeld", held::size);
        drains = new HashMap<>();
        restoredHeld = new HashMap<>();
        discards = new DiscardedValues(getMetricGroup());
        written = new RowsWritten(getMetricGroup());
        checkpointedHeld =
                new CheckpointedHeldRows(
                        context.getOperatorStateStore(), getRuntimeContext().getTaskInfo());
        if (context.isRestored()) {
            checkpointedHeld.restore(sinkHashes, this::versionsOf, restoredHeld);
        }
    }

    @Override
    public void open() throws Exception {
        super.open();
        toRegistry =
                givenGateway != null
                        ? givenGateway
                        : getContainingTask().getEnvironment().getOperatorCoordinatorEventGateway();
        subtask = getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
        writerFlushes =
                writersBehindTopology
                        ? new TopologyWriterFlushes(
                                output, getContainingTask().getEnvironment().getAllWriters())
                        : new ChainedWriterFlushes(output, toRegistry, registry, subtask);
        // Rows held at the checkpoint came before anything that arrives now: written first.
        for (TableId table : List.copyOf(restoredHeld.keySet())) {
            int oldest =
                    restoredHeld.get(table).stream()
                            .mapToInt(ChannelEvent.Row::schemaVersion)
                            .min()
                            .orElse(0);
            tableFor(table, oldest);
            releaseRestored(table);
        }
    }

    /**
     * Rows held when the checkpoint was taken are written in open(), right after the restore, once
     * their table has caught up with the sink; rows of a version the table has not reached wait for
     * that version's step.
     */
    @Override
    public void snapshotState(StateSnapshotContext context) throws Exception {
        super.snapshotState(context);
        // Rows still waiting from the restored checkpoint came before the ones held since.
        List<ChannelEvent.Row> rows = new ArrayList<>();
        restoredHeld.values().forEach(rows::addAll);
        rows.addAll(held.all());
        checkpointedHeld.update(rows, tables);
        Map<String, Map<String, Long>> discarded = discards.takeReport();
        if (!discarded.isEmpty()) {
            toRegistry.sendOperatorEventToCoordinator(
                    registry,
                    new SerializedValue<>(
                            new DiscardedValuesReport(context.getCheckpointId(), discarded)));
        }
    }

    @Override
    public void endInput() {
        // Restored held rows are written at open(), once their table caught up with the sink.
        for (TableId table : List.copyOf(restoredHeld.keySet())) {
            List<ChannelEvent.Row> left = restoredHeld.remove(table);
            if (left != null) {
                throw new IllegalStateException(
                        left.size()
                                + " rows of "
                                + table
                                + " held at the restored checkpoint wait"
                                + " for schema version "
                                + left.get(0).schemaVersion()
                                + ", which never arrived; please report this with the job's logs.");
            }
        }
    }

    private SinkTableVersions versionsOf(TableId table) {
        return tables.computeIfAbsent(
                table, t -> new SinkTableVersions(t, discards.listenerFor(t, t), !resumed));
    }

    /**
     * The table, caught up with the sink in a restored or restarted attempt: the first time, or
     * when a row of a version older than any step known arrives.
     */
    private SinkTableVersions tableFor(TableId table, int version) {
        SinkTableVersions versions = versionsOf(table);
        if (resumed && versions.needsRegistryFor(version)) {
            catchUp(versions, version);
        }
        return versions;
    }

    /**
     * Asks the registry where the table stands; the writer gets the sink's schema as a
     * CreateTableEvent. Blocks the task once per table and attempt (only after a restore; again for
     * a row older than any step known and than what was asked before), for an answer that depends
     * on no task: at most the registry finishing a change that a failure cut short.
     */
    private void catchUp(SinkTableVersions versions, int fromVersion) {
        SinkTableSnapshot snapshot;
        try {
            snapshot =
                    SinkTableSnapshot.fromResponse(
                            toRegistry
                                    .sendRequestToCoordinator(
                                            registry,
                                            new SerializedValue<>(
                                                    new SinkTableQuery(
                                                            versions.table, fromVersion)))
                                    .get(queryTimeout.toMillis(), TimeUnit.MILLISECONDS));
        } catch (Exception e) {
            throw new IllegalStateException(
                    "Sink subtask "
                            + subtask
                            + " could not learn from the schema registry where "
                            + versions.table
                            + " stands after the restore (schema-operator.rpc-timeout "
                            + queryTimeout
                            + ")",
                    e);
        }
        snapshot.steps().forEach(versions::remember);
        if (!versions.isCaughtUp() && snapshot.version() > versions.current()) {
            versions.remember(
                    SinkSchemaStep.reset(versions.table, snapshot.version(), snapshot.schema()));
            if (snapshot.schema() != null) {
                output.collect(
                        new StreamRecord<>(
                                new CreateTableEvent(versions.table, snapshot.schema())));
            }
            versions.moveTo(snapshot.version());
        }
        versions.caughtUp(fromVersion);
        lastTable = null;
    }

    /** Writes the restored held rows whose version the table has reached; keeps the rest. */
    private void releaseRestored(TableId table) {
        List<ChannelEvent.Row> rows = restoredHeld.get(table);
        if (rows == null) {
            return;
        }
        int current = versionsOf(table).current();
        List<ChannelEvent.Row> later = new ArrayList<>();
        for (ChannelEvent.Row row : rows) {
            if (row.schemaVersion() <= current) {
                emitRow(row);
            } else {
                later.add(row);
            }
        }
        if (later.isEmpty()) {
            restoredHeld.remove(table);
        } else {
            restoredHeld.put(table, later);
        }
    }

    @Override
    public void processElement(StreamRecord<ChannelEvent> record) throws Exception {
        ChannelEvent event = record.getValue();
        if (event instanceof ChannelEvent.Row row) {
            acceptRow(row);
        } else if (event instanceof ChannelEvent.Step step) {
            applyStep(step.step());
        } else if (event instanceof ChannelEvent.Flush marker) {
            flush(marker);
        } else if (event instanceof ChannelEvent.Drain marker) {
            drain(marker);
        } else {
            release((ChannelEvent.Release) event);
        }
    }

    private void release(ChannelEvent.Release marker) throws IOException {
        for (ChannelEvent.Row row : held.release(marker.flushId())) {
            emitRow(row);
        }
        writerFlushes.released(marker);
    }

    private void acceptRow(ChannelEvent.Row event) {
        if (held.isHeld(event.row().tableId())) {
            held.add(event);
        } else {
            emitRow(event);
        }
    }

    private void emitRow(ChannelEvent.Row event) {
        DataChangeEvent row = event.row();
        SinkTableVersions versions = knownVersionsOf(row.tableId());
        if (resumed && (versions == null || versions.needsRegistryFor(event.schemaVersion()))) {
            versions = tableFor(row.tableId(), event.schemaVersion());
        }
        if (versions == null || event.schemaVersion() > versions.current()) {
            throw new IllegalStateException(
                    "Sink subtask "
                            + subtask
                            + " received a row of "
                            + row.tableId()
                            + " for schema version "
                            + event.schemaVersion()
                            + " before that version itself (it holds "
                            + (versions == null ? "none" : versions.current())
                            + "). This breaks the schema operator's ordering guarantee.");
        }
        if (event.schemaVersion() < versions.current()) {
            RowUpgrade upgrade = versions.upgradeFrom(event.schemaVersion());
            if (upgrade == null) {
                discardCleared(row);
                return;
            }
            RecordData before = row.before() == null ? null : upgrade.reshape(row.before());
            RecordData after = row.after() == null ? null : upgrade.reshape(row.after());
            row = DataChangeEvent.projectRecords(row, before, after);
        }
        written.count(row.tableId());
        output.collect(new StreamRecord<>(row));
    }

    /**
     * Rows come in runs of one table; its entry is looked up once per run (entries are never
     * replaced, so the one found stays valid).
     */
    private SinkTableVersions knownVersionsOf(TableId table) {
        if (!table.equals(lastTable)) {
            SinkTableVersions found = tables.get(table);
            if (found == null) {
                return null;
            }
            lastTable = table;
            lastVersions = found;
        }
        return lastVersions;
    }

    private void discardCleared(DataChangeEvent row) {
        if (clearedRows == null) {
            clearedRows = getMetricGroup().counter("rowsClearedBeforeArrival");
        }
        if (clearedRows.getCount() == 0) {
            LOG.info(
                    "Rows of {} that came before a truncate, drop or re-create of the table in their"
                            + " own source split arrived after it was applied; they are not written"
                            + " (metric rowsClearedBeforeArrival).",
                    row.tableId());
        }
        clearedRows.inc();
    }

    private void applyStep(SinkSchemaStep step) {
        SinkTableVersions versions = tableFor(step.table(), step.version());
        versions.remember(step);
        if (step.version() <= versions.current()) {
            return;
        }
        if (!step.isReset() && step.version() == versions.current() + 1) {
            for (SchemaChangeEvent change : step.events()) {
                output.collect(new StreamRecord<>(change));
            }
        } else if (step.schemaAfter() != null) {
            output.collect(
                    new StreamRecord<>(new CreateTableEvent(step.table(), step.schemaAfter())));
        } else if (versions.currentSchema() != null) {
            output.collect(new StreamRecord<>(new DropTableEvent(step.table())));
        }
        versions.moveTo(step.version());
        releaseRestored(step.table());
    }

    private void flush(ChannelEvent.Flush marker) throws IOException {
        writerFlushes.flush(marker);
        for (TableId table : marker.holdTables()) {
            held.hold(table, marker.flushId());
        }
    }

    /**
     * The job fails on a change the sink does not have (G7): once every source subtask's drain
     * marker arrived, every step and release sent before it did too, so what is still held is of
     * the sink's current version or older, and is written now, before the job goes down.
     */
    private void drain(ChannelEvent.Drain marker) throws IOException {
        Set<Integer> arrived = drains.computeIfAbsent(marker.drainId(), id -> new HashSet<>());
        arrived.add(marker.sourceSubtask());
        if (arrived.size() < marker.sources()) {
            return;
        }
        drains.remove(marker.drainId());
        for (ChannelEvent.Row row : held.releaseAll()) {
            emitRow(row);
        }
        writerFlushes.drained(marker);
    }
}
