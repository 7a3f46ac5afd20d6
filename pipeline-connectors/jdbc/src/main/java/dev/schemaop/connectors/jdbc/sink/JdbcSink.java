package dev.schemaop.connectors.jdbc.sink;

import dev.schemaop.connectors.jdbc.connection.JdbcConnectionOptions;
import dev.schemaop.connectors.jdbc.dialect.JdbcDialect;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.cdc.common.event.Event;

/**
 * The Flink sink (Sink API v2): one {@link JdbcSinkWriter} per subtask, flushing by the task's
 * processing-time service. At least once: no committer, no writer state.
 */
public class JdbcSink implements Sink<Event> {
    private static final long serialVersionUID = 1L;

    private final JdbcDialect dialect;
    private final JdbcConnectionOptions connection;
    private final WriteOptions options;

    public JdbcSink(JdbcDialect dialect, JdbcConnectionOptions connection, WriteOptions options) {
        this.dialect = dialect;
        this.connection = connection;
        this.options = options;
    }

    @Override
    public SinkWriter<Event> createWriter(WriterInitContext context) {
        return new JdbcSinkWriter(
                dialect,
                connection,
                options,
                context.getTaskInfo().getIndexOfThisSubtask(),
                context.getProcessingTimeService());
    }

    @Override
    @SuppressWarnings("deprecation")
    public SinkWriter<Event> createWriter(Sink.InitContext context) {
        return new JdbcSinkWriter(
                dialect,
                connection,
                options,
                context.getTaskInfo().getIndexOfThisSubtask(),
                context.getProcessingTimeService());
    }

    @Override
    public String toString() {
        return "JdbcSink{" + dialect + ", " + connection.describe() + ", " + options + "}";
    }
}
