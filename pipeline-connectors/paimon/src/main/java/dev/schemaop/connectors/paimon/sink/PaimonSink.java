package dev.schemaop.connectors.paimon.sink;

import dev.schemaop.connectors.paimon.catalog.CatalogSettings;

import org.apache.flink.api.connector.sink2.Committer;
import org.apache.flink.api.connector.sink2.CommitterInitContext;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.StatefulSinkWriter;
import org.apache.flink.api.connector.sink2.SupportsCommitter;
import org.apache.flink.api.connector.sink2.SupportsWriterState;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessageTypeInfo;
import org.apache.flink.streaming.api.connector.sink2.SupportsPreCommitTopology;
import org.apache.flink.streaming.api.datastream.DataStream;

import java.util.Collection;
import java.util.OptionalLong;
import java.util.UUID;

/**
 * The Flink sink (Sink API v2): a {@link PaimonWriter} per subtask, whose files all go to one
 * subtask of the pre-commit topology ({@link CommitGatherer}) and one {@link PaimonCommitter}
 * there, which commits each completed checkpoint once per table. Exactly once.
 *
 * <p>The commit user is chosen here, once per job submission, and shared by every writer and the
 * committer: it is the same after a failover (the job graph is), so Paimon recognises a commit it
 * already has, and another job (a resubmission from a savepoint included) gets another.
 *
 * <p>The writer state is always empty: {@link StatefulSinkWriter#snapshotState} is the one call
 * that tells a Sink v2 writer the id of the checkpoint it takes, which the writer needs to number
 * its files as the committer will (see {@link CommitGatherer}).
 */
public class PaimonSink
        implements org.apache.flink.api.connector.sink2.Sink<Event>,
                SupportsWriterState<Event, Void>,
                SupportsCommitter<PaimonCommittable>,
                SupportsPreCommitTopology<WrittenFiles, PaimonCommittable> {
    private static final long serialVersionUID = 2L;

    private final CatalogSettings catalog;
    private final String commitUser;

    public PaimonSink(CatalogSettings catalog, String commitUserPrefix) {
        this.catalog = catalog;
        this.commitUser = commitUserPrefix + "-" + UUID.randomUUID();
    }

    @Override
    public SinkWriter<Event> createWriter(WriterInitContext context) {
        return writer(context.getRestoredCheckpointId(), context.metricGroup());
    }

    @Override
    @SuppressWarnings("deprecation")
    public SinkWriter<Event> createWriter(InitContext context) {
        return writer(context.getRestoredCheckpointId(), context.metricGroup());
    }

    @Override
    public StatefulSinkWriter<Event, Void> restoreWriter(
            WriterInitContext context, Collection<Void> recoveredState) {
        return writer(context.getRestoredCheckpointId(), context.metricGroup());
    }

    private PaimonWriter writer(OptionalLong restoredCheckpoint, MetricGroup metrics) {
        return new PaimonWriter(catalog, commitUser, restoredCheckpoint.orElse(0), metrics);
    }

    @Override
    public SimpleVersionedSerializer<Void> getWriterStateSerializer() {
        return new NoWriterState();
    }

    @Override
    public DataStream<CommittableMessage<PaimonCommittable>> addPreCommitTopology(
            DataStream<CommittableMessage<WrittenFiles>> written) {
        return written.global()
                .transform(
                        "Paimon commits",
                        CommittableMessageTypeInfo.of(CommittableSerializer::new),
                        new CommitGatherer(commitUser));
    }

    @Override
    public SimpleVersionedSerializer<WrittenFiles> getWriteResultSerializer() {
        return new WrittenFilesSerializer();
    }

    @Override
    public Committer<PaimonCommittable> createCommitter(CommitterInitContext context) {
        return new PaimonCommitter(catalog, context.getRestoredCheckpointId());
    }

    @Override
    public SimpleVersionedSerializer<PaimonCommittable> getCommittableSerializer() {
        return new CommittableSerializer();
    }

    @Override
    public String toString() {
        return "PaimonSink{" + catalog + "}";
    }
}
