package dev.schemaop.sink;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.FlushEvent;

import java.io.IOException;

/**
 * Wraps a connector's {@link Sink} so that its writer never sees a {@link FlushEvent}: the
 * wrapper calls {@code SinkWriter.flush(false)} on it instead (SPEC §1).
 */
public final class FlushingSink implements Sink<Event> {
    private static final long serialVersionUID = 1L;

    private final Sink<Event> connectorSink;

    public FlushingSink(Sink<Event> connectorSink) {
        this.connectorSink = connectorSink;
    }

    @Override
    @SuppressWarnings("deprecation")
    public SinkWriter<Event> createWriter(InitContext context) throws IOException {
        return new FlushingWriter(connectorSink.createWriter(context));
    }

    @Override
    public SinkWriter<Event> createWriter(WriterInitContext context) throws IOException {
        return new FlushingWriter(connectorSink.createWriter(context));
    }

    /** Hands everything but flush markers to the connector's writer. */
    static final class FlushingWriter implements SinkWriter<Event> {
        private final SinkWriter<Event> writer;

        FlushingWriter(SinkWriter<Event> writer) {
            this.writer = writer;
        }

        @Override
        public void write(Event event, Context context) throws IOException, InterruptedException {
            if (event instanceof FlushEvent) {
                writer.flush(false);
                FlushSignal.flushed(((FlushEvent) event).getSourceSubTaskId());
            } else {
                writer.write(event, context);
            }
        }

        @Override
        public void flush(boolean endOfInput) throws IOException, InterruptedException {
            writer.flush(endOfInput);
        }

        @Override
        public void writeWatermark(org.apache.flink.api.common.eventtime.Watermark watermark)
                throws IOException, InterruptedException {
            writer.writeWatermark(watermark);
        }

        @Override
        public void close() throws Exception {
            writer.close();
        }
    }
}
