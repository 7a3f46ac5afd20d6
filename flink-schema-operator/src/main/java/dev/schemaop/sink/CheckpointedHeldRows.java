package dev.schemaop.sink;

import dev.schemaop.protocol.ChannelEvent;

import org.apache.flink.api.common.TaskInfo;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.OperatorStateStore;
import org.apache.flink.api.common.typeutils.base.array.BytePrimitiveArraySerializer;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.function.HashFunctionProvider;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The rows a sink subtask held, in its checkpoints. Union state: every subtask reads every
 * subtask's held rows, because after a restore at another parallelism a key's rows belong to
 * another subtask than the one that held them ({@link RestoredRowsOwner}). The split state of
 * earlier builds is read once, as Flink hands it out, and then left empty.
 */
final class CheckpointedHeldRows {
    private final ListState<byte[]> state;
    private final ListState<byte[]> earlier;
    private final TaskInfo task;

    CheckpointedHeldRows(OperatorStateStore store, TaskInfo task) throws Exception {
        this.state =
                store.getUnionListState(
                        new ListStateDescriptor<>(
                                "sink-input-held-rows-of-all-subtasks",
                                BytePrimitiveArraySerializer.INSTANCE));
        this.earlier =
                store.getListState(
                        new ListStateDescriptor<>(
                                "sink-input-held-rows", BytePrimitiveArraySerializer.INSTANCE));
        this.task = task;
    }

    /**
     * Adds the restored rows this subtask writes to {@code rowsByTable}, in order, and remembers
     * the steps of their tables.
     */
    void restore(
            HashFunctionProvider<DataChangeEvent> sinkHashes,
            Function<TableId, SinkTableVersions> versionsOf,
            Map<TableId, List<ChannelEvent.Row>> rowsByTable)
            throws Exception {
        RestoredRowsOwner owner =
                new RestoredRowsOwner(
                        task.getIndexOfThisSubtask(),
                        task.getNumberOfParallelSubtasks(),
                        sinkHashes);
        for (byte[] bytes : state.get()) {
            int[] heldBy = HeldRowsState.heldBy(bytes);
            if (heldBy != null && owner.takesNothingFrom(heldBy[0], heldBy[1])) {
                continue; // another subtask's rows at the same parallelism: not read at all
            }
            HeldRowsState.Held held = HeldRowsState.read(bytes);
            HeldRowsState.restore(held, owner.takenFrom(held), versionsOf, rowsByTable);
        }
        for (byte[] bytes : earlier.get()) {
            HeldRowsState.Held held = HeldRowsState.read(bytes);
            HeldRowsState.restore(held, held.rows(), versionsOf, rowsByTable);
        }
        earlier.clear();
    }

    /** What the checkpoint being taken holds: these rows, with the steps of their tables. */
    void update(List<ChannelEvent.Row> rows, Map<TableId, SinkTableVersions> tables)
            throws Exception {
        state.update(
                rows.isEmpty()
                        ? List.of()
                        : List.of(
                                HeldRowsState.snapshot(
                                        task.getIndexOfThisSubtask(),
                                        task.getNumberOfParallelSubtasks(),
                                        rows,
                                        tables)));
    }
}
