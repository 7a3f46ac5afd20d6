package dev.schemaop.connectors.postgres.source;

import dev.schemaop.api.Secrets;
import dev.schemaop.connectors.debezium.OffsetCodec;
import dev.schemaop.connectors.debezium.ReaderOwner;
import dev.schemaop.connectors.debezium.SplitArrival;
import dev.schemaop.connectors.postgres.PostgresSourceSettings;
import dev.schemaop.connectors.postgres.catalog.DdlCapture;
import dev.schemaop.connectors.postgres.catalog.TableLayout;
import dev.schemaop.connectors.postgres.slot.PostgresConnections;
import dev.schemaop.connectors.postgres.slot.Publications;
import dev.schemaop.connectors.postgres.slot.ReplicationSlots;
import dev.schemaop.connectors.postgres.slot.ReplicationSlots.ExportedSnapshot;
import dev.schemaop.connectors.postgres.slot.RestoredPosition;
import dev.schemaop.connectors.postgres.snapshot.SnapshotReader;
import dev.schemaop.connectors.postgres.stream.EngineRunner;
import dev.schemaop.connectors.postgres.stream.HeartbeatMessages;
import dev.schemaop.connectors.postgres.stream.PostgresSourceException;

import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.core.io.InputStatus;
import org.apache.kafka.connect.source.SourceRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

/**
 * Reads the database: for a new job, the slot is created with an exported snapshot and the captured
 * tables are read under it ({@link SnapshotReader}, on this thread, a batch per poll); then the
 * slot's stream from the snapshot's consistent point (Debezium, {@link EngineRunner}). A checkpoint
 * holds the offset of the last record emitted; when it completes, that offset is confirmed to the
 * slot, and only then may the server release the WAL before it.
 */
final class WalReader implements SourceReader<Event, WalSplit> {
    private static final Logger LOG = LoggerFactory.getLogger(WalReader.class);
    private static final int RECORDS_PER_POLL = 1024;
    private static final int SNAPSHOT_ROWS_PER_POLL = 1024;

    private final PostgresSourceSettings settings;
    private final ReaderOwner owner;
    @Nullable private SnapshotReader snapshot;
    @Nullable private EngineRunner engine;
    @Nullable private ChangeEmitter emitter;
    private final Deque<Event> pending = new ArrayDeque<>();

    /** The tables a start without a snapshot describes before it streams. */
    @Nullable private List<TableLayout> toDescribe;

    @Nullable private String partitionJson;
    @Nullable private String offsetJson;
    @Nullable private Map<String, ?> lastPartition;
    @Nullable private Map<String, ?> lastOffset;
    private boolean streaming;
    private boolean finished;

    /** The offsets of checkpoints taken and not yet known complete, by checkpoint id. */
    private final TreeMap<Long, String[]> uncompleted = new TreeMap<>();

    private final SplitArrival arrival = new SplitArrival();

    /** Carried by this reader's heartbeat messages, whose list of tables only then counts. */
    private final String heartbeatToken = HeartbeatMessages.newToken();

    WalReader(PostgresSourceSettings settings, SourceReaderContext context) {
        this.settings = settings;
        this.owner = ReaderOwner.of(context.metricGroup(), context.getIndexOfSubtask());
    }

    @Override
    public void start() {}

    @Override
    public void addSplits(List<WalSplit> splits) {
        for (WalSplit split : splits) {
            partitionJson = split.partitionJson();
            offsetJson = split.offsetJson();
            streaming = split.streaming();
            finished = split.finished();
            if (emitter != null) {
                emitter.close(); // the split handed again replaces what the reader had
            }
            emitter =
                    new ChangeEmitter(settings, split.layouts(), split.relogging(), heartbeatToken);
            if (!finished) {
                try {
                    begin();
                } catch (SQLException e) {
                    throw new PostgresSourceException(
                            "The postgres source could not start on "
                                    + settings.endpoint()
                                    + ": "
                                    + Secrets.mask(e.getMessage(), settings.secrets()),
                            Secrets.scrub(e, settings.secrets()));
                }
            }
        }
        arrival.arrived();
    }

    private void begin() throws SQLException {
        try (Connection connection = PostgresConnections.open(settings)) {
            if (streaming) {
                Publications.checkSameCapture(connection, settings);
            }
            if (settings.eventTrigger()) {
                DdlCapture.install(connection, settings.publication(), settings.tables());
            }
            if (streaming) {
                RestoredPosition.check(connection, settings, offsetJson);
                startEngine();
                return;
            }
            // a new job, or one restored before its snapshot ended: a new slot and snapshot
            ReplicationSlots.dropForNewJob(connection, settings);
            Publications.recreate(
                    connection, settings.publication(), this::captured, settings.eventTrigger());
        }
        ExportedSnapshot exported = ReplicationSlots.create(settings);
        Connection reading = null;
        try {
            reading = PostgresConnections.open(settings);
            SnapshotReader opened =
                    SnapshotReader.open(reading, exported, settings, this::captured);
            reading = null; // the snapshot reader's now
            if (settings.startupMode().snapshots()) {
                snapshot = opened;
                pending.addAll(emitter.keepOnly(opened.tables()));
            } else {
                // described at the first poll, then streamed: a checkpoint before that keeps
                // the split unstarted, and a restore begins again
                toDescribe = opened.tables();
                opened.close();
            }
        } finally {
            if (reading != null) {
                reading.close();
            }
            exported.close();
        }
    }

    private boolean captured(TableLayout layout) {
        return settings.captures(layout.id());
    }

    private void startEngine() {
        engine =
                new EngineRunner(
                        settings,
                        owner,
                        partitionJson,
                        offsetJson,
                        heartbeatToken,
                        Thread.currentThread().getContextClassLoader());
        engine.start();
    }

    @Override
    public InputStatus pollNext(ReaderOutput<Event> output) throws Exception {
        while (!pending.isEmpty()) {
            output.collect(pending.poll());
        }
        if (toDescribe != null) {
            for (TableLayout layout : toDescribe) {
                emitter.describe(layout).forEach(output::collect);
            }
            toDescribe = null;
            streaming = true;
            startEngine();
            return InputStatus.MORE_AVAILABLE;
        }
        if (snapshot != null) {
            return pollSnapshot(output);
        }
        if (engine == null || finished) {
            return arrival.idle();
        }
        List<SourceRecord> records = engine.poll(RECORDS_PER_POLL);
        for (SourceRecord record : records) {
            for (Event event : emitter.eventsOf(record)) {
                output.collect(event);
            }
            if (record.sourceOffset() != null && !record.sourceOffset().isEmpty()) {
                lastPartition = record.sourcePartition();
                lastOffset = record.sourceOffset();
            }
        }
        return records.isEmpty() ? InputStatus.NOTHING_AVAILABLE : InputStatus.MORE_AVAILABLE;
    }

    private InputStatus pollSnapshot(ReaderOutput<Event> output) throws Exception {
        SnapshotReader.Step step = snapshot.next(SNAPSHOT_ROWS_PER_POLL);
        if (step instanceof SnapshotReader.TableStart start) {
            emitter.describeForSnapshot(start.table()).forEach(output::collect);
        } else if (step instanceof SnapshotReader.Rows rows) {
            for (RecordData row : rows.rows()) {
                output.collect(DataChangeEvent.insertEvent(rows.table().id(), row));
            }
        } else {
            snapshot.close();
            snapshot = null;
            if (settings.startupMode().isBounded()) {
                finished = true;
                dropSlot(); // made only for the snapshot's consistency
                return arrival.idle();
            }
            streaming = true;
            startEngine();
        }
        return InputStatus.MORE_AVAILABLE;
    }

    private void dropSlot() {
        try (Connection connection = PostgresConnections.open(settings)) {
            ReplicationSlots.dropForNewJob(connection, settings);
            Publications.drop(connection, settings.publication(), settings.eventTrigger());
        } catch (SQLException e) {
            LOG.warn(
                    "The snapshot's replication slot {} and its publication were not dropped: {}",
                    settings.slotName(),
                    Secrets.mask(e.getMessage(), settings.secrets()));
        }
    }

    @Override
    public List<WalSplit> snapshotState(long checkpointId) {
        if (emitter == null) {
            return List.of();
        }
        if (lastOffset != null) {
            partitionJson = OffsetCodec.toJson(lastPartition);
            offsetJson = OffsetCodec.toJson(lastOffset);
            lastPartition = null;
            lastOffset = null;
        }
        if (offsetJson != null) {
            uncompleted.put(checkpointId, new String[] {partitionJson, offsetJson});
        }
        // During the snapshot the split is not streaming: a restore takes the snapshot again.
        return List.of(
                new WalSplit(
                        partitionJson,
                        offsetJson,
                        emitter.layouts(),
                        streaming,
                        finished,
                        emitter.relogging()));
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        Map.Entry<Long, String[]> completed = uncompleted.floorEntry(checkpointId);
        if (completed == null) {
            return;
        }
        uncompleted.headMap(checkpointId, true).clear();
        if (engine != null) {
            engine.confirm(completed.getValue()[0], completed.getValue()[1]);
        }
    }

    @Override
    public CompletableFuture<Void> isAvailable() {
        if (!pending.isEmpty() || snapshot != null || toDescribe != null) {
            return CompletableFuture.completedFuture(null);
        }
        if (engine == null || finished) {
            return arrival.awaited();
        }
        return engine.available();
    }

    @Override
    public void notifyNoMoreSplits() {
        arrival.noMore();
    }

    @Override
    public void close() throws Exception {
        try {
            if (snapshot != null) {
                snapshot.close();
            }
            if (engine != null) {
                engine.close();
            }
        } finally {
            if (emitter != null) {
                emitter.close();
            }
        }
    }
}
