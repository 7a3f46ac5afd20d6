package dev.schemaop.sink;

import dev.schemaop.protocol.ChannelEvent;
import dev.schemaop.protocol.DefaultKeyHashes;
import dev.schemaop.protocol.SinkRouting;
import dev.schemaop.protocol.SinkSchemaStep;

import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.function.HashFunction;
import org.apache.flink.cdc.common.function.HashFunctionProvider;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataTypeRoot;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which rows held at a restored checkpoint a sink subtask writes. Every subtask reads every
 * subtask's held rows. At the parallelism of the checkpoint each takes back its own. At another it
 * takes what the schema operator would send it now ({@link SinkRouting}, with the sink's hash
 * function for the schema of the version each row was shaped for): so a key's held rows reach the
 * writer that gets the key's next rows, and a pre-write topology gets each row at the subtask its
 * hash chose (Flink CDC's Paimon sink fails a row at another).
 *
 * <p>Every subtask decides alone, so a row is written once only if all hash it alike. The runtime's
 * default ({@code protocol.DefaultKeyHashes}) does for every row. A connector's own function is
 * trusted for a table with a key of no binary column; for other tables it may hash by identity (a
 * byte array) or at random (Flink CDC's Paimon sink, for a table without a key), so their rows go
 * together, in order, to the subtask at the old one's index modulo the parallelism.
 */
final class RestoredRowsOwner {
    private final int subtask;
    private final int parallelism;
    private final HashFunctionProvider<DataChangeEvent> sinkHashes;
    private final Map<TableId, Map<Integer, HashFunction<DataChangeEvent>>> hashes =
            new HashMap<>();

    RestoredRowsOwner(
            int subtask, int parallelism, HashFunctionProvider<DataChangeEvent> sinkHashes) {
        this.subtask = subtask;
        this.parallelism = parallelism;
        this.sinkHashes = sinkHashes;
    }

    /** Whether none of the rows a subtask held at this parallelism is this subtask's. */
    boolean takesNothingFrom(int heldBy, int heldAtParallelism) {
        return heldAtParallelism == parallelism && heldBy != subtask;
    }

    /** The rows of one subtask's checkpointed held rows that this subtask writes, in order. */
    List<ChannelEvent.Row> takenFrom(HeldRowsState.Held held) {
        if (held.parallelism() == parallelism) {
            return takesNothingFrom(held.subtask(), held.parallelism()) ? List.of() : held.rows();
        }
        Map<TableId, Map<Integer, Schema>> schemas = new HashMap<>();
        for (SinkSchemaStep step : held.steps()) {
            if (step.schemaAfter() != null) {
                schemas.computeIfAbsent(step.table(), t -> new HashMap<>())
                        .put(step.version(), step.schemaAfter());
            }
        }
        List<ChannelEvent.Row> taken = new ArrayList<>();
        for (ChannelEvent.Row row : held.rows()) {
            Schema schema =
                    schemas.getOrDefault(row.row().tableId(), Map.of()).get(row.schemaVersion());
            if (schema == null) {
                throw new IllegalStateException(
                        "A row of "
                                + row.row().tableId()
                                + " held at the restored checkpoint is of schema version "
                                + row.schemaVersion()
                                + ", whose schema the checkpoint does not have, so it cannot be"
                                + " sent to the sink subtask its key belongs to at parallelism "
                                + parallelism
                                + ". Restore the checkpoint at its own parallelism ("
                                + held.parallelism()
                                + ") and report this with the job's logs.");
            }
            if (!hashedAlikeEverywhere(schema)) {
                if (Math.floorMod(held.subtask(), parallelism) == subtask) {
                    taken.add(new ChannelEvent.Row(subtask, row.schemaVersion(), row.row()));
                }
            } else {
                take(row, hashOf(row.row().tableId(), row.schemaVersion(), schema), taken);
            }
        }
        return taken;
    }

    private void take(
            ChannelEvent.Row row,
            HashFunction<DataChangeEvent> hash,
            List<ChannelEvent.Row> taken) {
        int channel = SinkRouting.channelOf(hash, row.row(), parallelism);
        DataChangeEvent oldKey = SinkRouting.oldKeyElsewhere(hash, row.row(), parallelism, channel);
        if (oldKey == null) {
            if (channel == subtask) {
                taken.add(new ChannelEvent.Row(subtask, row.schemaVersion(), row.row()));
            }
            return;
        }
        if (SinkRouting.channelOf(hash, oldKey, parallelism) == subtask) {
            taken.add(new ChannelEvent.Row(subtask, row.schemaVersion(), oldKey));
        }
        if (channel == subtask) {
            taken.add(
                    new ChannelEvent.Row(
                            subtask, row.schemaVersion(), SinkRouting.newKeyInsert(row.row())));
        }
    }

    private HashFunction<DataChangeEvent> hashOf(TableId table, int version, Schema schema) {
        return hashes.computeIfAbsent(table, t -> new HashMap<>())
                .computeIfAbsent(version, v -> sinkHashes.getHashFunction(table, schema));
    }

    private boolean hashedAlikeEverywhere(Schema schema) {
        if (sinkHashes instanceof DefaultKeyHashes) {
            return true;
        }
        if (schema.primaryKeys().isEmpty()) {
            return false;
        }
        for (String key : schema.primaryKeys()) {
            DataTypeRoot type =
                    schema.getColumn(key).map(c -> c.getType().getTypeRoot()).orElse(null);
            if (type == null || type == DataTypeRoot.BINARY || type == DataTypeRoot.VARBINARY) {
                return false;
            }
        }
        return true;
    }
}
