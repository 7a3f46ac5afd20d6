package dev.schemaop.connectors.mariadb.source;

import dev.schemaop.connectors.debezium.OffsetCodec;
import dev.schemaop.connectors.debezium.ReaderOwner;
import dev.schemaop.connectors.debezium.SplitArrival;
import dev.schemaop.connectors.mariadb.SourceSettings;
import dev.schemaop.connectors.mariadb.debezium.EngineRunner;
import dev.schemaop.connectors.mariadb.debezium.ResolvedRenames;
import dev.schemaop.connectors.mariadb.debezium.UnparseableStatements;
import dev.schemaop.connectors.mariadb.snapshot.SnapshotItem;
import dev.schemaop.connectors.mariadb.snapshot.SnapshotRunner;

import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.metrics.ThreadSafeSimpleCounter;
import org.apache.kafka.connect.source.SourceRecord;

import javax.annotation.Nullable;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.UnaryOperator;

/**
 * Reads the server: first, for a new job that snapshots, the captured tables' rows ({@link
 * SnapshotRunner}, on its own thread), then the change stream from the position the snapshot is
 * consistent with (Debezium, {@link EngineRunner}, on its own thread). This reader turns both into
 * pipeline events on the task thread ({@link RecordEmitter}) and remembers the offset of the last
 * change emitted, so a checkpoint holds exactly the position after the events it emitted. The
 * events of one record (one DDL statement's changes) go out together.
 */
final class BinlogReader implements SourceReader<Event, BinlogSplit> {
    private static final int RECORDS_PER_POLL = 1024;
    private static final int SNAPSHOT_ITEMS_PER_POLL = 4;

    private final SourceSettings settings;
    private final ReaderOwner owner;
    private final UnparseableStatements unparseable;
    private final ResolvedRenames renames = new ResolvedRenames();
    @Nullable private SnapshotRunner snapshot;
    @Nullable private EngineRunner engine;
    @Nullable private RecordEmitter emitter;
    @Nullable private String partitionJson;
    @Nullable private String offsetJson;
    private List<String> history = List.of();
    @Nullable private Map<String, ?> lastPartition;
    @Nullable private Map<String, ?> lastOffset;
    private boolean finished;

    /** The table whose snapshot rows arrive, and how they become rows of its pipeline schema. */
    @Nullable private TableId snapshotTable;

    @Nullable private UnaryOperator<RecordData> snapshotRowShaper;

    private final SplitArrival arrival = new SplitArrival();

    BinlogReader(SourceSettings settings, SourceReaderContext context) {
        this.settings = settings;
        this.owner = ReaderOwner.of(context.metricGroup(), context.getIndexOfSubtask());
        this.unparseable =
                new UnparseableStatements(
                        settings.unparseable(),
                        settings.tables(),
                        context.metricGroup()
                                .counter(
                                        UnparseableStatements.SKIPPED_METRIC,
                                        new ThreadSafeSimpleCounter()));
    }

    @Override
    public void start() {}

    @Override
    public void addSplits(List<BinlogSplit> splits) {
        for (BinlogSplit split : splits) {
            partitionJson = split.partitionJson();
            offsetJson = split.offsetJson();
            history = split.history();
            finished = split.finished();
            emitter = new RecordEmitter(settings, split.schemas(), renames);
            if (finished) {
                continue;
            }
            if (offsetJson == null && settings.startupMode().snapshots()) {
                snapshot = new SnapshotRunner(settings);
                snapshot.start();
            } else {
                startEngine();
            }
        }
        arrival.arrived();
    }

    private void startEngine() {
        engine =
                new EngineRunner(
                        settings,
                        owner,
                        partitionJson,
                        offsetJson,
                        history,
                        unparseable,
                        renames,
                        Thread.currentThread().getContextClassLoader());
        engine.start();
    }

    @Override
    public InputStatus pollNext(ReaderOutput<Event> output) throws Exception {
        if (snapshot != null) {
            return pollSnapshot(output);
        }
        if (engine == null || finished) {
            return arrival.idle();
        }
        List<SourceRecord> records = engine.poll(RECORDS_PER_POLL);
        // a statement Debezium could not parse and the source left out: a line of the history
        unparseable.takeSkipped().forEach(output::collect);
        for (SourceRecord record : records) {
            for (Event event : emitter.eventsOf(record)) {
                output.collect(event);
            }
            if (record.sourceOffset() != null && !record.sourceOffset().isEmpty()) {
                // Kept as they are; made into text only when a checkpoint needs them.
                lastPartition = record.sourcePartition();
                lastOffset = record.sourceOffset();
            }
        }
        return records.isEmpty() ? InputStatus.NOTHING_AVAILABLE : InputStatus.MORE_AVAILABLE;
    }

    private InputStatus pollSnapshot(ReaderOutput<Event> output) throws Exception {
        List<SnapshotItem> items = snapshot.poll(SNAPSHOT_ITEMS_PER_POLL);
        for (SnapshotItem item : items) {
            if (item instanceof SnapshotItem.TableStart start) {
                emitter.snapshotTable(start.table(), start.schema()).forEach(output::collect);
                snapshotTable = start.table();
                snapshotRowShaper = emitter.shaperFor(start.table(), start.schema());
            } else if (item instanceof SnapshotItem.Rows rows) {
                for (DataChangeEvent insert : rows.inserts()) {
                    output.collect(
                            snapshotRowShaper == null
                                    ? insert
                                    : DataChangeEvent.insertEvent(
                                            snapshotTable,
                                            snapshotRowShaper.apply(insert.after())));
                }
            } else if (item instanceof SnapshotItem.Done done) {
                snapshotDone(done);
                return finished ? arrival.idle() : InputStatus.MORE_AVAILABLE;
            }
        }
        return items.isEmpty() ? InputStatus.NOTHING_AVAILABLE : InputStatus.MORE_AVAILABLE;
    }

    /** The change stream starts where the snapshot is consistent, with its tables as history. */
    private void snapshotDone(SnapshotItem.Done done) throws InterruptedException {
        snapshot.close();
        snapshot = null;
        snapshotTable = null;
        snapshotRowShaper = null;
        partitionJson = OffsetCodec.toJson(done.position().partition());
        offsetJson = OffsetCodec.toJson(done.position().offset());
        history = done.history();
        if (settings.startupMode().isBounded()) {
            finished = true;
        } else {
            startEngine();
        }
    }

    @Override
    public List<BinlogSplit> snapshotState(long checkpointId) {
        if (emitter == null) {
            return List.of();
        }
        if (lastOffset != null) {
            partitionJson = OffsetCodec.toJson(lastPartition);
            offsetJson = OffsetCodec.toJson(lastOffset);
            lastPartition = null;
            lastOffset = null;
        }
        if (engine != null) {
            history = engine.history(partitionJson, offsetJson);
        }
        // During the snapshot the offset is still null: a restore takes the snapshot again.
        return List.of(
                new BinlogSplit(partitionJson, offsetJson, history, emitter.schemas(), finished));
    }

    @Override
    public CompletableFuture<Void> isAvailable() {
        if (snapshot != null) {
            return snapshot.available();
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
        if (snapshot != null) {
            snapshot.close();
        }
        if (engine != null) {
            engine.close();
        }
    }
}
