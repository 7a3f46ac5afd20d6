package dev.schemaop.connectors.mariadb.source;

import dev.schemaop.connectors.mariadb.SourceSettings;
import dev.schemaop.connectors.mariadb.debezium.EngineRunner;
import dev.schemaop.connectors.mariadb.debezium.OffsetCodec;

import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.core.io.InputStatus;
import org.apache.kafka.connect.source.SourceRecord;

import javax.annotation.Nullable;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Reads the change stream: Debezium runs on its own thread ({@link EngineRunner}), this reader
 * turns its records into pipeline events on the task thread ({@link RecordEmitter}) and remembers
 * the offset of the last one, so a checkpoint holds exactly the position after the events it
 * emitted. The events of one record (one DDL statement's changes) go out together.
 */
final class BinlogReader implements SourceReader<Event, BinlogSplit> {
    private static final int RECORDS_PER_POLL = 1024;

    private final SourceSettings settings;
    private final SourceReaderContext context;
    @Nullable private EngineRunner engine;
    @Nullable private RecordEmitter emitter;
    @Nullable private String partitionJson;
    @Nullable private String offsetJson;
    @Nullable private Map<String, ?> lastPartition;
    @Nullable private Map<String, ?> lastOffset;
    private boolean finished;
    private boolean noMoreSplits;

    /** Wakes the task when there is no engine to wait for: a split or the end arrived. */
    private CompletableFuture<Void> splitsChanged = new CompletableFuture<>();

    BinlogReader(SourceSettings settings, SourceReaderContext context) {
        this.settings = settings;
        this.context = context;
    }

    @Override
    public void start() {}

    @Override
    public void addSplits(List<BinlogSplit> splits) {
        for (BinlogSplit split : splits) {
            partitionJson = split.partitionJson();
            offsetJson = split.offsetJson();
            finished = split.finished();
            emitter = new RecordEmitter(settings, split.schemas());
            if (!finished) {
                engine =
                        new EngineRunner(
                                settings,
                                partitionJson,
                                offsetJson,
                                split.history(),
                                Thread.currentThread().getContextClassLoader());
                engine.start();
            }
        }
        splitsChanged.complete(null);
    }

    @Override
    public InputStatus pollNext(ReaderOutput<Event> output) {
        if (engine == null || finished) {
            return noMoreSplits && (engine == null || finished)
                    ? InputStatus.END_OF_INPUT
                    : InputStatus.NOTHING_AVAILABLE;
        }
        List<SourceRecord> records = engine.poll(RECORDS_PER_POLL);
        for (SourceRecord record : records) {
            for (Event event : emitter.eventsOf(record)) {
                output.collect(event);
            }
            if (record.sourceOffset() != null && !record.sourceOffset().isEmpty()) {
                // Kept as they are; made into text only when a checkpoint needs them.
                lastPartition = record.sourcePartition();
                lastOffset = record.sourceOffset();
            }
            if (emitter.snapshotCompleted() && settings.startupMode().isBounded()) {
                finished = true;
                return noMoreSplits ? InputStatus.END_OF_INPUT : InputStatus.NOTHING_AVAILABLE;
            }
        }
        return records.isEmpty() ? InputStatus.NOTHING_AVAILABLE : InputStatus.MORE_AVAILABLE;
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
        return List.of(
                new BinlogSplit(
                        partitionJson,
                        offsetJson,
                        engine == null ? List.of() : engine.history(),
                        emitter.schemas(),
                        finished));
    }

    @Override
    public CompletableFuture<Void> isAvailable() {
        if (engine == null || finished) {
            if (noMoreSplits) {
                return CompletableFuture.completedFuture(null);
            }
            if (splitsChanged.isDone()) {
                splitsChanged = new CompletableFuture<>();
            }
            return splitsChanged;
        }
        return engine.available();
    }

    @Override
    public void notifyNoMoreSplits() {
        noMoreSplits = true;
        splitsChanged.complete(null);
    }

    @Override
    public void close() throws Exception {
        if (engine != null) {
            engine.close();
        }
    }
}
