package dev.schemaop.connectors.values.sink;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;

/** The values sink (sink API v2): one {@link ValuesSinkWriter} per subtask. */
public class ValuesSink implements Sink<Event> {

    private static final long serialVersionUID = 1L;

    private final String outputPath;
    private final boolean printEnabled;
    private final SchemaChangeEventType failOnceOn;

    public ValuesSink(String outputPath, boolean printEnabled) {
        this(outputPath, printEnabled, null);
    }

    public ValuesSink(String outputPath, boolean printEnabled, SchemaChangeEventType failOnceOn) {
        this.outputPath = outputPath;
        this.printEnabled = printEnabled;
        this.failOnceOn = failOnceOn;
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
        return new ValuesSinkWriter(
                outputPath,
                printEnabled,
                context.getTaskInfo().getIndexOfThisSubtask(),
                failOnceOn);
    }
}
