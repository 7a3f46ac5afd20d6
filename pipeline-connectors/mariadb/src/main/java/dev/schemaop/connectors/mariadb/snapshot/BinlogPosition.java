package dev.schemaop.connectors.mariadb.snapshot;

import dev.schemaop.connectors.mariadb.debezium.DebeziumProperties;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The binlog position a snapshot is consistent with: the binlog file and offset and, where the
 * server has them, its GTIDs ({@code @@gtid_binlog_pos}). The change stream starts there, as
 * Debezium's own snapshot would have it start.
 *
 * @param gtids empty when the server has written no GTID yet
 */
public record BinlogPosition(String file, long position, String gtids) {

    /** Debezium's source partition of this connector: the logical server name. */
    public Map<String, Object> partition() {
        return Map.of("server", DebeziumProperties.TOPIC_PREFIX);
    }

    /** Debezium's source offset for a stream that starts here (its names: file, pos, gtids). */
    public Map<String, Object> offset() {
        Map<String, Object> offset = new LinkedHashMap<>();
        offset.put("file", file);
        offset.put("pos", position);
        if (!gtids.isEmpty()) {
            offset.put("gtids", gtids);
        }
        return offset;
    }
}
