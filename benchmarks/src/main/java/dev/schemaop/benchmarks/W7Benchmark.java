package dev.schemaop.benchmarks;

import dev.schemaop.benchmarks.paimon.PaimonBaseline;
import dev.schemaop.benchmarks.paimon.PaimonSinkBlock;
import dev.schemaop.benchmarks.probe.Probes;
import dev.schemaop.benchmarks.report.ConfigResult;
import dev.schemaop.benchmarks.topology.RunSpec;
import dev.schemaop.benchmarks.topology.SchemaOperatorTopology;
import dev.schemaop.benchmarks.workload.TableShape;
import dev.schemaop.benchmarks.workload.Workload;

import org.apache.paimon.catalog.Identifier;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * W7: the Paimon sink. {@code rows} rows of W1's shape into a primary-key Paimon table (two fixed
 * buckets, a filesystem warehouse) by Paimon's own Flink sink ({@code FlinkSinkBuilder}, the
 * baseline) and by this runtime with the Paimon sink, without changes and with an added column
 * every {@code changeEvery} rows; the three take turns, {@code rounds} times at each parallelism.
 * Rates are rows over the job's wall time, start and final commit included for all three, after a
 * warm-up job of each sink that is not measured. Every table is read back with Paimon's API: each
 * id once, and every added column.
 *
 * <p>At parallelism 1 the pipeline also runs into the same Paimon sink behind a pre-write topology
 * that repartitions by key hash and aligns flushes again, the shape of Apache Flink CDC's Paimon
 * sink (issue 25), with and without changes, against the sink without it.
 */
final class W7Benchmark {
    private static final int[] PARALLELISMS = {1, 2};
    private static final int BUCKETS = 2;

    /** Where the repartitioned variant runs: one writer, which owns every bucket. */
    private static final int REPARTITIONED_PARALLELISM = 1;

    private final BenchCluster cluster;
    private final Path workDir;
    private final Plan.W7Plan plan;
    private final List<String> problems = new ArrayList<>();
    private int jobs;

    W7Benchmark(BenchCluster cluster, Path workDir, Plan.W7Plan plan) {
        this.cluster = cluster;
        this.workDir = workDir;
        this.plan = plan;
    }

    List<String> problems() {
        return problems;
    }

    /** Runs every round and writes {@code w7-latest.md} (quick: {@code w7-quick.md}). */
    void run(Path out, String mode) throws Exception {
        Path warehouse = Files.createDirectories(workDir.resolve("w7-warehouse"));
        StringBuilder report = new StringBuilder();
        report.append("# W7: the Paimon sink against Paimon's own Flink sink (")
                .append(mode)
                .append(")\n\n")
                .append(
                        String.format(
                                Locale.ROOT,
                                "%,d rows, W1's shape, primary key, %d buckets;",
                                plan.rows(),
                                BUCKETS))
                .append(
                        String.format(
                                Locale.ROOT,
                                " an added column every %,d rows in the changes variant; %d rounds.%n%n",
                                plan.changeEvery(),
                                plan.rounds()))
                .append(
                        "| parallelism | Paimon FlinkSinkBuilder rows/s | pipeline rows/s | ratio | pipeline with changes rows/s | ratio |\n")
                .append("|---|---|---|---|---|---|\n");
        StringBuilder repartitioned = new StringBuilder();
        try (PaimonBaseline paimon = new PaimonBaseline(warehouse)) {
            // Not measured: the first jobs in a JVM run while the JIT compiles their path.
            baseline(paimon, 1);
            pipeline(paimon, 1, 0);
            pipeline(paimon, REPARTITIONED_PARALLELISM, 0, true);
            for (int p : PARALLELISMS) {
                double[] baseline = new double[plan.rounds()];
                double[] pipeline = new double[plan.rounds()];
                double[] changes = new double[plan.rounds()];
                boolean withTopology = p == REPARTITIONED_PARALLELISM;
                double[] behind = new double[plan.rounds()];
                double[] behindChanges = new double[plan.rounds()];
                for (int round = 0; round < plan.rounds(); round++) {
                    baseline[round] = baseline(paimon, p);
                    pipeline[round] = pipeline(paimon, p, 0);
                    changes[round] = pipeline(paimon, p, plan.changeEvery());
                    if (withTopology) {
                        behind[round] = pipeline(paimon, p, 0, true);
                        behindChanges[round] = pipeline(paimon, p, plan.changeEvery(), true);
                        System.out.printf(
                                Locale.ROOT,
                                "W7 p%d round %d: behind a repartitioning topology %,.0f rows/s"
                                        + " (%.2f), with changes %,.0f (%.2f)%n",
                                p,
                                round + 1,
                                behind[round],
                                behind[round] / pipeline[round],
                                behindChanges[round],
                                behindChanges[round] / changes[round]);
                    }
                    System.out.printf(
                            Locale.ROOT,
                            "W7 p%d round %d: Paimon sink %,.0f rows/s, pipeline %,.0f (%.2f),"
                                    + " with changes %,.0f (%.2f)%n",
                            p,
                            round + 1,
                            baseline[round],
                            pipeline[round],
                            pipeline[round] / baseline[round],
                            changes[round],
                            changes[round] / baseline[round]);
                }
                double b = ConfigResult.median(baseline);
                double c = ConfigResult.median(pipeline);
                double w = ConfigResult.median(changes);
                if (withTopology) {
                    double r = ConfigResult.median(behind);
                    double rw = ConfigResult.median(behindChanges);
                    repartitioned.append(
                            String.format(
                                    Locale.ROOT,
                                    "| %d | %,.0f | %,.0f | %.2f | %,.0f | %,.0f | %.2f |%n",
                                    p,
                                    c,
                                    r,
                                    r / c,
                                    w,
                                    rw,
                                    rw / w));
                }
                report.append(
                        String.format(
                                Locale.ROOT,
                                "| %d | %,.0f | %,.0f | %.2f | %,.0f | %.2f |%n",
                                p,
                                b,
                                c,
                                c / b,
                                w,
                                w / b));
            }
        }
        report.append("\nMedians over the rounds; ratio = pipeline / Paimon's sink.\n")
                .append(
                        "\nThe same Paimon sink behind a pre-write topology that repartitions by key"
                                + " hash and aligns flushes again (Flink CDC's Paimon sink's shape,"
                                + " issue 25), against it without; one writer, because the key hash"
                                + " does not follow Paimon's buckets:\n\n")
                .append(
                        "| parallelism | pipeline rows/s | behind the topology rows/s | ratio |"
                                + " pipeline with changes rows/s | behind the topology with changes"
                                + " rows/s | ratio |\n")
                .append("|---|---|---|---|---|---|---|\n")
                .append(repartitioned);
        if (!problems.isEmpty()) {
            report.append("\nNOT AS WRITTEN: ").append(problems).append('\n');
        }
        Path file = out.resolve(mode.equals("full") ? "w7-latest.md" : "w7-quick.md");
        Files.createDirectories(out);
        Files.writeString(file, report.toString());
        System.out.println("W7 results in " + file);
    }

    private double baseline(PaimonBaseline paimon, int p) throws Exception {
        Identifier table = Identifier.create("bench_w7", "baseline_" + (++jobs));
        RunSpec run = spec("w7-baseline-" + jobs, Workload.w1(plan.rows()), p);
        double rate = timed(() -> cluster.run(paimon.topology(table, BUCKETS), run));
        check(paimon, table, TableShape.INITIAL_COLUMNS);
        return rate;
    }

    private double pipeline(PaimonBaseline paimon, int p, int changeEvery) throws Exception {
        return pipeline(paimon, p, changeEvery, false);
    }

    private double pipeline(PaimonBaseline paimon, int p, int changeEvery, boolean repartitioned)
            throws Exception {
        String database = "bench_w7_" + (++jobs);
        Workload workload = new Workload("W7", 1, plan.rows(), changeEvery, 0, database);
        RunSpec run = spec("w7-pipeline-" + jobs, workload, p);
        Probes.open(run.runId(), workload); // the generator reports to it
        double rate;
        try {
            rate =
                    timed(
                            () ->
                                    cluster.run(
                                            new SchemaOperatorTopology(
                                                    new PaimonSinkBlock(
                                                            paimon.warehouse(),
                                                            BUCKETS,
                                                            repartitioned)),
                                            run));
        } finally {
            Probes.close(run.runId());
        }
        check(
                paimon,
                Identifier.create(database, "t0"),
                TableShape.INITIAL_COLUMNS + workload.changePoints());
        return rate;
    }

    private RunSpec spec(String runId, Workload workload, int p) throws IOException {
        Path checkpoints = Files.createDirectories(workDir.resolve(runId));
        return RunSpec.evolve(runId, workload, p, checkpoints.toString());
    }

    private void check(PaimonBaseline paimon, Identifier table, int columns) throws Exception {
        long distinct = paimon.countDistinctIds(table, plan.rows());
        if (distinct != plan.rows()) {
            problems.add(table + ": " + distinct + " distinct ids of " + plan.rows());
        }
        if (paimon.columns(table) != columns) {
            problems.add(table + ": " + paimon.columns(table) + " columns, expected " + columns);
        }
    }

    private interface Job {
        void run() throws Exception;
    }

    private double timed(Job job) throws Exception {
        long start = System.nanoTime();
        job.run();
        return plan.rows() * 1e9 / (System.nanoTime() - start);
    }
}
