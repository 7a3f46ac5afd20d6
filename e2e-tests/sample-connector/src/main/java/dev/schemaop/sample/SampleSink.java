package dev.schemaop.sample;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.cdc.common.event.Event;

import java.nio.file.Path;

/** Sink API v2 sink writing {@link SampleSinkWriter}'s files into {@code output.dir}. */
public final class SampleSink implements Sink<Event> {

    private static final long serialVersionUID = 1L;

    private final String outputDir;

    public SampleSink(String outputDir) {
        this.outputDir = outputDir;
    }

    /** Flink before 1.19 (and callers still on the deprecated context) call this one. */
    @Override
    @SuppressWarnings("deprecation")
    public SinkWriter<Event> createWriter(InitContext context) {
        return new SampleSinkWriter(
                Path.of(outputDir), context.getTaskInfo().getIndexOfThisSubtask());
    }

    @Override
    public SinkWriter<Event> createWriter(WriterInitContext context) {
        return new SampleSinkWriter(
                Path.of(outputDir), context.getTaskInfo().getIndexOfThisSubtask());
    }
}
