package dev.schemaop.connectors.mariadb.debezium;

import org.apache.kafka.connect.data.Struct;

import javax.annotation.Nullable;

/**
 * Where one binlog event starts, as {@code mysqlbinlog --start-position} and {@code SHOW BINLOG
 * EVENTS ... FROM} take it, and the GTID of its transaction when the server writes GTIDs.
 */
public record EventPosition(String file, long position, @Nullable String gtid) {

    /**
     * The position in Debezium's source block of the event it is reading (fields file, pos, gtid).
     */
    static EventPosition of(Struct source) {
        String gtid = source.schema().field("gtid") == null ? null : source.getString("gtid");
        return new EventPosition(
                source.getString("file"),
                source.getInt64("pos"),
                gtid == null || gtid.isEmpty() ? null : gtid);
    }

    /** {@code mysql-bin.000003:4567, GTID 0-1-89}. */
    @Override
    public String toString() {
        return file + ":" + position + (gtid == null ? "" : ", GTID " + gtid);
    }
}
