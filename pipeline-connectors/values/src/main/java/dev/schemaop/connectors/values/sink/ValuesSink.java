package dev.schemaop.connectors.values.sink;

import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;

/** The values sink (sink API v2): one {@link ValuesSinkWriter} per subtask. */
public class ValuesSink extends SubtaskWriterSink {

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

    @Override
    SinkWriter<Event> createWriter(int subtask) {
        return new ValuesSinkWriter(outputPath, printEnabled, subtask, failOnceOn);
    }
}
