package dev.schemaop.e2e.sinkv2;

import org.apache.flink.api.connector.sink2.Committer;

import java.util.Collection;

/** Commits a batch by recording its rows, once per batch id (a retried commit changes nothing). */
final class RecordingCommitter implements Committer<RowBatch> {
    private final Outcomes outcomes;

    RecordingCommitter(Outcomes outcomes) {
        this.outcomes = outcomes;
    }

    @Override
    public void commit(Collection<CommitRequest<RowBatch>> requests) {
        for (CommitRequest<RowBatch> request : requests) {
            RowBatch batch = request.getCommittable();
            if (outcomes.committedBatches.add(batch.id())) {
                outcomes.committed.addAll(batch.rows());
            }
        }
    }

    @Override
    public void close() {}
}
