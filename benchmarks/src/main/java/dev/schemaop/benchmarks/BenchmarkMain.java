package dev.schemaop.benchmarks;

import dev.schemaop.benchmarks.jdbc.Database;
import dev.schemaop.benchmarks.jdbc.Endpoint;
import dev.schemaop.benchmarks.probe.Probes;
import dev.schemaop.benchmarks.probe.RunProbe;
import dev.schemaop.benchmarks.report.ConfigResult;
import dev.schemaop.benchmarks.report.Reports;
import dev.schemaop.benchmarks.report.RunResult;
import dev.schemaop.benchmarks.report.W5Results;
import dev.schemaop.benchmarks.topology.BareTopology;
import dev.schemaop.benchmarks.topology.FlinkCdcTopology;
import dev.schemaop.benchmarks.topology.KeyedBareTopology;
import dev.schemaop.benchmarks.topology.RepartitionedSinkTopology;
import dev.schemaop.benchmarks.topology.RunSpec;
import dev.schemaop.benchmarks.topology.SchemaOperatorTopology;
import dev.schemaop.benchmarks.topology.Topology;
import dev.schemaop.benchmarks.w6.MariaDbScannedSource;
import dev.schemaop.benchmarks.w6.PostgresScannedSource;
import dev.schemaop.benchmarks.w6.ScannedSource;
import dev.schemaop.benchmarks.w6.W6Result;
import dev.schemaop.benchmarks.workload.Workload;

import org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Runs every workload through (a) a bare pipeline, (b) Apache Flink CDC 3.5.0's regular topology
 * and (c) this runtime, at parallelism 1 and 2, EVOLVE and LENIENT, on one MiniCluster, then W5
 * (this runtime into the JDBC sink against a plain JDBC loop, {@link W5Benchmark}), and writes
 * {@code results/latest.json}, {@code latest.md} and {@code latest.png} ({@code w5-latest.json} and
 * {@code w5-latest.md} when W5 ran alone); then W6 (the MariaDB source against a plain JDBC scan,
 * {@link W6Benchmark}), which writes {@code w6-latest.json} and {@code w6-latest.md}, and W9 (the
 * PostgreSQL source, the same way: {@code w9-latest.*}).
 *
 * <p>Usage: {@code BenchmarkMain [--quick] [--out DIR] [--only W1,W2] [--topologies a,a',b,c]
 * [--redraw-chart]} ({@code --redraw-chart} draws the chart of DIR's {@code latest.json} again;
 * {@code --only W5} runs W5 alone, {@code --only W6} W6, {@code --only W9} W9). Topologies {@code
 * c-r} and {@code b-r}, not run unless named ({@code --topologies b,b-r,c,c-r --only W1,W2}): this
 * runtime and Apache Flink CDC's into the counting sink behind a repartitioning pre-write topology
 * (issue 25).
 */
public final class BenchmarkMain {
    private static final int[] PARALLELISMS = {1, 2};
    private static final SchemaChangeBehavior[] BEHAVIORS = {
        SchemaChangeBehavior.EVOLVE, SchemaChangeBehavior.LENIENT
    };

    private final Plan plan;
    private final Path workDir;
    private int runCounter;

    private BenchmarkMain(Plan plan, Path workDir) {
        this.plan = plan;
        this.workDir = workDir;
    }

    public static void main(String[] args) {
        try {
            run(args);
        } catch (Throwable failure) {
            // A MiniCluster that failed half-way keeps non-daemon threads: end the JVM anyway.
            failure.printStackTrace();
            System.exit(1);
        }
        System.exit(0);
    }

    private static void run(String[] args) throws Exception {
        boolean quick = false;
        Path out = Path.of("benchmarks", "results");
        List<String> only = List.of();
        List<String> topologyKeys = List.of("a", "a'", "b", "c");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--quick" -> quick = true;
                case "--out" -> out = Path.of(args[++i]);
                case "--only" -> only = List.of(args[++i].toUpperCase(Locale.ROOT).split(","));
                case "--topologies" ->
                        topologyKeys = List.of(args[++i].toLowerCase(Locale.ROOT).split(","));
                case "--redraw-chart" -> {
                    Reports.redrawChart(out);
                    return;
                }
                default -> {
                    System.err.println(
                            "Unknown argument "
                                    + args[i]
                                    + ". Usage: [--quick] [--out DIR] [--only W1,W2] [--topologies a,a',b,b-r,c,c-r] [--redraw-chart]");
                    System.exit(2);
                }
            }
        }
        Plan plan = quick ? Plan.quick() : Plan.full();
        Files.createDirectories(out);
        Path workDir = Files.createTempDirectory("schemaop-bench");
        W5Results w5 = new W5Results();
        // W5 is topology c into real databases: it runs when selected and c is among the
        // topologies.
        List<Endpoint> w5Servers =
                (only.isEmpty() || only.contains("W5")) && topologyKeys.contains("c")
                        ? w5Servers(w5)
                        : List.of();
        // W6 is the MariaDB source through topology c: it runs when selected and c is among
        // the topologies, and the server answers.
        Optional<Endpoint> w6Server =
                (only.isEmpty() || only.contains("W6")) && topologyKeys.contains("c")
                        ? sourceServer("W6", Database.MARIADB)
                        : Optional.empty();
        // W9 is the PostgreSQL source, the same way.
        Optional<Endpoint> w9Server =
                (only.isEmpty() || only.contains("W9")) && topologyKeys.contains("c")
                        ? sourceServer("W9", Database.POSTGRES)
                        : Optional.empty();
        long started = System.nanoTime();
        BenchmarkMain main = new BenchmarkMain(plan, workDir);
        List<ConfigResult> results =
                main.runAll(only, topologyKeys, w5Servers, w5, w6Server, w9Server, out);
        double seconds = (System.nanoTime() - started) / 1e9;
        if (!results.isEmpty() || !w5.isEmpty()) {
            String written = Reports.write(out, plan.mode(), seconds, results, w5);
            System.out.printf(
                    Locale.ROOT,
                    "Benchmark (%s) took %.0f s; results in %s%n",
                    plan.mode(),
                    seconds,
                    out.resolve(written));
        } else {
            System.out.printf(Locale.ROOT, "Benchmark (%s) took %.0f s%n", plan.mode(), seconds);
        }
        long wrong =
                results.stream()
                        .filter(r -> r.topology().equals("c"))
                        .mapToLong(ConfigResult::wrongShapeRows)
                        .sum();
        long lost =
                results.stream()
                        .filter(r -> r.topology().equals("c"))
                        .mapToLong(ConfigResult::rowCountErrors)
                        .sum();
        long failed =
                results.stream()
                        .filter(r -> r.topology().equals("c"))
                        .mapToLong(ConfigResult::failedJobs)
                        .sum();
        if (wrong > 0 || lost > 0 || failed > 0) {
            System.err.printf(
                    "flink-schema-operator delivered %d rows of the wrong shape and %d rows too many or too few; %d of its jobs failed%n",
                    wrong, lost, failed);
        }
        w5.failures().forEach(f -> System.err.println("W5 failed: " + f));
        main.w6Failures.forEach(f -> System.err.println("W6/W9 failed: " + f));
        main.w7Failures.forEach(f -> System.err.println("W7 failed: " + f));
        main.w8Failures.forEach(f -> System.err.println("W8 failed: " + f));
        if (wrong > 0
                || lost > 0
                || failed > 0
                || !w5.failures().isEmpty()
                || !main.w6Failures.isEmpty()
                || !main.w7Failures.isEmpty()
                || !main.w8Failures.isEmpty()) {
            System.exit(1);
        }
    }

    /**
     * The database servers W5 can use. Without one, W5 is skipped for that database with a line
     * saying why; under {@code CI=true} the run fails at once instead, since CI has both servers
     * and a W5 that silently measured nothing would hide a broken setup.
     */
    private static List<Endpoint> w5Servers(W5Results w5) {
        List<Endpoint> servers = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (Database database : Database.values()) {
            Endpoint endpoint = database.endpoint();
            Optional<String> unreachable = endpoint.unreachable();
            if (unreachable.isPresent()) {
                missing.add(unreachable.get());
            } else {
                servers.add(endpoint);
            }
        }
        if (!missing.isEmpty() && "true".equalsIgnoreCase(System.getenv("CI"))) {
            missing.forEach(m -> System.err.println("W5 cannot run (CI=true): " + m));
            System.exit(1);
        }
        for (String line : missing) {
            System.out.println("W5 skipped: " + line);
            w5.skipped(line);
        }
        return servers;
    }

    /**
     * The server a source workload reads (W6: MariaDB, W9: PostgreSQL), the one of W5 ({@code
     * SCHEMAOP_MARIADB_URL} or {@code SCHEMAOP_POSTGRES_URL}, _USER, _PASSWORD); without it the
     * workload is skipped with a line saying why, and under {@code CI=true} the run fails.
     */
    private static Optional<Endpoint> sourceServer(String workload, Database database) {
        Endpoint endpoint = database.endpoint();
        Optional<String> unreachable = endpoint.unreachable();
        if (unreachable.isEmpty()) {
            return Optional.of(endpoint);
        }
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            System.err.println(workload + " cannot run (CI=true): " + unreachable.get());
            System.exit(1);
        }
        System.out.println(workload + " skipped: " + unreachable.get());
        return Optional.empty();
    }

    private final List<String> w6Failures = new ArrayList<>();
    private final List<String> w7Failures = new ArrayList<>();
    private final List<String> w8Failures = new ArrayList<>();

    private List<ConfigResult> runAll(
            List<String> only,
            List<String> topologyKeys,
            List<Endpoint> w5Servers,
            W5Results w5,
            Optional<Endpoint> w6Server,
            Optional<Endpoint> w9Server,
            Path out)
            throws Exception {
        List<Topology> topologies =
                List.<Topology>of(
                                new BareTopology(),
                                new KeyedBareTopology(),
                                new FlinkCdcTopology(false),
                                new FlinkCdcTopology(true),
                                new SchemaOperatorTopology(),
                                new RepartitionedSinkTopology())
                        .stream()
                        .filter(t -> topologyKeys.contains(t.key()))
                        .toList();
        List<ConfigResult> results = new ArrayList<>();
        List<Workload> workloads =
                plan.workloads().stream()
                        .filter(w -> only.isEmpty() || only.contains(w.name()))
                        .toList();
        try (BenchCluster cluster = BenchCluster.start()) {
            if (!workloads.isEmpty()) {
                warmUp(cluster, topologies);
            }
            for (Workload workload : workloads) {
                for (int parallelism : PARALLELISMS) {
                    results.addAll(
                            runInterleaved(cluster, configs(topologies, workload, parallelism)));
                }
            }
            W5Benchmark w5Benchmark = new W5Benchmark(cluster, workDir, plan.w5());
            for (Endpoint server : w5Servers) {
                w5Benchmark.run(server, w5);
            }
            if (w6Server.isPresent()) {
                ScannedSource mariadb = new MariaDbScannedSource();
                W6Result w6 =
                        new W6Benchmark(cluster, workDir, plan.w6(), mariadb).run(w6Server.get());
                String stem = w6.write(out, plan.mode(), w6Server.get().toString(), mariadb);
                System.out.println("W6 results in " + out.resolve(stem + ".md"));
                w6.problems().forEach(w6Failures::add);
            }
            // W9: the PostgreSQL source, as W6 (the same plan), on the server of W5.
            if (w9Server.isPresent()) {
                ScannedSource postgres = new PostgresScannedSource();
                W6Result w9 =
                        new W6Benchmark(cluster, workDir, plan.w6(), postgres).run(w9Server.get());
                String stem = w9.write(out, plan.mode(), w9Server.get().toString(), postgres);
                System.out.println("W9 results in " + out.resolve(stem + ".md"));
                w9.problems().forEach(w6Failures::add);
            }
            // W8: a slow change of one table among 100, topologies b and c.
            if ((only.isEmpty() || only.contains("W8")) && topologyKeys.contains("c")) {
                W8Benchmark w8 = new W8Benchmark(cluster, workDir, plan.w8());
                w8.run(out, plan.mode(), topologyKeys.contains("b"));
                w8Failures.addAll(w8.problems());
            }
            // W7 is the Paimon sink through topology c, on a local warehouse: no server needed.
            if ((only.isEmpty() || only.contains("W7")) && topologyKeys.contains("c")) {
                W7Benchmark w7 = new W7Benchmark(cluster, workDir, plan.w7());
                w7.run(out, plan.mode());
                w7Failures.addAll(w7.problems());
            }
        }
        return results;
    }

    /** One configuration: a topology, its workload and parallelism, and a behavior. */
    private record Config(
            Topology topology, Workload workload, int parallelism, SchemaChangeBehavior behavior) {}

    private List<Config> configs(List<Topology> topologies, Workload workload, int parallelism) {
        List<Config> configs = new ArrayList<>();
        for (Topology topology : topologies) {
            if (topology instanceof KeyedBareTopology && parallelism == 1) {
                continue; // the same as (a) at parallelism 1
            }
            if (!topology.runsAt(parallelism)) {
                continue;
            }
            for (SchemaChangeBehavior behavior :
                    topology.hasBehavior() ? BEHAVIORS : new SchemaChangeBehavior[] {null}) {
                configs.add(new Config(topology, sized(workload, topology), parallelism, behavior));
            }
        }
        return configs;
    }

    /**
     * The jobs of the configurations take turns (a, b, c, a, b, c, ...), so that whatever drifts
     * during a run (JIT recompilation as topologies alternate, the machine) weighs on every
     * configuration alike.
     */
    private List<ConfigResult> runInterleaved(BenchCluster cluster, List<Config> configs)
            throws Exception {
        Workload workload = configs.get(0).workload();
        for (int i = 0; i < plan.warmupJobs(workload); i++) {
            for (Config config : configs) {
                runOnce(
                        cluster,
                        config.topology(),
                        config.workload(),
                        config.parallelism(),
                        config.behavior());
            }
        }
        List<List<RunResult>> runs = new ArrayList<>();
        configs.forEach(c -> runs.add(new ArrayList<>()));
        for (int i = 0; i < plan.measuredJobs(workload); i++) {
            for (int c = 0; c < configs.size(); c++) {
                Config config = configs.get(c);
                runs.get(c)
                        .add(
                                runOnce(
                                        cluster,
                                        config.topology(),
                                        config.workload(),
                                        config.parallelism(),
                                        config.behavior()));
            }
        }
        List<ConfigResult> results = new ArrayList<>();
        for (int c = 0; c < configs.size(); c++) {
            results.add(report(configs.get(c), runs.get(c)));
        }
        return results;
    }

    /** JIT and cluster warm-up, not recorded: W1 and a small W2 through every topology. */
    private void warmUp(BenchCluster cluster, List<Topology> topologies) throws Exception {
        for (Topology topology : topologies) {
            for (int parallelism : PARALLELISMS) {
                if (!topology.runsAt(parallelism)) {
                    continue;
                }
                for (Workload workload :
                        List.of(Workload.w1(plan.warmupRows()), Workload.w2(5_000))) {
                    runOnce(cluster, topology, workload, parallelism, SchemaChangeBehavior.EVOLVE);
                }
            }
        }
    }

    private Workload sized(Workload workload, Topology topology) {
        if (workload.name().equals("W3") && topology instanceof FlinkCdcTopology) {
            return Workload.w3(Math.min(workload.tables(), plan.flinkCdcW3Tables()));
        }
        return workload;
    }

    private ConfigResult report(Config config, List<RunResult> runs) {
        Topology topology = config.topology();
        Workload workload = config.workload();
        int parallelism = config.parallelism();
        SchemaChangeBehavior behavior = config.behavior();
        ConfigResult result =
                new ConfigResult(
                        workload.name(),
                        workload.describe(),
                        parallelism,
                        topology.key(),
                        behavior == null ? null : behavior.name(),
                        runs);
        System.out.printf(
                Locale.ROOT,
                "%-18s %s  %,12.0f rows/s  stall p50 %7.2f ms p99 %7.2f ms  wrong-shape %d  row-count errors %d%n",
                result.label(),
                topology.key(),
                result.medianRowsPerSecond(),
                result.stallPercentileMs(50),
                result.stallPercentileMs(99),
                result.wrongShapeRows(),
                result.rowCountErrors());
        return result;
    }

    private RunResult runOnce(
            BenchCluster cluster,
            Topology topology,
            Workload workload,
            int parallelism,
            SchemaChangeBehavior behavior)
            throws Exception {
        String runId = "run" + (++runCounter) + "-" + topology.key() + "-" + workload.name();
        Path checkpoints = Files.createDirectories(workDir.resolve(runId));
        RunSpec run =
                new RunSpec(
                        runId,
                        workload,
                        parallelism,
                        behavior == null ? SchemaChangeBehavior.EVOLVE : behavior,
                        checkpoints.toString(),
                        workload.name().equals("W3"));
        RunProbe probe = Probes.open(runId, workload);
        try {
            cluster.run(topology, run);
            return RunResult.of(probe, workload, topology.registryUid());
        } catch (Exception e) {
            // A failing job is a finding (Apache Flink CDC's coordinator fails some), not the
            // end of the benchmark; for this runtime it fails the run below.
            String failure = rootCause(e);
            System.err.printf("Job %s failed: %s%n", runId, failure);
            return RunResult.failed(workload, failure);
        } finally {
            Probes.close(runId);
        }
    }

    static String rootCause(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        StackTraceElement[] where = root.getStackTrace();
        return root.getClass().getName()
                + (root.getMessage() == null
                        ? ""
                        : ": " + root.getMessage().lines().findFirst().orElse(""))
                + (where.length == 0 ? "" : " at " + where[Math.min(where.length - 1, 3)]);
    }
}
