package dev.schemaop.protocol;

import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.OperationType;
import org.apache.flink.cdc.common.function.HashFunction;

import javax.annotation.Nullable;

/**
 * Which sink subtask a shaped row goes to: the one the sink's hash function chooses among the
 * subtasks, and for an update that moves a row to a key of another subtask, a delete of the old key
 * to the old key's subtask and an insert of the new one to the new key's. Every event of a key then
 * reaches the one subtask that owns the key (G3), and a sink whose writers own parts of a table
 * (Paimon's buckets) never writes into another writer's part. The schema operator sends rows by it;
 * a sink subtask restoring held rows at another parallelism takes them by it.
 */
public final class SinkRouting {
    private SinkRouting() {}

    public static int channelOf(
            HashFunction<DataChangeEvent> hash, DataChangeEvent row, int channels) {
        if (channels == 1) {
            return 0; // nothing to choose: no need to hash the key
        }
        return Math.floorMod(hash.hashcode(row), channels);
    }

    /**
     * The delete of an update's old key when that key belongs to another subtask than {@code
     * channel}, the new key's; null when the update stays in one subtask, or for any other row.
     */
    @Nullable
    public static DataChangeEvent oldKeyElsewhere(
            HashFunction<DataChangeEvent> hash, DataChangeEvent row, int channels, int channel) {
        if (channels == 1 || row.op() != OperationType.UPDATE) {
            return null;
        }
        DataChangeEvent delete =
                DataChangeEvent.deleteEvent(row.tableId(), row.before(), row.meta());
        return channelOf(hash, delete, channels) == channel ? null : delete;
    }

    /** The insert of an update's new key, which goes with {@link #oldKeyElsewhere}'s delete. */
    public static DataChangeEvent newKeyInsert(DataChangeEvent update) {
        return DataChangeEvent.insertEvent(update.tableId(), update.after(), update.meta());
    }
}
