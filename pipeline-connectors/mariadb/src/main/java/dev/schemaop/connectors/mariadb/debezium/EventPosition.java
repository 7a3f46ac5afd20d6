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
    public static EventPosition of(Struct source) {
        String gtid = source.schema().field("gtid") == null ? null : source.getString("gtid");
        return new EventPosition(
                source.getString("file"),
                source.getInt64("pos"),
                gtid == null || gtid.isEmpty() ? null : gtid);
    }

    /**
     * Whether this event comes after {@code other} in the binlog: a later file (the server numbers
     * its files in order, {@code mysql-bin.000009} before {@code mysql-bin.000010}), or a later
     * position in the same file.
     */
    public boolean isAfter(EventPosition other) {
        int files = compareFiles(file, other.file);
        return files != 0 ? files > 0 : position > other.position;
    }

    /** By the number after the last dot; names without one, as text. */
    private static int compareFiles(String a, String b) {
        try {
            return Long.compare(fileNumber(a), fileNumber(b));
        } catch (NumberFormatException notNumbered) {
            return a.compareTo(b);
        }
    }

    private static long fileNumber(String file) {
        return Long.parseLong(file.substring(file.lastIndexOf('.') + 1));
    }

    /** {@code mysql-bin.000003:4567, GTID 0-1-89}. */
    @Override
    public String toString() {
        return file + ":" + position + (gtid == null ? "" : ", GTID " + gtid);
    }
}
