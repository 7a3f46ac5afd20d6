package dev.schemaop.e2e.sinkv2;

import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.SupportsPreCommitTopology;
import org.apache.flink.streaming.api.datastream.DataStream;

/** A committing sink with a pre-commit topology that records the batches on their way. */
final class PreCommitTestSink extends CommittingTestSink
        implements SupportsPreCommitTopology<RowBatch, RowBatch> {
    private static final long serialVersionUID = 1L;

    PreCommitTestSink(String run) {
        super(run);
    }

    @Override
    public DataStream<CommittableMessage<RowBatch>> addPreCommitTopology(
            DataStream<CommittableMessage<RowBatch>> committables) {
        return committables
                .map(new CommittablesRecorder(run, true))
                .returns(committables.getType())
                .name("pre-commit recorder");
    }

    @Override
    public SimpleVersionedSerializer<RowBatch> getWriteResultSerializer() {
        return RowBatch.SERIALIZER;
    }
}
