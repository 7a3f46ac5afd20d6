package dev.schemaop.connectors.paimon.sink;

import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.CommittableSummary;
import org.apache.flink.streaming.api.connector.sink2.CommittableWithLineage;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.BoundedOneInput;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.paimon.catalog.Identifier;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The sink's pre-commit step, in front of the committer: every writer's files reach this one
 * subtask ({@code global()}), and at each checkpoint barrier it hands the committer one {@link
 * PaimonCommittable} per table holding all of them, under the job's commit user and the barrier's
 * checkpoint id. Paimon then makes one commit per table per checkpoint, atomic across the writers.
 *
 * <p>The id is the barrier's that passes here, not the one the writers handed the files over at:
 * the files of a checkpoint that was aborted before it reached every writer go with the next
 * barrier. A writer numbers its files (for Paimon's bookkeeping of which buckets are committed) by
 * the checkpoint after the last one it took; no commit can then come under a larger id before its
 * files are committed, since every barrier that passes here passed every writer first.
 *
 * <p>Nothing is kept in state: what arrived is handed on before the barrier goes on. At the end of
 * the input (all writers finished), what is left goes under the id after the last barrier, which
 * the job's last checkpoint, or the end of a job without checkpoints, commits.
 */
final class CommitGatherer extends AbstractStreamOperator<CommittableMessage<PaimonCommittable>>
        implements OneInputStreamOperator<
                        CommittableMessage<WrittenFiles>, CommittableMessage<PaimonCommittable>>,
                BoundedOneInput {
    private static final long serialVersionUID = 1L;

    private final String commitUser;
    private transient Map<Identifier, List<WrittenFiles>> pending;
    private transient long lastCheckpoint;

    CommitGatherer(String commitUser) {
        this.commitUser = commitUser;
    }

    @Override
    public void initializeState(StateInitializationContext context) throws Exception {
        super.initializeState(context);
        pending = new LinkedHashMap<>();
        lastCheckpoint = context.getRestoredCheckpointId().orElse(0);
    }

    @Override
    public void processElement(StreamRecord<CommittableMessage<WrittenFiles>> element) {
        if (element.getValue() instanceof CommittableWithLineage<WrittenFiles> written) {
            WrittenFiles files = written.getCommittable();
            pending.computeIfAbsent(files.table(), t -> new ArrayList<>()).add(files);
        }
    }

    @Override
    public void prepareSnapshotPreBarrier(long checkpointId) throws Exception {
        super.prepareSnapshotPreBarrier(checkpointId);
        handOver(checkpointId);
        lastCheckpoint = checkpointId;
    }

    @Override
    public void endInput() {
        handOver(lastCheckpoint + 1);
    }

    private void handOver(long checkpointId) {
        if (pending.isEmpty()) {
            return;
        }
        int subtask = getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
        int subtasks = getRuntimeContext().getTaskInfo().getNumberOfParallelSubtasks();
        output.collect(
                new StreamRecord<>(
                        new CommittableSummary<>(
                                subtask,
                                subtasks,
                                checkpointId,
                                pending.size(),
                                pending.size(),
                                0)));
        for (Map.Entry<Identifier, List<WrittenFiles>> table : pending.entrySet()) {
            PaimonCommittable committable =
                    new PaimonCommittable(
                            table.getKey(), commitUser, checkpointId, table.getValue());
            output.collect(
                    new StreamRecord<>(
                            new CommittableWithLineage<>(committable, checkpointId, subtask)));
        }
        pending = new LinkedHashMap<>();
    }
}
