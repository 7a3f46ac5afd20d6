package dev.schemaop.e2e.sinkv2;

import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.SupportsPostCommitTopology;
import org.apache.flink.streaming.api.datastream.DataStream;

/** A committing sink with a post-commit topology that records the committed batches. */
final class PostCommitTestSink extends CommittingTestSink
        implements SupportsPostCommitTopology<RowBatch> {
    private static final long serialVersionUID = 1L;

    PostCommitTestSink(String run) {
        super(run);
    }

    @Override
    public void addPostCommitTopology(DataStream<CommittableMessage<RowBatch>> committed) {
        committed
                .map(new CommittablesRecorder(run, false))
                .returns(committed.getType())
                .name("post-commit recorder");
    }
}
