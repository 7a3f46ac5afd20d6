package dev.schemaop.connectors.values.sink;

import org.apache.flink.api.connector.sink2.Committer;
import org.apache.flink.api.connector.sink2.CommitterInitContext;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.SupportsCommitter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * The values sink with {@code delivery.guarantee: exactly-once}: writers stage rows per checkpoint
 * ({@link ValuesCommittingWriter}) and a Sink v2 committer applies them to the store when the
 * checkpoint completes ({@link ValuesCommitter}).
 */
public class ValuesCommittingSink implements Sink<Event>, SupportsCommitter<ValuesCommittable> {

    private static final long serialVersionUID = 1L;

    private final String outputPath;
    private final boolean printEnabled;
    private final SchemaChangeEventType writerFailOnceOn;
    private final boolean committerFailOnce;

    public ValuesCommittingSink(
            String outputPath,
            boolean printEnabled,
            SchemaChangeEventType writerFailOnceOn,
            boolean committerFailOnce) {
        this.outputPath = outputPath;
        this.printEnabled = printEnabled;
        this.writerFailOnceOn = writerFailOnceOn;
        this.committerFailOnce = committerFailOnce;
    }

    /** Flink 1.20 calls this one. */
    @Override
    public SinkWriter<Event> createWriter(WriterInitContext context) {
        return create(context);
    }

    /** Kept for Flink versions that still call the deprecated variant. */
    @Override
    @SuppressWarnings("deprecation")
    public SinkWriter<Event> createWriter(Sink.InitContext context) {
        return create(context);
    }

    private SinkWriter<Event> create(org.apache.flink.api.connector.sink2.InitContext context) {
        return new ValuesCommittingWriter(
                ValuesStore.forPath(outputPath),
                printEnabled,
                context.getTaskInfo().getIndexOfThisSubtask(),
                writerFailOnceOn);
    }

    @Override
    public Committer<ValuesCommittable> createCommitter(CommitterInitContext context) {
        return new ValuesCommitter(
                ValuesStore.forPath(outputPath), printEnabled, committerFailOnce);
    }

    @Override
    public SimpleVersionedSerializer<ValuesCommittable> getCommittableSerializer() {
        return ValuesCommittableSerializer.INSTANCE;
    }
}
