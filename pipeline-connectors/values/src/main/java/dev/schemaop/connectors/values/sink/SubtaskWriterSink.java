package dev.schemaop.connectors.values.sink;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.cdc.common.event.Event;

/**
 * A sink whose writer needs only its subtask index. Flink 1.20 calls {@link
 * #createWriter(WriterInitContext)}; the deprecated variant is still abstract in {@link Sink}, so
 * both lead here.
 */
abstract class SubtaskWriterSink implements Sink<Event> {
    private static final long serialVersionUID = 1L;

    /** The writer of one subtask. */
    abstract SinkWriter<Event> createWriter(int subtask);

    @Override
    public SinkWriter<Event> createWriter(WriterInitContext context) {
        return createWriter(context.getTaskInfo().getIndexOfThisSubtask());
    }

    @Override
    @SuppressWarnings("deprecation")
    public SinkWriter<Event> createWriter(Sink.InitContext context) {
        return createWriter(context.getTaskInfo().getIndexOfThisSubtask());
    }
}
