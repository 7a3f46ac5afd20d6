package dev.schemaop.benchmarks;

import dev.schemaop.benchmarks.probe.Probes;
import dev.schemaop.benchmarks.probe.RunProbe;
import dev.schemaop.benchmarks.report.ConfigResult;
import dev.schemaop.benchmarks.topology.FlinkCdcTopology;
import dev.schemaop.benchmarks.topology.RunSpec;
import dev.schemaop.benchmarks.topology.SchemaOperatorTopology;
import dev.schemaop.benchmarks.topology.SinkBlock;
import dev.schemaop.benchmarks.topology.Topology;
import dev.schemaop.benchmarks.workload.Workload;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * W8: a slow change of one table among many (issue 14). {@code tables} tables in one source split,
 * their rows in turn; table 0 gets an added column every {@code changeEvery} of its rows and the
 * applier takes {@code applyDelayMs} per change. Measured: the rows/s of the other tables (first to
 * last of their rows at the sink writers), with the changes against the same workload without them,
 * in the same run: this runtime (c), this runtime with parking turned off ({@code
 * schema-operator.parked-rows.max-size: 0}, how it behaved before issue 14) and Apache Flink CDC's
 * runtime (b). Parallelism 1: one split, one schema operator subtask. The jobs take turns, {@code
 * rounds} times; medians. Every row is checked for its shape at the sink, and counted.
 */
final class W8Benchmark {
    private static final String PARKING_OFF = "schema-operator.parked-rows.max-size";

    private final BenchCluster cluster;
    private final Path workDir;
    private final Plan.W8Plan plan;
    private final List<String> problems = new ArrayList<>();
    private int jobs;

    W8Benchmark(BenchCluster cluster, Path workDir, Plan.W8Plan plan) {
        this.cluster = cluster;
        this.workDir = workDir;
        this.plan = plan;
    }

    List<String> problems() {
        return problems;
    }

    /** Runs every round and writes {@code w8-latest.md} (quick: {@code w8-quick.md}). */
    void run(Path out, String mode, boolean withFlinkCdc) throws Exception {
        Topology parking = new SchemaOperatorTopology();
        Topology parkingOff =
                new SchemaOperatorTopology(SinkBlock.counting(), Map.of(PARKING_OFF, "0"));
        Topology flinkCdc = new FlinkCdcTopology(false);
        Workload steady = workload(0);
        Workload changing = workload(plan.changeEvery());
        // Not measured: the first jobs of a topology run while the JIT compiles its path.
        rate(parking, changing);
        rate(parkingOff, changing);
        if (withFlinkCdc) {
            rate(flinkCdc, changing);
        }
        double[] cSteady = new double[plan.rounds()];
        double[] cChanging = new double[plan.rounds()];
        double[] offChanging = new double[plan.rounds()];
        double[] bSteady = new double[plan.rounds()];
        double[] bChanging = new double[plan.rounds()];
        for (int round = 0; round < plan.rounds(); round++) {
            cSteady[round] = rate(parking, steady);
            cChanging[round] = rate(parking, changing);
            offChanging[round] = rate(parkingOff, changing);
            if (withFlinkCdc) {
                bSteady[round] = rate(flinkCdc, steady);
                bChanging[round] = rate(flinkCdc, changing);
            }
            System.out.printf(
                    Locale.ROOT,
                    "W8 round %d: other tables' rows/s without changes %,.0f, with changes %,.0f"
                            + " (%.2f), parking off %,.0f (%.2f); Flink CDC %,.0f, with changes"
                            + " %,.0f (%.2f)%n",
                    round + 1,
                    cSteady[round],
                    cChanging[round],
                    cChanging[round] / cSteady[round],
                    offChanging[round],
                    offChanging[round] / cSteady[round],
                    bSteady[round],
                    bChanging[round],
                    bSteady[round] == 0 ? 0 : bChanging[round] / bSteady[round]);
        }
        write(out, mode, withFlinkCdc, cSteady, cChanging, offChanging, bSteady, bChanging);
    }

    private Workload workload(int changeEvery) {
        return Workload.w8(plan.tables(), plan.rowsPerTable(), changeEvery, plan.applyDelayMs());
    }

    /** One job; the rows/s of the tables without changes. */
    private double rate(Topology topology, Workload workload) throws Exception {
        String runId = "w8-" + (++jobs) + "-" + topology.key();
        Path checkpoints = Files.createDirectories(workDir.resolve(runId));
        RunSpec run = RunSpec.evolve(runId, workload, 1, checkpoints.toString());
        RunProbe probe = Probes.open(runId, workload);
        try {
            cluster.run(topology, run);
            check(runId, probe, workload);
            return probe.unchangedTablesRate();
        } finally {
            Probes.close(runId);
        }
    }

    private void check(String runId, RunProbe probe, Workload workload) {
        if (probe.rows() != workload.totalRows()) {
            problems.add(runId + ": " + probe.rows() + " rows of " + workload.totalRows());
        }
        if (probe.unchangedTablesRows() != (workload.tables() - 1) * workload.rowsPerTable()) {
            problems.add(runId + ": " + probe.unchangedTablesRows() + " rows of the other tables");
        }
        if (probe.wrongShapeRows() > 0 || probe.rejectedSchemaEvents() > 0) {
            problems.add(runId + ": rows of the wrong shape " + probe.wrongShapeSamples());
        }
    }

    private void write(
            Path out,
            String mode,
            boolean withFlinkCdc,
            double[] cSteady,
            double[] cChanging,
            double[] offChanging,
            double[] bSteady,
            double[] bChanging)
            throws Exception {
        double c = ConfigResult.median(cSteady);
        StringBuilder report = new StringBuilder();
        report.append("# W8: a slow change of one table among ")
                .append(plan.tables())
                .append(" (")
                .append(mode)
                .append(")\n\n")
                .append(
                        String.format(
                                Locale.ROOT,
                                "%d tables in one source split, %,d rows each, in turn; table 0 gets"
                                        + " an added column every %,d of its rows (%d changes), the"
                                        + " applier takes %d ms a change; parallelism 1; %d rounds."
                                        + " Rows/s of the other %d tables, first to last of their"
                                        + " rows at the sink.%n%n",
                                plan.tables(),
                                plan.rowsPerTable(),
                                plan.changeEvery(),
                                workload(plan.changeEvery()).changePoints(),
                                plan.applyDelayMs(),
                                plan.rounds(),
                                plan.tables() - 1))
                .append("| runtime | without changes | with changes | ratio |\n")
                .append("|---|---|---|---|\n")
                .append(row("this runtime", c, ConfigResult.median(cChanging)))
                .append(
                        row(
                                "this runtime, parking off (before issue 14)",
                                c,
                                ConfigResult.median(offChanging)));
        if (withFlinkCdc) {
            report.append(
                    row(
                            "Apache Flink CDC 3.5.0",
                            ConfigResult.median(bSteady),
                            ConfigResult.median(bChanging)));
        }
        report.append(
                String.format(
                        Locale.ROOT,
                        "%nTarget: this runtime's ratio >= 0.9: %s.%n",
                        ConfigResult.median(cChanging) / c >= 0.9 ? "met" : "MISSED"));
        if (!problems.isEmpty()) {
            report.append("\nNOT AS WRITTEN: ").append(problems).append('\n');
        }
        Path file = out.resolve(mode.equals("full") ? "w8-latest.md" : "w8-quick.md");
        Files.createDirectories(out);
        Files.writeString(file, report.toString());
        System.out.println("W8 results in " + file);
    }

    private static String row(String runtime, double steady, double changing) {
        return String.format(
                Locale.ROOT,
                "| %s | %,.0f | %,.0f | %.2f |%n",
                runtime,
                steady,
                changing,
                changing / steady);
    }
}
