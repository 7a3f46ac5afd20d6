package dev.schemaop.benchmarks;

import dev.schemaop.benchmarks.jdbc.Endpoint;
import dev.schemaop.benchmarks.topology.RunSpec;
import dev.schemaop.benchmarks.w6.W6Probe;
import dev.schemaop.benchmarks.w6.W6Result;
import dev.schemaop.benchmarks.w6.W6Topology;

import com.sun.management.OperatingSystemMXBean;
import org.apache.flink.api.common.JobID;

import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.net.URI;
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
 * W6: the MariaDB source. A fresh table of {@code rows} rows in {@code bench_w6}, scanned by a
 * plain JDBC program (the practical limit of a snapshot), then read by a pipeline (MariaDB source,
 * this runtime, the W6 counting sink, parallelism 1): its snapshot, then, while it runs, {@code
 * updates} updates and {@code inserts} inserts in multi-row statements of {@code batch} rows,
 * issued as fast as the server takes them. The sink must see every snapshot row and every change
 * exactly once.
 */
final class W6Benchmark {
    static final String DATABASE = "bench_w6";
    private static final String TABLE = DATABASE + ".t";

    /** id, nine columns of mixed types, and the issue time of a change (null in loaded rows). */
    private static final int WIDTH = 11;

    /** The source's default {@code scan.snapshot.fetch.size}, which the scan fetches by too. */
    private static final int FETCH_SIZE = 1024;

    private static final long SNAPSHOT_TIMEOUT_NANOS = 900_000_000_000L;
    private static final long CHANGES_TIMEOUT_NANOS = 300_000_000_000L;

    private final BenchCluster cluster;
    private final Path workDir;
    private final Plan.W6Plan plan;

    private double scanCpuMicrosPerRow;

    /** The JVM's CPU time (all its threads): the whole process, as the scan runs in it too. */
    private static long processCpuNanos() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** Keeps the scan's values alive, so that the JIT cannot drop the reads. */
    private long scanChecksum;

    W6Benchmark(BenchCluster cluster, Path workDir, Plan.W6Plan plan) {
        this.cluster = cluster;
        this.workDir = workDir;
        this.plan = plan;
    }

    W6Result run(Endpoint endpoint) {
        List<String> problems = new ArrayList<>();
        try {
            long loadStart = System.nanoTime();
            load(endpoint);
            double loadSeconds = (System.nanoTime() - loadStart) / 1e9;
            System.out.printf(
                    Locale.ROOT, "W6 loaded %,d rows in %.1f s%n", plan.rows(), loadSeconds);
            List<Double> scans = new ArrayList<>();
            long cpuBefore = processCpuNanos();
            for (int i = 0; i < plan.scans(); i++) {
                double rate = scan(endpoint);
                scans.add(rate);
                System.out.printf(Locale.ROOT, "W6 JDBC scan      %,12.0f rows/s%n", rate);
            }
            scanCpuMicrosPerRow =
                    (processCpuNanos() - cpuBefore) / 1e3 / (plan.rows() * plan.scans());
            System.out.printf(
                    Locale.ROOT, "W6 JDBC scan JVM CPU %.2f us a row%n", scanCpuMicrosPerRow);
            W6Result result = pipeline(endpoint, scans, loadSeconds, problems);
            if (result.verified()) {
                try (Connection connection = endpoint.connect();
                        Statement statement = connection.createStatement()) {
                    statement.execute("DROP DATABASE IF EXISTS " + DATABASE);
                }
            } else {
                System.err.printf("W6: %s kept for a look%n", DATABASE);
            }
            return result;
        } catch (Exception e) {
            String failure = BenchmarkMain.rootCause(e);
            System.err.println("W6 failed: " + failure);
            problems.add("failed: " + failure);
            return W6Result.failed(plan.rows(), plan.updates(), plan.inserts(), problems);
        }
    }

    /** A fresh database and table, loaded from MariaDB's sequence engine in chunks. */
    private void load(Endpoint endpoint) throws SQLException {
        try (Connection connection = endpoint.connect();
                Statement statement = connection.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS " + DATABASE);
            statement.execute("CREATE DATABASE " + DATABASE);
            statement.execute(
                    "CREATE TABLE "
                            + TABLE
                            + " (id BIGINT NOT NULL PRIMARY KEY, c_int INT, c_bigint BIGINT,"
                            + " c_double DOUBLE, c_dec DECIMAL(12,2), c_name VARCHAR(64),"
                            + " c_note TEXT, c_date DATE, c_time DATETIME(3), c_flag BOOLEAN,"
                            + " c_issued BIGINT) ENGINE=InnoDB");
            long chunk = 100_000;
            for (long from = 1; from <= plan.rows(); from += chunk) {
                statement.execute(
                        insertFromSequence(from, Math.min(plan.rows(), from + chunk - 1), "NULL"));
            }
        }
    }

    /** Rows {@code from} to {@code to} as the load and the inserted changes write them. */
    private static String insertFromSequence(long from, long to, String issued) {
        return "INSERT INTO "
                + TABLE
                + " SELECT seq, (seq * 7919) % 2147483, seq * 1000003, seq / 7.0,"
                + " (seq % 10000000) / 100, CONCAT('name-', seq, '-', MD5(seq)),"
                + " CONCAT('note ', seq), DATE '2020-01-01' + INTERVAL (seq % 3650) DAY,"
                + " TIMESTAMP '2020-01-01 00:00:00' + INTERVAL seq SECOND, seq % 2, "
                + issued
                + " FROM "
                + DATABASE
                + ".seq_"
                + from
                + "_to_"
                + to;
    }

    /** A plain JDBC full-table scan, streamed by the fetch size, every column's value read. */
    private double scan(Endpoint endpoint) throws SQLException {
        try (Connection connection = endpoint.connect();
                Statement statement = connection.createStatement()) {
            statement.setFetchSize(FETCH_SIZE);
            long rows = 0;
            long checksum = 0;
            long start = System.nanoTime();
            try (ResultSet rs = statement.executeQuery("SELECT * FROM " + TABLE)) {
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
        String runId = "w6-run-" + System.nanoTime();
        Path checkpoints = Files.createDirectories(workDir.resolve(runId));
        RunSpec run = RunSpec.evolve(runId, null, 1, checkpoints.toString());
        W6Probe probe = W6Probe.open(runId, plan.rows(), WIDTH);
        JobID job = null;
        try {
            long cpuAtSubmission = processCpuNanos();
            long submitted = System.nanoTime();
            job = cluster.submit(new W6Topology(sourceOptions(endpoint), plan.rows()), run);
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
                    "W6 pipeline snapshot %,12.0f rows/s (first row %.1f s after submission),"
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
                    "W6 changes issued %,12.0f /s, at the sink %,12.0f /s, lag p50 %.0f ms p99 %.0f ms%s%n",
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
                    System.err.println("W6: cancelling the job: " + BenchmarkMain.rootCause(e));
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
        try (Connection connection = endpoint.connect();
                Statement statement = connection.createStatement()) {
            long updated = 0;
            long inserted = 0;
            while (updated < plan.updates() || inserted < plan.inserts()) {
                if (updated < plan.updates()) {
                    long to = Math.min(plan.updates(), updated + plan.batch());
                    statement.executeUpdate(
                            "UPDATE "
                                    + TABLE
                                    + " SET c_int = c_int + 1, c_name = CONCAT('updated-', id),"
                                    + " c_issued = "
                                    + nowMicros()
                                    + " WHERE id BETWEEN "
                                    + (updated + 1)
                                    + " AND "
                                    + to);
                    updated = to;
                }
                if (inserted < plan.inserts()) {
                    long to = Math.min(plan.inserts(), inserted + plan.batch());
                    statement.executeUpdate(
                            insertFromSequence(
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

    /**
     * The MariaDB source's block: the server of the endpoint's url, the W6 table, a snapshot first.
     */
    private static Map<String, String> sourceOptions(Endpoint endpoint) {
        URI uri = URI.create(endpoint.url().substring("jdbc:".length()));
        Map<String, String> options = new LinkedHashMap<>();
        options.put("hostname", uri.getHost());
        options.put("port", Integer.toString(uri.getPort() < 0 ? 3306 : uri.getPort()));
        options.put("username", endpoint.user());
        if (!endpoint.password().isEmpty()) {
            options.put("password", endpoint.password());
        }
        options.put("tables", TABLE);
        options.put("server-id", "6101");
        options.put("server-time-zone", "UTC");
        options.put("scan.startup.mode", "initial");
        options.put("scan.snapshot.fetch.size", Integer.toString(FETCH_SIZE));
        // For experiments only: BENCH_W6_SOURCE="debezium.poll.interval.ms=50,..." adds or
        // replaces source options (the committed figures are the source's defaults).
        String extra = System.getenv("BENCH_W6_SOURCE");
        if (extra != null && !extra.isBlank()) {
            for (String pair : extra.split(",")) {
                String[] kv = pair.split("=", 2);
                options.put(kv[0].trim(), kv.length > 1 ? kv[1].trim() : "");
            }
            System.out.println("W6 source options changed for an experiment: " + extra);
        }
        return options;
    }

    long scanChecksum() {
        return scanChecksum;
    }
}
