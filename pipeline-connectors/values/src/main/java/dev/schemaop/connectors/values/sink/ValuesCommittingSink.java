package dev.schemaop.connectors.values.sink;

import org.apache.flink.api.connector.sink2.Committer;
import org.apache.flink.api.connector.sink2.CommitterInitContext;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.SupportsCommitter;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * The values sink with {@code delivery.guarantee: exactly-once}: writers stage rows per checkpoint
 * ({@link ValuesCommittingWriter}) and a Sink v2 committer applies them to the store when the
 * checkpoint completes ({@link ValuesCommitter}).
 */
public class ValuesCommittingSink extends SubtaskWriterSink
        implements SupportsCommitter<ValuesCommittable> {

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

    @Override
    SinkWriter<Event> createWriter(int subtask) {
        return new ValuesCommittingWriter(
                ValuesStore.forPath(outputPath), printEnabled, subtask, writerFailOnceOn);
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
