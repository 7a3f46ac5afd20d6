package dev.schemaop.benchmarks.report;

import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/** The measured jobs of one W5 configuration: database, parallelism and variant. */
public record W5Config(
        String database,
        int parallelism,
        W5Variant variant,
        String workloadDescription,
        List<W5Job> jobs) {

    /** Median over the jobs that finished. */
    public double medianRowsPerSecond() {
        return ConfigResult.median(
                jobs.stream().filter(W5Job::succeeded).mapToDouble(W5Job::rowsPerSecond).toArray());
    }

    public double[] rowsPerSecondOfEachJob() {
        return jobs.stream().filter(W5Job::succeeded).mapToDouble(W5Job::rowsPerSecond).toArray();
    }

    public double stallPercentileMs(double percentile) {
        return percentileMs(all(W5Job::stallsNanos), percentile);
    }

    public double applierPercentileMs(double percentile) {
        return percentileMs(all(W5Job::applierNanos), percentile);
    }

    public double flushPercentileMs(double percentile) {
        return percentileMs(all(W5Job::flushNanos), percentile);
    }

    public int stallCount() {
        return all(W5Job::stallsNanos).length;
    }

    public long failedJobs() {
        return jobs.stream().filter(j -> !j.succeeded()).count();
    }

    /** Jobs that finished but whose table was not as generated. */
    public long unverifiedJobs() {
        return jobs.stream().filter(j -> j.succeeded() && !j.verified()).count();
    }

    public List<String> problems() {
        return jobs.stream()
                .flatMap(
                        j ->
                                j.succeeded()
                                        ? j.problems().stream()
                                        : List.of("job failed: " + j.failure()).stream())
                .limit(5)
                .toList();
    }

    public String label() {
        return "W5 " + database + " p" + parallelism + " " + variant.label();
    }

    private long[] all(Function<W5Job, long[]> values) {
        return jobs.stream().flatMapToLong(j -> Arrays.stream(values.apply(j))).sorted().toArray();
    }

    private static double percentileMs(long[] sorted, double percentile) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int index = (int) Math.ceil(percentile / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, index)] / 1e6;
    }
}
