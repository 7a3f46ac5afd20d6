package dev.schemaop.benchmarks.report;

import dev.schemaop.benchmarks.probe.RunProbe;
import dev.schemaop.benchmarks.workload.Workload;
import dev.schemaop.protocol.RegistryAddress;

import java.util.List;
import java.util.Map;

/** What one job measured; a job that failed has a {@code failure} and no figures. */
public record RunResult(
        double rowsPerSecond,
        long rows,
        long expectedRows,
        long wrongShapeRows,
        long rejectedSchemaEvents,
        long schemaEventsAtWriters,
        long applierCalls,
        long[] changeStallsNanos,
        long[] createStallsNanos,
        long heapUsedAtEnd,
        long registryStateBytes,
        long checkpointBytes,
        List<String> problems,
        String failure) {

    /** A job that did not finish: its failure, one line. */
    public static RunResult failed(Workload workload, String failure) {
        return new RunResult(
                Double.NaN,
                0,
                workload.totalRows(),
                0,
                0,
                0,
                0,
                new long[0],
                new long[0],
                -1,
                -1,
                -1,
                List.of("job failed: " + failure),
                failure);
    }

    public boolean succeeded() {
        return failure == null;
    }

    public static RunResult of(RunProbe probe, Workload workload, String registryUid) {
        // From the first row at a sink to the last: job start-up is not throughput.
        long elapsed = probe.lastRowAtSink() - probe.firstRowAtSink();
        long registryBytes = -1;
        long checkpointBytes = -1;
        Map<String, long[]> sizes = probe.checkpointSizes();
        if (!sizes.isEmpty()) {
            checkpointBytes = sizes.values().stream().mapToLong(s -> s[0] + s[1]).sum();
            if (registryUid != null) {
                long[] registry = sizes.get(RegistryAddress.ofUid(registryUid).toHexString());
                registryBytes = registry == null ? 0 : registry[0];
            }
        }
        int pointsPerTable = workload.changePoints() + 1;
        return new RunResult(
                elapsed > 0 ? probe.rows() * 1e9 / elapsed : 0,
                probe.rows(),
                workload.totalRows(),
                probe.wrongShapeRows(),
                probe.rejectedSchemaEvents(),
                probe.schemaEventsAtWriters(),
                probe.applierCalls(),
                probe.stalls(false, pointsPerTable),
                probe.stalls(true, pointsPerTable),
                probe.heapUsedAtEnd(),
                registryBytes,
                checkpointBytes,
                probe.wrongShapeSamples(),
                null);
    }

    /** Rows that did not arrive, or arrived more than once (the difference, signed). */
    public long rowCountError() {
        return succeeded() ? rows - expectedRows : 0;
    }
}
