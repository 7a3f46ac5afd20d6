package dev.schemaop.benchmarks.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/** The figures as Markdown: throughput and ratios, stalls, W3 state, and the targets. */
final class MarkdownReport {
    private static final String TOPOLOGIES =
            "(a) bare pipeline, chained; (a') bare with the keyed exchange (rows by primary key, "
                    + "schema events to all; parallelism > 1 only); (b) Apache Flink CDC 3.5.0 regular topology; "
                    + "(c) flink-schema-operator. "
                    + "rows/s is the median of the measured jobs; a stall is the time from a schema change "
                    + "leaving the source to the first row after it reaching a sink writer. ";

    private MarkdownReport() {}

    static String render(
            String mode,
            double seconds,
            List<ConfigResult> results,
            List<Ratio> ratios,
            W5Results w5) {
        StringBuilder md = new StringBuilder();
        md.append("# Benchmark results (").append(mode).append(" mode)\n\n");
        md.append(
                String.format(
                        Locale.ROOT,
                        "%d cores, Java %s, max heap %d MiB; the whole run took %.0f s. %s"
                                + "Produced by `benchmarks/run.sh%s`.\n\n",
                        Runtime.getRuntime().availableProcessors(),
                        System.getProperty("java.version"),
                        Runtime.getRuntime().maxMemory() >> 20,
                        seconds,
                        results.isEmpty() ? "" : TOPOLOGIES,
                        (mode.equals("quick") ? " --quick" : "")
                                + (results.isEmpty() ? " --only W5" : "")));
        if (!results.isEmpty()) {
            workloads(md, results);
            throughput(md, results);
            state(md, results);
            targets(md, results, ratios);
        }
        if (!w5.isEmpty()) {
            md.append('\n');
            W5Report.markdown(md, w5);
        }
        if (!results.isEmpty()) {
            md.append("\n![ratios](latest.png)\n");
        }
        return md.toString();
    }

    private static void workloads(StringBuilder md, List<ConfigResult> results) {
        md.append("## Workloads\n\n");
        Set<String> seen = new LinkedHashSet<>();
        for (ConfigResult r : results) {
            if (seen.add(r.workload() + r.topology().equals("b"))) {
                md.append("- ")
                        .append(r.workload())
                        .append(r.topology().equals("b") ? " (b)" : "")
                        .append(": ")
                        .append(r.workloadDescription())
                        .append('\n');
            }
        }
        md.append('\n');
    }

    private static void throughput(StringBuilder md, List<ConfigResult> results) {
        md.append("## Throughput, stalls and row shapes\n\n");
        md.append(
                "| workload | p | behavior | a rows/s | a' rows/s | b rows/s | c rows/s | c/a | c/a' | c/b "
                        + "| b stall p50 / p99 ms | c stall p50 / p99 ms | wrong-shape rows b / c | row-count errors b / c "
                        + "| failed jobs b / c |\n");
        md.append("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        List<Ratio> ratios = Ratio.of(results);
        List<String> failures = new ArrayList<>();
        for (ConfigResult c : results) {
            if (!c.topology().equals("c")) {
                continue;
            }
            Optional<ConfigResult> a = Ratio.find(results, c, "a", null);
            Optional<ConfigResult> b = Ratio.find(results, c, "b", c.behavior());
            double aRate = a.map(ConfigResult::medianRowsPerSecond).orElse(Double.NaN);
            double bRate = b.map(ConfigResult::medianRowsPerSecond).orElse(Double.NaN);
            double keyedRate =
                    c.parallelism() == 1
                            ? Double.NaN
                            : Ratio.find(results, c, "a'", null)
                                    .map(ConfigResult::medianRowsPerSecond)
                                    .orElse(Double.NaN);
            Ratio ratio =
                    ratios.stream()
                            .filter(x -> x.label().equals(c.label()))
                            .findFirst()
                            .orElseThrow();
            md.append(
                    String.format(
                            Locale.ROOT,
                            "| %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s / %d | %s / %d | %s / %d |\n",
                            c.workload(),
                            c.parallelism(),
                            c.behavior(),
                            rate(aRate),
                            rate(keyedRate),
                            rate(bRate),
                            rate(c.medianRowsPerSecond()),
                            ratio(ratio.cOverA()),
                            ratio(ratio.cOverKeyedA()),
                            ratio(ratio.cOverB()),
                            b.map(MarkdownReport::stalls).orElse("-"),
                            stalls(c),
                            b.map(r -> Long.toString(r.wrongShapeRows())).orElse("-"),
                            c.wrongShapeRows(),
                            b.map(r -> Long.toString(r.rowCountErrors())).orElse("-"),
                            c.rowCountErrors(),
                            b.map(r -> Long.toString(r.failedJobs())).orElse("-"),
                            c.failedJobs()));
            b.filter(r -> r.failedJobs() > 0)
                    .ifPresent(
                            r ->
                                    failures.add(
                                            r.label()
                                                    + " (b): "
                                                    + r.problems().stream()
                                                            .filter(p -> p.startsWith("job failed"))
                                                            .findFirst()
                                                            .orElse("")));
        }
        md.append(
                "\nW3 stalls are those of table creations; W2 and W4 stalls those of the added columns. "
                        + "At parallelism 1, a' is a. rows/s and stalls are over the jobs that finished.\n");
        failures.forEach(f -> md.append("\n- ").append(f));
        md.append("\n\n");
    }

    private static void state(StringBuilder md, List<ConfigResult> results) {
        List<ConfigResult> w3 = results.stream().filter(r -> r.workload().equals("W3")).toList();
        if (w3.isEmpty()) {
            return;
        }
        md.append(
                "## W3: state at the end (10,000 tables unless the workload line says otherwise)\n\n");
        md.append(
                "| p | topology | behavior | tables | heap in use after GC MiB | above bare MiB | registry state KiB | whole checkpoint KiB |\n");
        md.append("|---|---|---|---:|---:|---:|---:|---:|\n");
        for (ConfigResult r : w3) {
            double bare =
                    Ratio.find(results, r, "a", null)
                            .map(ConfigResult::medianHeapUsedAtEnd)
                            .orElse(Double.NaN);
            md.append(
                    String.format(
                            Locale.ROOT,
                            "| %d | %s | %s | %s | %.1f | %s | %s | %.1f |\n",
                            r.parallelism(),
                            r.topology(),
                            r.behavior() == null ? "-" : r.behavior(),
                            r.workloadDescription().split(" tables")[0],
                            r.medianHeapUsedAtEnd() / (1 << 20),
                            r.topology().startsWith("a")
                                    ? "-"
                                    : String.format(
                                            Locale.ROOT,
                                            "%.1f",
                                            (r.medianHeapUsedAtEnd() - bare) / (1 << 20)),
                            r.topology().startsWith("a")
                                    ? "-"
                                    : String.format(
                                            Locale.ROOT,
                                            "%.1f",
                                            r.medianRegistryStateBytes() / 1024),
                            r.medianCheckpointBytes() / 1024));
        }
        md.append('\n');
    }

    private static void targets(StringBuilder md, List<ConfigResult> results, List<Ratio> ratios) {
        md.append("## Targets (issue 3)\n\n");
        List<String> lines = new ArrayList<>();
        for (Ratio r : ratios) {
            if (r.workload().equals("W1")) {
                lines.add(
                        check(r.label() + ": c/a >= 0.95", r.cOverA() >= 0.95, r.cOverA())
                                + (r.parallelism() > 1
                                        ? String.format(
                                                Locale.ROOT, "; c/a' %s", ratio(r.cOverKeyedA()))
                                        : ""));
                lines.add(check(r.label() + ": c/b >= 1.0", r.cOverB() >= 1.0, r.cOverB()));
            }
            if (r.workload().equals("W2")) {
                lines.add(check(r.label() + ": c/b >= 20", r.cOverB() >= 20, r.cOverB()));
                Optional<Ratio> w1 =
                        ratios.stream()
                                .filter(
                                        o ->
                                                o.workload().equals("W1")
                                                        && o.parallelism() == r.parallelism()
                                                        && o.behavior().equals(r.behavior()))
                                .findFirst();
                Optional<ConfigResult> cW2 =
                        results.stream()
                                .filter(
                                        c ->
                                                c.topology().equals("c")
                                                        && c.label().equals(r.label()))
                                .findFirst();
                Optional<ConfigResult> cW1 =
                        results.stream()
                                .filter(
                                        c ->
                                                c.topology().equals("c")
                                                        && c.label()
                                                                .equals(
                                                                        r.label()
                                                                                .replace(
                                                                                        "W2",
                                                                                        "W1")))
                                .findFirst();
                if (w1.isPresent() && cW2.isPresent() && cW1.isPresent()) {
                    double share =
                            cW2.get().medianRowsPerSecond() / cW1.get().medianRowsPerSecond();
                    lines.add(check(r.label() + ": c(W2) >= 0.7 x c(W1)", share >= 0.7, share));
                }
            }
        }
        for (ConfigResult c : results) {
            if (c.topology().equals("c") && !c.measuresCreations() && c.stallCount() > 0) {
                double limit = c.parallelism() == 1 ? 5 : 20;
                double p99 = c.stallPercentileMs(99);
                lines.add(
                        check(
                                c.label() + ": stall p99 <= " + (int) limit + " ms",
                                p99 <= limit,
                                p99));
            }
            if (c.topology().equals("c")) {
                lines.add(
                        check(
                                c.label()
                                        + ": zero wrong-shape rows, every row once, no failed job",
                                c.wrongShapeRows() == 0
                                        && c.rowCountErrors() == 0
                                        && c.failedJobs() == 0,
                                c.wrongShapeRows()));
            }
        }
        lines.forEach(line -> md.append("- ").append(line).append('\n'));
    }

    private static String check(String what, boolean met, double value) {
        return String.format(
                Locale.ROOT, "%s %s (%s)", met ? "met:" : "**missed:**", what, ratio(value));
    }

    private static String stalls(ConfigResult r) {
        return r.stallCount() == 0
                ? "-"
                : String.format(
                        Locale.ROOT,
                        "%.2f / %.2f",
                        r.stallPercentileMs(50),
                        r.stallPercentileMs(99));
    }

    private static String rate(double value) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%,.0f", value);
    }

    private static String ratio(double value) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.2f", value);
    }
}
