package dev.schemaop.benchmarks.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/** The measured runs of one (workload, parallelism, topology, behavior). */
public record ConfigResult(
        String workload,
        String workloadDescription,
        int parallelism,
        String topology,
        String behavior,
        List<RunResult> runs) {

    /** Median over the jobs that finished. */
    public double medianRowsPerSecond() {
        return median(finished().mapToDouble(RunResult::rowsPerSecond).toArray());
    }

    public double[] rowsPerSecondOfEachRun() {
        return finished().mapToDouble(RunResult::rowsPerSecond).toArray();
    }

    public long failedJobs() {
        return runs.stream().filter(r -> !r.succeeded()).count();
    }

    private Stream<RunResult> finished() {
        return runs.stream().filter(RunResult::succeeded);
    }

    /** Stall of the schema changes after creation (W2, W4), or of the creations (W3), ms. */
    public double stallPercentileMs(double percentile) {
        long[] all =
                runs.stream()
                        .flatMapToLong(
                                r ->
                                        Arrays.stream(
                                                measuresCreations()
                                                        ? r.createStallsNanos()
                                                        : r.changeStallsNanos()))
                        .sorted()
                        .toArray();
        if (all.length == 0) {
            return Double.NaN;
        }
        int index = (int) Math.ceil(percentile / 100.0 * all.length) - 1;
        return all[Math.max(0, index)] / 1e6;
    }

    public int stallCount() {
        return runs.stream()
                .mapToInt(
                        r ->
                                (measuresCreations()
                                                ? r.createStallsNanos()
                                                : r.changeStallsNanos())
                                        .length)
                .sum();
    }

    public boolean measuresCreations() {
        return "W3".equals(workload);
    }

    public long wrongShapeRows() {
        return runs.stream().mapToLong(RunResult::wrongShapeRows).sum();
    }

    public long rejectedSchemaEvents() {
        return runs.stream().mapToLong(RunResult::rejectedSchemaEvents).sum();
    }

    public long rowCountErrors() {
        return runs.stream().mapToLong(r -> Math.abs(r.rowCountError())).sum();
    }

    public double medianHeapUsedAtEnd() {
        return median(finished().mapToDouble(RunResult::heapUsedAtEnd).toArray());
    }

    public double medianRegistryStateBytes() {
        return median(finished().mapToDouble(RunResult::registryStateBytes).toArray());
    }

    public double medianCheckpointBytes() {
        return median(finished().mapToDouble(RunResult::checkpointBytes).toArray());
    }

    public List<String> problems() {
        List<String> problems = new ArrayList<>();
        runs.forEach(r -> problems.addAll(r.problems()));
        return problems.subList(0, Math.min(5, problems.size()));
    }

    public String label() {
        return workload + " p" + parallelism + (behavior == null ? "" : " " + behavior);
    }

    public static double median(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}
