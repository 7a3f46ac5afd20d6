package dev.schemaop.benchmarks;

import dev.schemaop.benchmarks.jdbc.Endpoint;
import dev.schemaop.benchmarks.jdbc.JdbcSinkBlock;
import dev.schemaop.benchmarks.jdbc.JobSchema;
import dev.schemaop.benchmarks.jdbc.KeySplit;
import dev.schemaop.benchmarks.jdbc.TableCheck;
import dev.schemaop.benchmarks.jdbc.UpsertLoop;
import dev.schemaop.benchmarks.probe.Probes;
import dev.schemaop.benchmarks.probe.RunProbe;
import dev.schemaop.benchmarks.report.W5Config;
import dev.schemaop.benchmarks.report.W5Job;
import dev.schemaop.benchmarks.report.W5Results;
import dev.schemaop.benchmarks.report.W5Variant;
import dev.schemaop.benchmarks.topology.RunSpec;
import dev.schemaop.benchmarks.topology.SchemaOperatorTopology;
import dev.schemaop.benchmarks.workload.Workload;
import dev.schemaop.connectors.jdbc.JdbcSinkOptions;
import dev.schemaop.connectors.jdbc.catalog.TablePath;

import org.apache.flink.cdc.common.event.TableId;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * W5: per database and parallelism, the loop, the pipeline and the pipeline with changes take turns
 * for the plan's rounds (after a warm-up round whose figures are dropped), each job into a schema
 * of its own, dropped and created before it; its table is checked afterwards and dropped when it
 * holds what was generated (kept for a look when not). Warm-up jobs are checked too.
 */
final class W5Benchmark {
    private static final int[] PARALLELISMS = {1, 2};
    private static final String TABLE = "t0";

    /** The sink's default flush size, which the loop batches by. */
    private static final int BATCH_ROWS = JdbcSinkOptions.BUFFER_FLUSH_MAX_ROWS.defaultValue();

    private final BenchCluster cluster;
    private final Path workDir;
    private final Plan.W5Plan plan;
    private int jobCounter;

    W5Benchmark(BenchCluster cluster, Path workDir, Plan.W5Plan plan) {
        this.cluster = cluster;
        this.workDir = workDir;
        this.plan = plan;
    }

    void run(Endpoint endpoint, W5Results results) {
        String database = endpoint.database().label();
        for (int p : PARALLELISMS) {
            if (plan.warmupRows() > 0) {
                long rows = plan.warmupRows();
                warmUp(endpoint, p, W5Variant.LOOP, Workload.w5(rows, 0), results);
                warmUp(endpoint, p, W5Variant.PIPELINE, Workload.w5(rows, 0), results);
                warmUp(
                        endpoint,
                        p,
                        W5Variant.PIPELINE_WITH_CHANGES,
                        Workload.w5(rows / 2, (int) (rows / 20)),
                        results);
            }
            Map<W5Variant, List<W5Job>> jobs = new EnumMap<>(W5Variant.class);
            for (int round = 0; round < plan.rounds(); round++) {
                for (W5Variant variant : W5Variant.values()) {
                    if (variant == W5Variant.PIPELINE_WITH_CHANGES
                            && round >= plan.changeRounds()) {
                        continue;
                    }
                    W5Job job = job(endpoint, p, variant, workload(variant));
                    jobs.computeIfAbsent(variant, v -> new ArrayList<>()).add(job);
                    print(database, p, variant, job);
                }
            }
            jobs.forEach(
                    (variant, measured) ->
                            results.add(
                                    new W5Config(
                                            database,
                                            p,
                                            variant,
                                            workload(variant).describe(),
                                            measured)));
        }
    }

    private Workload workload(W5Variant variant) {
        return variant == W5Variant.PIPELINE_WITH_CHANGES
                ? plan.withChanges()
                : plan.withoutChanges();
    }

    private void warmUp(
            Endpoint endpoint, int p, W5Variant variant, Workload workload, W5Results results) {
        W5Job job = job(endpoint, p, variant, workload);
        if (!job.verified()) {
            results.failure(
                    "W5 "
                            + endpoint.database().label()
                            + " p"
                            + p
                            + " warm-up "
                            + variant.label()
                            + ": "
                            + (job.succeeded()
                                    ? String.join("; ", job.problems())
                                    : "job failed: " + job.failure()));
        }
    }

    private W5Job job(Endpoint endpoint, int p, W5Variant variant, Workload workload) {
        JobSchema schema = new JobSchema(endpoint, schemaName(p, variant));
        try {
            schema.recreate();
            W5Job job =
                    variant == W5Variant.LOOP
                            ? loop(endpoint, schema, p, workload)
                            : pipeline(endpoint, schema, p, workload);
            if (job.verified()) {
                schema.drop();
            } else if (job.succeeded()) {
                System.err.printf("W5: %s kept for a look: %s%n", schema, job.problems());
            }
            return job;
        } catch (Exception e) {
            String failure = BenchmarkMain.rootCause(e);
            System.err.printf("W5 %s p%d %s failed: %s%n", endpoint, p, variant.label(), failure);
            return W5Job.failed(failure);
        }
    }

    /** Each job its own schema: {@code bench_w5_p1_loop}, ..._pipeline, ..._changes. */
    private static String schemaName(int p, W5Variant variant) {
        String suffix =
                switch (variant) {
                    case LOOP -> "loop";
                    case PIPELINE -> "pipeline";
                    case PIPELINE_WITH_CHANGES -> "changes";
                };
        return "bench_w5_p" + p + "_" + suffix;
    }

    private W5Job loop(Endpoint endpoint, JobSchema schema, int p, Workload workload)
            throws Exception {
        TablePath table = schema.table(TABLE);
        UpsertLoop loop = new UpsertLoop(endpoint, table, BATCH_ROWS);
        loop.createTable();
        // The rows each thread gets are those each writer of the pipeline job gets.
        TableId pipelineTable = workload.inSchema(schemaName(p, W5Variant.PIPELINE)).table(0);
        long[][] split = KeySplit.of(workload, pipelineTable, p, endpoint.sinkHashFunctions(p));
        double rowsPerSecond = loop.run(split);
        return new W5Job(
                rowsPerSecond,
                new long[0],
                new long[0],
                new long[0],
                TableCheck.check(endpoint, table, workload),
                null);
    }

    private W5Job pipeline(Endpoint endpoint, JobSchema schema, int p, Workload generated)
            throws Exception {
        Workload workload = generated.inSchema(schema.name());
        String runId =
                "w5-run"
                        + (++jobCounter)
                        + "-"
                        + endpoint.database().sinkType()
                        + "-p"
                        + p
                        + (workload.changeEvery() > 0 ? "-changes" : "");
        Path checkpoints = Files.createDirectories(workDir.resolve(runId));
        RunSpec run = RunSpec.evolve(runId, workload, p, checkpoints.toString());
        RunProbe probe = Probes.open(runId, workload);
        try {
            cluster.run(new SchemaOperatorTopology(new JdbcSinkBlock(endpoint)), run);
            List<String> problems =
                    new ArrayList<>(TableCheck.check(endpoint, schema.table(TABLE), workload));
            if (probe.rows() != workload.totalRows()) {
                problems.add(
                        "the writers were given "
                                + probe.rows()
                                + " rows, expected "
                                + workload.totalRows());
            }
            long elapsed = probe.lastRowAtSink() - probe.firstRowAtSink();
            return new W5Job(
                    elapsed > 0 ? probe.rows() * 1e9 / elapsed : 0,
                    probe.stalls(false, workload.changePoints() + 1),
                    probe.flushWithinStalls(workload.changePoints() + 1),
                    probe.sinkCalls().applierNanos(),
                    problems,
                    null);
        } finally {
            Probes.close(runId);
        }
    }

    private static void print(String database, int p, W5Variant variant, W5Job job) {
        System.out.printf(
                Locale.ROOT,
                "W5 %-10s p%d %-18s %,10.0f rows/s%s%s%n",
                database,
                p,
                variant.label(),
                job.rowsPerSecond(),
                job.stallsNanos().length == 0 ? "" : stalls(job),
                job.verified()
                        ? ""
                        : job.succeeded()
                                ? "  TABLE NOT AS GENERATED: " + job.problems()
                                : "  FAILED: " + job.failure());
    }

    private static String stalls(W5Job job) {
        return String.format(
                Locale.ROOT,
                "  %d changes, medians: stall %.1f ms, flushing in it %.1f ms, applier %.1f ms",
                job.stallsNanos().length,
                medianMs(job.stallsNanos()),
                medianMs(job.flushNanos()),
                medianMs(job.applierNanos()));
    }

    private static double medianMs(long[] nanos) {
        if (nanos.length == 0) {
            return Double.NaN;
        }
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2] / 1e6;
    }
}
