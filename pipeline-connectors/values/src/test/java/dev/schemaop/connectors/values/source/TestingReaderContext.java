package dev.schemaop.connectors.values.source;

import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.metrics.groups.SourceReaderMetricGroup;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.util.SimpleUserCodeClassLoader;
import org.apache.flink.util.UserCodeClassLoader;

/** A minimal reader context for driving a {@link ValuesSourceReader} directly. */
final class TestingReaderContext implements SourceReaderContext {

    private final int subtask;

    TestingReaderContext(int subtask) {
        this.subtask = subtask;
    }

    @Override
    public SourceReaderMetricGroup metricGroup() {
        return UnregisteredMetricsGroup.createSourceReaderMetricGroup();
    }

    @Override
    public Configuration getConfiguration() {
        return new Configuration();
    }

    @Override
    public String getLocalHostName() {
        return "localhost";
    }

    @Override
    public int getIndexOfSubtask() {
        return subtask;
    }

    @Override
    public void sendSplitRequest() {}

    @Override
    public void sendSourceEventToCoordinator(SourceEvent sourceEvent) {}

    @Override
    public UserCodeClassLoader getUserCodeClassLoader() {
        return SimpleUserCodeClassLoader.create(getClass().getClassLoader());
    }
}
