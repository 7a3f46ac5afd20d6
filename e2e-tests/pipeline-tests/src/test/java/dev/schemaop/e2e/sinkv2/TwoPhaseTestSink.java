package dev.schemaop.e2e.sinkv2;

import org.apache.flink.api.connector.sink2.Committer;
import org.apache.flink.api.connector.sink2.TwoPhaseCommittingSink;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * A sink written against the deprecated {@link TwoPhaseCommittingSink}: only the deprecated entry
 * points ({@code createWriter(InitContext)}, {@code createCommitter()}) are implemented; Flink 1.20
 * reaches them through the interfaces' default methods.
 */
@SuppressWarnings("deprecation")
final class TwoPhaseTestSink implements TwoPhaseCommittingSink<Event, RowBatch> {
    private static final long serialVersionUID = 1L;

    private final String run;

    TwoPhaseTestSink(String run) {
        this.run = run;
    }

    @Override
    public PrecommittingSinkWriter<Event, RowBatch> createWriter(InitContext context) {
        return new PrecommittingWriter(Outcomes.of(run));
    }

    @Override
    public Committer<RowBatch> createCommitter() {
        return new RecordingCommitter(Outcomes.of(run));
    }

    @Override
    public SimpleVersionedSerializer<RowBatch> getCommittableSerializer() {
        return RowBatch.SERIALIZER;
    }

    private static final class PrecommittingWriter extends StagingWriter
            implements PrecommittingSinkWriter<Event, RowBatch> {
        PrecommittingWriter(Outcomes outcomes) {
            super(outcomes);
        }
    }
}
