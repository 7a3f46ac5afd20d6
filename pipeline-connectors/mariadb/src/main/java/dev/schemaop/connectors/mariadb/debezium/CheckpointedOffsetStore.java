package dev.schemaop.connectors.mariadb.debezium;

import dev.schemaop.connectors.debezium.OffsetCodec;

import org.apache.kafka.connect.runtime.WorkerConfig;
import org.apache.kafka.connect.storage.MemoryOffsetBackingStore;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.Set;

/**
 * Debezium's offset storage ({@code offset.storage}) for a reader restored from a Flink checkpoint:
 * it starts holding the checkpoint's offset, given in the engine's properties, and keeps what the
 * engine commits afterwards only in memory. The offset that counts is the one the reader puts into
 * each checkpoint: that of the last record it emitted.
 */
public class CheckpointedOffsetStore extends MemoryOffsetBackingStore {
    static final String PARTITION = "schemaop.offset.partition";
    static final String OFFSET = "schemaop.offset.value";
    static final String ENGINE_NAME = "name";

    @Override
    public void configure(WorkerConfig config) {
        super.configure(config);
        Map<String, Object> properties = config.originals();
        Object partition = properties.get(PARTITION);
        Object offset = properties.get(OFFSET);
        if (partition != null && offset != null) {
            String engine = (String) properties.get(ENGINE_NAME);
            ByteBuffer key = OffsetCodec.key(engine, OffsetCodec.fromJson((String) partition));
            data.put(key, OffsetCodec.value(engine, OffsetCodec.fromJson((String) offset)));
        }
    }

    @Override
    public Set<Map<String, Object>> connectorPartitions(String connectorName) {
        return Set.of();
    }
}
