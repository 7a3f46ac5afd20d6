package dev.schemaop.testing;

import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.SimpleCounter;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;

import java.util.Map;

/** A metric group that records its counters by group path ("table=db.t/name"). */
public final class RecordingMetricGroup extends UnregisteredMetricsGroup {
    public final Map<String, Counter> counters;
    private final String path;

    public RecordingMetricGroup(Map<String, Counter> counters) {
        this(counters, "");
    }

    private RecordingMetricGroup(Map<String, Counter> counters, String path) {
        this.counters = counters;
        this.path = path;
    }

    @Override
    public MetricGroup addGroup(String key, String value) {
        return new RecordingMetricGroup(counters, path + key + "=" + value + "/");
    }

    @Override
    public Counter counter(String name) {
        return counter(name, new SimpleCounter());
    }

    @Override
    public <C extends Counter> C counter(String name, C counter) {
        counters.put(path + name, counter);
        return counter;
    }
}
