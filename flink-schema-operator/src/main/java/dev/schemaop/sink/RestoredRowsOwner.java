package dev.schemaop.sink;

import dev.schemaop.protocol.ChannelEvent;
import dev.schemaop.protocol.SinkSchemaStep;

import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.function.HashFunction;
import org.apache.flink.cdc.common.function.HashFunctionProvider;
import org.apache.flink.cdc.common.schema.Schema;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which rows held at a restored checkpoint a sink subtask writes. Every subtask reads every
 * subtask's held rows. At the parallelism of the checkpoint each takes back its own; at another it
 * takes the rows that the sink's hash function sends to it now, hashed with the schema of the
 * version each row was shaped for, as the schema operator hashed it. So a key's held rows reach the
 * writer that gets the key's next rows, and a pre-write topology gets each row at the subtask its
 * hash chose (Flink CDC's Paimon sink fails a row at another).
 */
final class RestoredRowsOwner {
    private final int subtask;
    private final int parallelism;
    private final HashFunctionProvider<DataChangeEvent> sinkHashes;

    RestoredRowsOwner(
            int subtask, int parallelism, HashFunctionProvider<DataChangeEvent> sinkHashes) {
        this.subtask = subtask;
        this.parallelism = parallelism;
        this.sinkHashes = sinkHashes;
    }

    /** The rows of one subtask's checkpointed held rows that this subtask writes, in order. */
    List<ChannelEvent.Row> takenFrom(HeldRowsState.Held held) {
        if (held.parallelism() == parallelism) {
            return held.subtask() == subtask ? held.rows() : List.of();
        }
        if (parallelism == 1) {
            return held.rows(); // one channel: the schema operator hashes nothing either
        }
        Map<TableId, Map<Integer, Schema>> schemas = new HashMap<>();
        for (SinkSchemaStep step : held.steps()) {
            if (step.schemaAfter() != null) {
                schemas.computeIfAbsent(step.table(), t -> new HashMap<>())
                        .put(step.version(), step.schemaAfter());
            }
        }
        Map<TableId, Map<Integer, HashFunction<DataChangeEvent>>> hashes = new HashMap<>();
        List<ChannelEvent.Row> taken = new ArrayList<>();
        for (ChannelEvent.Row row : held.rows()) {
            TableId table = row.row().tableId();
            Schema schema = schemas.getOrDefault(table, Map.of()).get(row.schemaVersion());
            if (schema == null) {
                throw new IllegalStateException(
                        "A row of "
                                + table
                                + " held at the restored checkpoint is of schema version "
                                + row.schemaVersion()
                                + ", whose schema the checkpoint does not have, so it cannot be"
                                + " sent to the sink subtask its key belongs to at parallelism "
                                + parallelism
                                + ". Restore the checkpoint at its own parallelism ("
                                + held.parallelism()
                                + ") and report this with the job's logs.");
            }
            HashFunction<DataChangeEvent> hash =
                    hashes.computeIfAbsent(table, t -> new HashMap<>())
                            .computeIfAbsent(
                                    row.schemaVersion(),
                                    v -> sinkHashes.getHashFunction(table, schema));
            if (Math.floorMod(hash.hashcode(row.row()), parallelism) == subtask) {
                taken.add(row);
            }
        }
        return taken;
    }
}
