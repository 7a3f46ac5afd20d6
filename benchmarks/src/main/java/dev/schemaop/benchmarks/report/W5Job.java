package dev.schemaop.benchmarks.report;

import java.util.List;

/**
 * One W5 job: its throughput, and for a pipeline with changes the stall of each change, the longest
 * time a writer spent flushing within it, and the applier's call for it; {@code problems} are what
 * the check of its table found (or the rows its writers were given, when not each row once); a job
 * that did not finish has a {@code failure}.
 */
public record W5Job(
        double rowsPerSecond,
        long[] stallsNanos,
        long[] flushNanos,
        long[] applierNanos,
        List<String> problems,
        String failure) {

    public static W5Job failed(String failure) {
        return new W5Job(Double.NaN, new long[0], new long[0], new long[0], List.of(), failure);
    }

    public boolean succeeded() {
        return failure == null;
    }

    /** Finished with every row in its table once, in the expected shape. */
    public boolean verified() {
        return succeeded() && problems.isEmpty();
    }
}
