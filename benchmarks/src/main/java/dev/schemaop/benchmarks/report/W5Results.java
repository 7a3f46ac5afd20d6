package dev.schemaop.benchmarks.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What W5 measured, the databases it skipped (no server, outside CI) and the problems that fail the
 * run: a failed job, a table that did not hold every row once in the expected shape, a server
 * missing under {@code CI=true}. Warm-up jobs are not measured, but their problems count.
 */
public final class W5Results {
    /** The target: the pipeline without changes reaches this share of the loop. */
    public static final double TARGET = 0.7;

    private final List<W5Config> configs = new ArrayList<>();
    private final List<String> skipped = new ArrayList<>();
    private final List<String> failures = new ArrayList<>();

    public void add(W5Config config) {
        configs.add(config);
        config.jobs().stream()
                .filter(j -> !j.verified())
                .forEach(
                        j ->
                                failures.add(
                                        config.label()
                                                + ": "
                                                + (j.succeeded()
                                                        ? String.join("; ", j.problems())
                                                        : "job failed: " + j.failure())));
    }

    public void skipped(String line) {
        skipped.add(line);
    }

    public void failure(String line) {
        failures.add(line);
    }

    public List<W5Config> configs() {
        return configs;
    }

    public List<String> skipped() {
        return skipped;
    }

    public List<String> failures() {
        return failures;
    }

    public boolean isEmpty() {
        return configs.isEmpty() && skipped.isEmpty() && failures.isEmpty();
    }

    public Optional<W5Config> find(String database, int parallelism, W5Variant variant) {
        return configs.stream()
                .filter(
                        c ->
                                c.database().equals(database)
                                        && c.parallelism() == parallelism
                                        && c.variant() == variant)
                .findFirst();
    }

    /**
     * The variant's rows/s over the loop's, job by job in the order they ran (each pair ran one
     * after the other, so drift of the machine weighs on both alike).
     */
    public double[] overLoopPerRound(String database, int parallelism, W5Variant variant) {
        List<W5Job> loops =
                find(database, parallelism, W5Variant.LOOP).map(W5Config::jobs).orElse(List.of());
        List<W5Job> others =
                find(database, parallelism, variant).map(W5Config::jobs).orElse(List.of());
        double[] ratios = new double[Math.min(loops.size(), others.size())];
        for (int i = 0; i < ratios.length; i++) {
            ratios[i] = others.get(i).rowsPerSecond() / loops.get(i).rowsPerSecond();
        }
        return ratios;
    }

    /** Median rows/s of a variant over the loop's, or NaN. */
    public double overLoop(String database, int parallelism, W5Variant variant) {
        double loop =
                find(database, parallelism, W5Variant.LOOP)
                        .map(W5Config::medianRowsPerSecond)
                        .orElse(Double.NaN);
        return find(database, parallelism, variant)
                        .map(W5Config::medianRowsPerSecond)
                        .orElse(Double.NaN)
                / loop;
    }
}
