package dev.schemaop.e2e.sinkv2;

import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.CommittableWithLineage;

import java.util.List;

/** A pre- or post-commit topology's operator: records the rows of the batches passing through. */
final class CommittablesRecorder
        implements MapFunction<CommittableMessage<RowBatch>, CommittableMessage<RowBatch>> {
    private static final long serialVersionUID = 1L;

    private final String run;
    private final boolean preCommit;

    CommittablesRecorder(String run, boolean preCommit) {
        this.run = run;
        this.preCommit = preCommit;
    }

    @Override
    public CommittableMessage<RowBatch> map(CommittableMessage<RowBatch> message) {
        if (message instanceof CommittableWithLineage) {
            List<String> rows =
                    ((CommittableWithLineage<RowBatch>) message).getCommittable().rows();
            Outcomes outcomes = Outcomes.of(run);
            (preCommit ? outcomes.preCommitRows : outcomes.postCommitRows).addAll(rows);
        }
        return message;
    }
}
