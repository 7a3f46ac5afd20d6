package dev.schemaop.connectors.mariadb.source;

import org.apache.flink.api.connector.source.SourceSplit;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;

import javax.annotation.Nullable;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one split of the source: the server's change stream, and where the reader stands in it. Its
 * state is what a checkpoint keeps: the offset of the last record emitted (null before the first),
 * Debezium's schema history, the schema of every captured table as the pipeline was told it, and
 * whether a bounded snapshot has ended.
 */
public record BinlogSplit(
        @Nullable String partitionJson,
        @Nullable String offsetJson,
        List<String> history,
        Map<TableId, Schema> schemas,
        boolean finished)
        implements SourceSplit {
    static final String ID = "binlog";

    public BinlogSplit {
        history = List.copyOf(history);
        schemas = new LinkedHashMap<>(schemas);
    }

    static BinlogSplit fresh() {
        return new BinlogSplit(null, null, List.of(), Map.of(), false);
    }

    @Override
    public String splitId() {
        return ID;
    }
}
