package dev.schemaop.benchmarks.probe;

import dev.schemaop.benchmarks.workload.Workload;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The probes of the runs in this JVM, found by run id from inside the Flink job. */
public final class Probes {
    private static final Map<String, RunProbe> PROBES = new ConcurrentHashMap<>();

    private Probes() {}

    public static RunProbe open(String runId, Workload workload) {
        RunProbe probe = new RunProbe(workload.tables() * (workload.changePoints() + 1));
        PROBES.put(runId, probe);
        return probe;
    }

    public static RunProbe of(String runId) {
        RunProbe probe = PROBES.get(runId);
        if (probe == null) {
            throw new IllegalStateException("No probe for benchmark run " + runId);
        }
        return probe;
    }

    public static void close(String runId) {
        PROBES.remove(runId);
    }
}
