package dev.schemaop.connectors.postgres.stream;

import dev.schemaop.connectors.debezium.OffsetCodec;

import org.apache.kafka.connect.runtime.WorkerConfig;
import org.apache.kafka.connect.storage.MemoryOffsetBackingStore;
import org.apache.kafka.connect.util.Callback;

import java.nio.ByteBuffer;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Future;

/**
 * Debezium's offset storage ({@code offset.storage}) for the postgres source: it holds only
 * positions a complete Flink checkpoint holds, never what the engine processed since. Debezium's
 * PostgreSQL task confirms to the slot ({@code flush.lsn.source}) the position this store gives it,
 * so the server releases WAL only up to the last complete checkpoint, and a restore from it always
 * finds its changes in the slot. It starts holding the restored checkpoint's offset; the reader
 * adds each completed checkpoint's through {@link #confirm}.
 */
public class ConfirmedOffsetStore extends MemoryOffsetBackingStore {
    static final String PARTITION = "schemaop.offset.partition";
    static final String OFFSET = "schemaop.offset.value";
    static final String ENGINE_NAME = "name";

    private static final Map<String, ConfirmedOffsetStore> BY_ENGINE = new ConcurrentHashMap<>();

    /** Kept apart from the parent's map and executor: confirmed from the task thread any time. */
    private final Map<ByteBuffer, ByteBuffer> confirmed = new ConcurrentHashMap<>();

    private volatile String engine;

    @Override
    public void configure(WorkerConfig config) {
        super.configure(config);
        Map<String, Object> properties = config.originals();
        engine = (String) properties.get(ENGINE_NAME);
        Object partition = properties.get(PARTITION);
        Object offset = properties.get(OFFSET);
        if (partition != null && offset != null) {
            keep((String) partition, (String) offset);
        }
        BY_ENGINE.put(engine, this);
    }

    @Override
    public void stop() {
        BY_ENGINE.remove(engine, this);
        super.stop();
    }

    @Override
    public Future<Map<ByteBuffer, ByteBuffer>> get(Collection<ByteBuffer> keys) {
        Map<ByteBuffer, ByteBuffer> values = new HashMap<>();
        for (ByteBuffer key : keys) {
            values.put(key, confirmed.get(key));
        }
        return CompletableFuture.completedFuture(values);
    }

    /** What the engine processed is not confirmed by a checkpoint yet: it is not kept. */
    @Override
    public Future<Void> set(Map<ByteBuffer, ByteBuffer> values, Callback<Void> callback) {
        if (callback != null) {
            callback.onCompletion(null, null);
        }
        return CompletableFuture.completedFuture(null);
    }

    /**
     * The offset of a complete checkpoint of the engine named {@code engine}: the next time the
     * engine commits, Debezium confirms it to the slot.
     */
    public static void confirm(String engine, String partitionJson, String offsetJson) {
        ConfirmedOffsetStore store = BY_ENGINE.get(engine);
        if (store != null) {
            store.keep(partitionJson, offsetJson);
        }
    }

    private void keep(String partitionJson, String offsetJson) {
        confirmed.put(
                OffsetCodec.key(engine, OffsetCodec.fromJson(partitionJson)),
                OffsetCodec.value(engine, OffsetCodec.fromJson(offsetJson)));
    }

    @Override
    public Set<Map<String, Object>> connectorPartitions(String connectorName) {
        return Set.of();
    }
}
