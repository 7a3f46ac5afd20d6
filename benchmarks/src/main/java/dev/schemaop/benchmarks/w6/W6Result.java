package dev.schemaop.benchmarks.w6;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The figures of one W6 run.
 *
 * @param scanRowsPerSecond each plain JDBC scan of the loaded table
 * @param scanCpuMicrosPerRow the JVM's CPU time during the scans, per row scanned
 * @param snapshotCpuMicrosPerRow the JVM's CPU time from submission to the last snapshot row, per
 *     row (job start-up included)
 * @param firstRowSeconds from the job's submission to its first snapshot row at the sink
 * @param snapshotRowsPerSecond from the first snapshot row at the sink to the last
 * @param issuedPerSecond changes over the time the server took to run their statements
 * @param changesPerSecond changes over the time from the first change at the sink to the last
 * @param allChangesSeconds from the first statement issued to the last change at the sink
 * @param lagMicros each change's lag: its arrival at the sink after its statement was issued
 */
public record W6Result(
        long rows,
        long updates,
        long inserts,
        int batch,
        double loadSeconds,
        double[] scanRowsPerSecond,
        double scanCpuMicrosPerRow,
        double snapshotCpuMicrosPerRow,
        double firstRowSeconds,
        double snapshotRowsPerSecond,
        double issuedPerSecond,
        double changesPerSecond,
        double allChangesSeconds,
        long[] lagMicros,
        long snapshotSeen,
        long updatesSeen,
        long insertsSeen,
        List<String> problems) {

    /** The target: the snapshot at least this share of the plain scan. */
    public static final double TARGET = 0.5;

    public static W6Result failed(long rows, long updates, long inserts, List<String> problems) {
        return new W6Result(
                rows,
                updates,
                inserts,
                0,
                0,
                new double[0],
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                new long[0],
                0,
                0,
                0,
                problems);
    }

    public boolean verified() {
        return problems.isEmpty();
    }

    public double medianScan() {
        if (scanRowsPerSecond.length == 0) {
            return Double.NaN;
        }
        double[] sorted = scanRowsPerSecond.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    public double ratio() {
        return snapshotRowsPerSecond / medianScan();
    }

    public double lagPercentileMs(double percentile) {
        if (lagMicros.length == 0) {
            return Double.NaN;
        }
        long[] sorted = lagMicros.clone();
        Arrays.sort(sorted);
        int index = (int) Math.ceil(percentile / 100 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))] / 1e3;
    }

    /**
     * {@code w6-latest.json} and {@code .md} (a quick run: {@code w6-quick.*}; W9: {@code w9-*});
     * the stem.
     */
    public String write(Path dir, String mode, String server, ScannedSource source)
            throws IOException {
        String name = source.label().toLowerCase(Locale.ROOT);
        String stem = mode.equals("full") ? name + "-latest" : name + "-quick";
        ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode tree = json.createObjectNode();
        tree.put("mode", mode);
        tree.put("finishedAt", Instant.now().toString());
        tree.put("server", server);
        tree.put("rows", rows);
        tree.put("updates", updates);
        tree.put("inserts", inserts);
        tree.put("rowsPerStatement", batch);
        tree.put("loadSeconds", loadSeconds);
        ArrayNode scans = tree.putArray("scanRowsPerSecond");
        Arrays.stream(scanRowsPerSecond).forEach(scans::add);
        tree.put("scanMedianRowsPerSecond", medianScan());
        tree.put("scanJvmCpuMicrosPerRow", scanCpuMicrosPerRow);
        tree.put("snapshotJvmCpuMicrosPerRow", snapshotCpuMicrosPerRow);
        tree.put("firstSnapshotRowSeconds", firstRowSeconds);
        tree.put("snapshotRowsPerSecond", snapshotRowsPerSecond);
        tree.put("snapshotOverScan", ratio());
        tree.put("target", TARGET);
        tree.put("targetMet", ratio() >= TARGET);
        tree.put("changesIssuedPerSecond", issuedPerSecond);
        tree.put("changesAtSinkPerSecond", changesPerSecond);
        tree.put("allChangesAtSinkSeconds", allChangesSeconds);
        tree.put("lagP50Ms", lagPercentileMs(50));
        tree.put("lagP99Ms", lagPercentileMs(99));
        tree.put("lagMaxMs", lagPercentileMs(100));
        tree.put("snapshotRowsAtSink", snapshotSeen);
        tree.put("updatesAtSink", updatesSeen);
        tree.put("insertsAtSink", insertsSeen);
        ArrayNode list = tree.putArray("problems");
        problems.forEach(list::add);
        Files.writeString(dir.resolve(stem + ".json"), json.writeValueAsString(tree));
        Files.writeString(dir.resolve(stem + ".md"), markdown(mode, server, source));
        return stem;
    }

    private String markdown(String mode, String server, ScannedSource source) {
        StringBuilder md = new StringBuilder();
        md.append("# ")
                .append(source.label())
                .append(": ")
                .append(source.title())
                .append(" (")
                .append(mode)
                .append(")\n\n");
        md.append(
                String.format(
                        Locale.ROOT,
                        "%s, %s. %,d rows (loaded in %.1f s), then %,d updates and %,d inserts in"
                                + " statements of %,d rows; %s -> this runtime (c) ->"
                                + " counting sink, parallelism 1.%n%n",
                        Instant.now(),
                        server,
                        rows,
                        loadSeconds,
                        updates,
                        inserts,
                        batch,
                        source.title()));
        md.append("| figure | value |\n|---|---:|\n");
        row(md, "JDBC scan rows/s (each)", Arrays.toString(round(scanRowsPerSecond)));
        row(md, "JDBC scan rows/s (median)", String.format(Locale.ROOT, "%,.0f", medianScan()));
        row(
                md,
                "JVM CPU per row: scan / snapshot (start-up included)",
                String.format(
                        Locale.ROOT,
                        "%.2f / %.2f us",
                        scanCpuMicrosPerRow,
                        snapshotCpuMicrosPerRow));
        row(
                md,
                "first snapshot row after submission",
                String.format(Locale.ROOT, "%.1f s", firstRowSeconds));
        row(md, "snapshot rows/s", String.format(Locale.ROOT, "%,.0f", snapshotRowsPerSecond));
        row(
                md,
                "snapshot / scan (target >= 0.5)",
                String.format(
                        Locale.ROOT,
                        "**%.2f** (%s)",
                        ratio(),
                        ratio() >= TARGET ? "met" : "missed"));
        row(md, "changes issued /s (server)", String.format(Locale.ROOT, "%,.0f", issuedPerSecond));
        row(md, "changes at the sink /s", String.format(Locale.ROOT, "%,.0f", changesPerSecond));
        row(
                md,
                "first statement to last change at the sink",
                String.format(Locale.ROOT, "%.1f s", allChangesSeconds));
        row(
                md,
                "lag p50 / p99 / max",
                String.format(
                        Locale.ROOT,
                        "%.0f / %.0f / %.0f ms",
                        lagPercentileMs(50),
                        lagPercentileMs(99),
                        lagPercentileMs(100)));
        row(
                md,
                "at the sink: snapshot rows, updates, inserts",
                String.format(
                        Locale.ROOT, "%,d, %,d, %,d", snapshotSeen, updatesSeen, insertsSeen));
        md.append('\n')
                .append(
                        problems.isEmpty()
                                ? "Every snapshot row and every change reached the sink exactly once.\n"
                                : "PROBLEMS: " + problems + "\n");
        return md.toString();
    }

    private static void row(StringBuilder md, String name, String value) {
        md.append("| ").append(name).append(" | ").append(value).append(" |\n");
    }

    private static long[] round(double[] values) {
        return Arrays.stream(values).mapToLong(Math::round).toArray();
    }
}
