package dev.schemaop.benchmarks;

import dev.schemaop.benchmarks.jdbc.Endpoint;
import dev.schemaop.benchmarks.topology.RunSpec;
import dev.schemaop.benchmarks.w6.ScannedSource;
import dev.schemaop.benchmarks.w6.W6Probe;
import dev.schemaop.benchmarks.w6.W6Result;
import dev.schemaop.benchmarks.w6.W6Topology;

import com.sun.management.OperatingSystemMXBean;
import org.apache.flink.api.common.JobID;

import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.BooleanSupplier;

/**
 * W6 (the MariaDB source) and W9 (the PostgreSQL source), by the {@link ScannedSource} given: a
 * fresh table of {@code rows} rows, scanned by a plain JDBC program (the practical limit of a
 * snapshot), then read by a pipeline (the source, this runtime, the W6 counting sink, parallelism
 * 1): its snapshot, then, while it runs, {@code updates} updates and {@code inserts} inserts in
 * multi-row statements of {@code batch} rows, issued as fast as the server takes them. The sink
 * must see every snapshot row and every change exactly once.
 */
final class W6Benchmark {
    /** id, nine columns of mixed types, and the issue time of a change (null in loaded rows). */
    private static final int WIDTH = 11;

    /** The source's default {@code scan.snapshot.fetch.size}, which the scan fetches by too. */
    private static final int FETCH_SIZE = 1024;

    private static final long SNAPSHOT_TIMEOUT_NANOS = 900_000_000_000L;
    private static final long CHANGES_TIMEOUT_NANOS = 300_000_000_000L;

    private final BenchCluster cluster;
    private final Path workDir;
    private final Plan.W6Plan plan;
    private final ScannedSource source;
    private final String label;

    private double scanCpuMicrosPerRow;

    /** The JVM's CPU time (all its threads): the whole process, as the scan runs in it too. */
    private static long processCpuNanos() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** Keeps the scan's values alive, so that the JIT cannot drop the reads. */
    private long scanChecksum;

    W6Benchmark(BenchCluster cluster, Path workDir, Plan.W6Plan plan, ScannedSource source) {
        this.cluster = cluster;
        this.workDir = workDir;
        this.plan = plan;
        this.source = source;
        this.label = source.label();
    }

    W6Result run(Endpoint endpoint) {
        List<String> problems = new ArrayList<>();
        try {
            long loadStart = System.nanoTime();
            load(endpoint);
            double loadSeconds = (System.nanoTime() - loadStart) / 1e9;
            System.out.printf(
                    Locale.ROOT, label + " loaded %,d rows in %.1f s%n", plan.rows(), loadSeconds);
            List<Double> scans = new ArrayList<>();
            long cpuBefore = processCpuNanos();
            for (int i = 0; i < plan.scans(); i++) {
                double rate = scan(endpoint);
                scans.add(rate);
                System.out.printf(Locale.ROOT, label + " JDBC scan      %,12.0f rows/s%n", rate);
            }
            scanCpuMicrosPerRow =
                    (processCpuNanos() - cpuBefore) / 1e3 / (plan.rows() * plan.scans());
            System.out.printf(
                    Locale.ROOT, label + " JDBC scan JVM CPU %.2f us a row%n", scanCpuMicrosPerRow);
            W6Result result = pipeline(endpoint, scans, loadSeconds, problems);
            if (result.verified()) {
                source.drop(endpoint);
            } else {
                System.err.printf("%s: %s kept for a look%n", label, source.table());
            }
            return result;
        } catch (Exception e) {
            String failure = BenchmarkMain.rootCause(e);
            System.err.println(label + " failed: " + failure);
            problems.add("failed: " + failure);
            return W6Result.failed(plan.rows(), plan.updates(), plan.inserts(), problems);
        }
    }

    /** A fresh database and table, loaded in chunks. */
    private void load(Endpoint endpoint) throws SQLException {
        source.create(endpoint);
        try (Connection connection = source.connect(endpoint);
                Statement statement = connection.createStatement()) {
            long chunk = 100_000;
            for (long from = 1; from <= plan.rows(); from += chunk) {
                statement.execute(
                        source.insertRows(from, Math.min(plan.rows(), from + chunk - 1), "NULL"));
            }
        }
    }

    /** A plain JDBC full-table scan, streamed by the fetch size, every column's value read. */
    private double scan(Endpoint endpoint) throws SQLException {
        try (Connection connection = source.connectForScan(endpoint);
                Statement statement = connection.createStatement()) {
            statement.setFetchSize(FETCH_SIZE);
            long rows = 0;
            long checksum = 0;
            long start = System.nanoTime();
            try (ResultSet rs = statement.executeQuery("SELECT * FROM " + source.table())) {
                while (rs.next()) {
                    rows++;
                    checksum += rs.getLong(1) + rs.getInt(2) + rs.getLong(3);
                    checksum += (long) rs.getDouble(4);
                    BigDecimal dec = rs.getBigDecimal(5);
                    String name = rs.getString(6);
                    String note = rs.getString(7);
                    LocalDate date = rs.getObject(8, LocalDate.class);
                    LocalDateTime time = rs.getObject(9, LocalDateTime.class);
                    checksum += rs.getBoolean(10) ? 1 : 0;
                    checksum += rs.getLong(11);
                    checksum += Objects.hash(dec, name, note, date, time);
                }
            }
            long elapsed = System.nanoTime() - start;
            scanChecksum += checksum;
            if (rows != plan.rows()) {
                throw new IllegalStateException(
                        "the scan read " + rows + " rows, expected " + plan.rows());
            }
            return rows * 1e9 / elapsed;
        }
    }

    private W6Result pipeline(
            Endpoint endpoint, List<Double> scans, double loadSeconds, List<String> problems)
            throws Exception {
        String runId = label.toLowerCase(Locale.ROOT) + "-run-" + System.nanoTime();
        Path checkpoints = Files.createDirectories(workDir.resolve(runId));
        RunSpec run = RunSpec.evolve(runId, null, 1, checkpoints.toString());
        W6Probe probe = W6Probe.open(runId, plan.rows(), WIDTH);
        JobID job = null;
        try {
            long cpuAtSubmission = processCpuNanos();
            long submitted = System.nanoTime();
            job =
                    cluster.submit(
                            new W6Topology(source.type(), sourceOptions(endpoint), plan.rows()),
                            run);
            await(
                    job,
                    () -> probe.snapshotSeen() >= plan.rows(),
                    SNAPSHOT_TIMEOUT_NANOS,
                    "snapshot");
            double snapshotCpuMicrosPerRow =
                    (processCpuNanos() - cpuAtSubmission) / 1e3 / plan.rows();
            long snapshotNanos = probe.lastSnapshotNanos() - probe.firstSnapshotNanos();
            double snapshotRate =
                    snapshotNanos > 0 ? probe.snapshotSeen() * 1e9 / snapshotNanos : 0;
            System.out.printf(
                    Locale.ROOT,
                    label
                            + " pipeline snapshot %,12.0f rows/s (first row %.1f s after submission),"
                            + " JVM CPU %.2f us a row%n",
                    snapshotRate,
                    (probe.firstSnapshotNanos() - submitted) / 1e9,
                    snapshotCpuMicrosPerRow);
            // The source switches from its snapshot to the binlog; changes made meanwhile are
            // in the binlog after the snapshot's position and are read all the same.
            Thread.sleep(1_000);
            long changes = plan.updates() + plan.inserts();
            long issueStart = System.nanoTime();
            applyChanges(endpoint);
            long issueEnd = System.nanoTime();
            await(job, () -> probe.changesSeen() >= changes, CHANGES_TIMEOUT_NANOS, "changes");
            // Anything more would be a change seen twice.
            Thread.sleep(2_000);
            cluster.cancel(job);
            job = null;
            long changeNanos = probe.lastChangeNanos() - probe.firstChangeNanos();
            check(probe, problems);
            W6Result result =
                    new W6Result(
                            plan.rows(),
                            plan.updates(),
                            plan.inserts(),
                            plan.batch(),
                            loadSeconds,
                            scans.stream().mapToDouble(Double::doubleValue).toArray(),
                            scanCpuMicrosPerRow,
                            snapshotCpuMicrosPerRow,
                            (probe.firstSnapshotNanos() - submitted) / 1e9,
                            snapshotRate,
                            changes * 1e9 / (issueEnd - issueStart),
                            changeNanos > 0 ? probe.changesSeen() * 1e9 / changeNanos : 0,
                            (probe.lastChangeNanos() - issueStart) / 1e9,
                            probe.lagMicros(),
                            probe.snapshotSeen(),
                            probe.updatesSeen(),
                            probe.insertsSeen(),
                            problems);
            System.out.printf(
                    Locale.ROOT,
                    label
                            + " changes issued %,12.0f /s, at the sink %,12.0f /s, lag p50 %.0f ms p99 %.0f ms%s%n",
                    result.issuedPerSecond(),
                    result.changesPerSecond(),
                    result.lagPercentileMs(50),
                    result.lagPercentileMs(99),
                    problems.isEmpty() ? "" : "  NOT AS ISSUED: " + problems);
            return result;
        } finally {
            if (job != null) {
                try {
                    cluster.cancel(job);
                } catch (Exception e) {
                    System.err.println(
                            label + ": cancelling the job: " + BenchmarkMain.rootCause(e));
                }
            }
            W6Probe.close(runId);
        }
    }

    private void check(W6Probe probe, List<String> problems) {
        if (probe.snapshotSeen() != plan.rows()) {
            problems.add(
                    "snapshot rows at the sink "
                            + probe.snapshotSeen()
                            + ", expected "
                            + plan.rows());
        }
        if (probe.updatesSeen() != plan.updates()) {
            problems.add(
                    "updates at the sink " + probe.updatesSeen() + ", expected " + plan.updates());
        }
        if (probe.insertsSeen() != plan.inserts()) {
            problems.add(
                    "inserts at the sink " + probe.insertsSeen() + ", expected " + plan.inserts());
        }
        if (probe.duplicates() + probe.wrongShape() + probe.otherSeen() > 0) {
            problems.add(
                    probe.duplicates()
                            + " rows seen twice, "
                            + probe.wrongShape()
                            + " of the wrong shape, "
                            + probe.otherSeen()
                            + " unexpected events: "
                            + probe.problems());
        }
    }

    /**
     * The changes, alternating statements of {@code batch} updates of loaded rows and {@code batch}
     * inserts of new ones, each auto-committed, each carrying the time it was issued.
     */
    private void applyChanges(Endpoint endpoint) throws SQLException {
        try (Connection connection = source.connect(endpoint);
                Statement statement = connection.createStatement()) {
            long updated = 0;
            long inserted = 0;
            while (updated < plan.updates() || inserted < plan.inserts()) {
                if (updated < plan.updates()) {
                    long to = Math.min(plan.updates(), updated + plan.batch());
                    statement.executeUpdate(source.updateRows(updated + 1, to, nowMicros()));
                    updated = to;
                }
                if (inserted < plan.inserts()) {
                    long to = Math.min(plan.inserts(), inserted + plan.batch());
                    statement.executeUpdate(
                            source.insertRows(
                                    plan.rows() + inserted + 1,
                                    plan.rows() + to,
                                    Long.toString(nowMicros())));
                    inserted = to;
                }
            }
        }
    }

    private static long nowMicros() {
        return ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
    }

    private void await(JobID job, BooleanSupplier done, long timeoutNanos, String what)
            throws Exception {
        long deadline = System.nanoTime() + timeoutNanos;
        while (!done.getAsBoolean()) {
            if (cluster.status(job).isGloballyTerminalState()) {
                Throwable failure = cluster.failure(job);
                throw new IllegalStateException(
                        "the job ended during the "
                                + what
                                + ": "
                                + (failure == null
                                        ? "no failure"
                                        : BenchmarkMain.rootCause(failure)),
                        failure);
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "the "
                                + what
                                + " did not reach the sink within "
                                + timeoutNanos / 1_000_000_000L
                                + " s");
            }
            Thread.sleep(20);
        }
    }

    /** The source's block, with a snapshot first, and the experiment's changes if any. */
    private Map<String, String> sourceOptions(Endpoint endpoint) {
        Map<String, String> options =
                new LinkedHashMap<>(source.sourceOptions(endpoint, FETCH_SIZE));
        // For experiments only: BENCH_W6_SOURCE="debezium.poll.interval.ms=50,..." adds or
        // replaces source options (the committed figures are the source's defaults).
        String extra = System.getenv("BENCH_W6_SOURCE");
        if (extra != null && !extra.isBlank()) {
            for (String pair : extra.split(",")) {
                String[] kv = pair.split("=", 2);
                options.put(kv[0].trim(), kv.length > 1 ? kv[1].trim() : "");
            }
            System.out.println(label + " source options changed for an experiment: " + extra);
        }
        return options;
    }

    long scanChecksum() {
        return scanChecksum;
    }
}
