package dev.schemaop.e2e.sinkv2;

import org.apache.flink.api.connector.sink2.Committer;
import org.apache.flink.api.connector.sink2.CommitterInitContext;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.SupportsCommitter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/** A sink that commits in two phases through the Sink v2 {@link SupportsCommitter} interface. */
class CommittingTestSink implements Sink<Event>, SupportsCommitter<RowBatch> {
    private static final long serialVersionUID = 1L;

    final String run;

    CommittingTestSink(String run) {
        this.run = run;
    }

    @Override
    public SinkWriter<Event> createWriter(WriterInitContext context) {
        return new StagingWriter(Outcomes.of(run));
    }

    @Override
    @SuppressWarnings("deprecation")
    public SinkWriter<Event> createWriter(InitContext context) {
        return new StagingWriter(Outcomes.of(run));
    }

    @Override
    public Committer<RowBatch> createCommitter(CommitterInitContext context) {
        return new RecordingCommitter(Outcomes.of(run));
    }

    @Override
    public SimpleVersionedSerializer<RowBatch> getCommittableSerializer() {
        return RowBatch.SERIALIZER;
    }
}
