package dev.schemaop.clash;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Each writer, at its first row, writes what its class loader gives it of commons-collections4:
 * whether 4.5's bloom filters are there, and what {@code CollectionUtils.emptyIfNull} answers.
 */
final class ClashSink implements Sink<Event> {
    private static final long serialVersionUID = 1L;

    private final String type;
    private final String outputDir;

    ClashSink(String type, String outputDir) {
        this.type = type;
        this.outputDir = outputDir;
    }

    @Override
    @SuppressWarnings("deprecation")
    public SinkWriter<Event> createWriter(InitContext context) {
        return new Writer(context.getTaskInfo().getIndexOfThisSubtask());
    }

    @Override
    public SinkWriter<Event> createWriter(WriterInitContext context) {
        return new Writer(context.getTaskInfo().getIndexOfThisSubtask());
    }

    private final class Writer implements SinkWriter<Event> {
        private final int subtask;
        private boolean reported;

        Writer(int subtask) {
            this.subtask = subtask;
        }

        @Override
        public void write(Event event, Context context) {
            if (reported || !(event instanceof DataChangeEvent)) {
                return;
            }
            reported = true;
            ClassLoader own = ClashSink.class.getClassLoader();
            String report =
                    "bloomfilter="
                            + present(
                                    "org.apache.commons.collections4.bloomfilter.BloomFilter", own)
                            + "\nemptyIfNull="
                            + org.apache.commons.collections4.CollectionUtils.emptyIfNull(null)
                            + "\n";
            try {
                Files.createDirectories(Path.of(outputDir));
                Files.writeString(Path.of(outputDir, type + "-" + subtask + ".txt"), report);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void flush(boolean endOfInput) {}

        @Override
        public void close() {}
    }

    private static boolean present(String className, ClassLoader loader) {
        try {
            Class.forName(className, false, loader);
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }
}
