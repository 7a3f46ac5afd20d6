package dev.schemaop.connectors.jdbc.testutil;

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobInfo;
import org.apache.flink.api.common.JobInfoImpl;
import org.apache.flink.api.common.TaskInfo;
import org.apache.flink.api.common.TaskInfoImpl;
import org.apache.flink.api.common.operators.MailboxExecutor;
import org.apache.flink.api.common.operators.ProcessingTimeService;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.metrics.groups.SinkWriterMetricGroup;
import org.apache.flink.util.UserCodeClassLoader;

import java.util.OptionalLong;

/** The least a writer needs: its subtask index and a processing-time service. */
public final class TestWriterInitContext implements WriterInitContext {
    private final int subtask;
    private final ProcessingTimeService timeService;

    public TestWriterInitContext(int subtask, ProcessingTimeService timeService) {
        this.subtask = subtask;
        this.timeService = timeService;
    }

    @Override
    public TaskInfo getTaskInfo() {
        return new TaskInfoImpl("jdbc-sink-test", 128, subtask, subtask + 1, 0);
    }

    @Override
    public JobInfo getJobInfo() {
        return new JobInfoImpl(new JobID(), "jdbc-sink-test");
    }

    @Override
    public OptionalLong getRestoredCheckpointId() {
        return OptionalLong.empty();
    }

    @Override
    public ProcessingTimeService getProcessingTimeService() {
        return timeService;
    }

    @Override
    public UserCodeClassLoader getUserCodeClassLoader() {
        throw new UnsupportedOperationException();
    }

    @Override
    public MailboxExecutor getMailboxExecutor() {
        throw new UnsupportedOperationException();
    }

    @Override
    public SinkWriterMetricGroup metricGroup() {
        throw new UnsupportedOperationException();
    }

    @Override
    public SerializationSchema.InitializationContext asSerializationSchemaInitializationContext() {
        throw new UnsupportedOperationException();
    }

    @Override
    public boolean isObjectReuseEnabled() {
        return false;
    }

    @Override
    public <IN> TypeSerializer<IN> createInputSerializer() {
        throw new UnsupportedOperationException();
    }
}
