package dev.schemaop.benchmarks;

import dev.schemaop.benchmarks.workload.Workload;

import java.util.List;

/**
 * What a benchmark run measures: the workloads, and how many warm-up and measured jobs each
 * configuration gets. Quick mode is a smoke test with smaller workloads and one measured job.
 *
 * @param flinkCdcW3Tables W3 for Apache Flink CDC is cut to this many tables, because each creation
 *     costs it 100 to 200 ms (10,000 would take over 15 minutes per job)
 * @param warmupRows rows of the W1 job each topology runs at each parallelism before measuring
 * @param w5 the JDBC sink's workload, run apart from W1 to W4 (it needs database servers)
 */
record Plan(
        String mode,
        List<Workload> workloads,
        int warmups,
        int measured,
        int flinkCdcW3Tables,
        long warmupRows,
        W5Plan w5,
        W6Plan w6,
        W7Plan w7,
        W8Plan w8) {

    /**
     * W6: a table of {@code rows} rows read by the MariaDB source (snapshot), then {@code updates}
     * updates and {@code inserts} inserts in statements of {@code batch} rows (binlog); the table
     * scanned {@code scans} times by plain JDBC before.
     */
    record W6Plan(long rows, int updates, int inserts, int batch, int scans) {}

    /**
     * W7: {@code rows} rows into a Paimon table by Paimon's own sink and by the pipeline, without
     * changes and with an added column every {@code changeEvery} rows, {@code rounds} times.
     */
    record W7Plan(long rows, int changeEvery, int rounds) {}

    /**
     * W8: {@code tables} tables in one split, rows in turn, {@code rowsPerTable} each; table 0 gets
     * an added column every {@code changeEvery} of its rows, each taking the applier {@code
     * applyDelayMs}; {@code rounds} rounds of the five jobs.
     */
    record W8Plan(int tables, long rowsPerTable, int changeEvery, int applyDelayMs, int rounds) {}

    /**
     * W5: {@code rows} into each database, at each parallelism, as the loop and the pipeline taking
     * turns for {@code rounds} rounds, the pipeline with an added column every {@code changeEvery}
     * rows joining the first {@code changeRounds} of them (a MariaDB job of it takes two minutes;
     * 99 changes a job are enough for the stall percentiles). Before, a warm-up round of {@code
     * warmupRows} (0: none) whose figures are not kept: the first pipeline job in a JVM is markedly
     * slower while the JIT compiles its path.
     */
    record W5Plan(long rows, int changeEvery, int rounds, int changeRounds, long warmupRows) {
        Workload withoutChanges() {
            return Workload.w5(rows, 0);
        }

        Workload withChanges() {
            return Workload.w5(rows, changeEvery);
        }
    }

    static Plan full() {
        return new Plan(
                "full",
                List.of(
                        Workload.w1(2_000_000),
                        Workload.w2(100_000),
                        Workload.w3(10_000),
                        Workload.w4(500)),
                2,
                5,
                200,
                1_000_000,
                new W5Plan(1_000_000, 10_000, 3, 2, 200_000),
                new W6Plan(1_000_000, 50_000, 50_000, 1_000, 3),
                new W7Plan(1_000_000, 10_000, 3),
                new W8Plan(100, 10_000, 1_000, 200, 3));
    }

    static Plan quick() {
        return new Plan(
                "quick",
                List.of(
                        Workload.w1(300_000),
                        Workload.w2(20_000),
                        Workload.w3(1_000),
                        Workload.w4(60)),
                0,
                1,
                50,
                200_000,
                new W5Plan(20_000, 2_000, 1, 1, 0),
                new W6Plan(20_000, 1_000, 1_000, 500, 1),
                new W7Plan(20_000, 2_000, 1),
                new W8Plan(100, 3_000, 1_000, 200, 1));
    }

    /** Slow workloads get fewer jobs: each W4 job of Apache Flink CDC takes about a minute. */
    int measuredJobs(Workload workload) {
        return workload.name().equals("W4") || workload.name().equals("W3")
                ? Math.min(measured, 2)
                : measured;
    }

    int warmupJobs(Workload workload) {
        return workload.name().equals("W4") || workload.name().equals("W3") ? 0 : warmups;
    }
}
