package dev.schemaop.benchmarks.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** W5's section of {@code latest.md} and its part of {@code latest.json}. */
final class W5Report {
    private W5Report() {}

    static void markdown(StringBuilder md, W5Results w5) {
        md.append("## W5: the JDBC sink into PostgreSQL and MariaDB\n\n");
        md.append(
                "Topology c into the real JDBC sink against a plain JDBC batched upsert loop over the"
                        + " same rows (the practical limit), jobs taking turns (loop, pipeline, pipeline +"
                        + " changes). rows/s: the median of the measured jobs, from the first row at a sink"
                        + " writer (the loop: its first bound row) to the commit of the last one. A stall:"
                        + " from the generator emitting an add.column to the first row after it entering"
                        + " the JDBC writer (the flush of the rows before it, the applier's catalog read and"
                        + " ALTER TABLE, the release all lie in between); \"flushing in it\" is the longest"
                        + " time one writer spent in flush() calls within the stall (the rows of the old"
                        + " shape), \"applier\" the JDBC applier's own call for the change (catalog read and"
                        + " DDL), both measured around the calls. Each job wrote a fresh"
                        + " table, checked afterwards at the database (every row once, its values and its"
                        + " columns).\n\n");
        Set<String> workloads = new LinkedHashSet<>();
        w5.configs()
                .forEach(c -> workloads.add(c.variant().label() + ": " + c.workloadDescription()));
        workloads.forEach(w -> md.append("- ").append(w).append('\n'));
        if (!workloads.isEmpty()) {
            md.append('\n');
        }
        if (!w5.configs().isEmpty()) {
            table(md, w5);
        }
        for (String line : w5.skipped()) {
            md.append("- skipped: ").append(line).append('\n');
        }
        md.append("\n### W5 targets\n\n");
        for (String line : targets(w5)) {
            md.append("- ").append(line).append('\n');
        }
        md.append('\n');
    }

    private static void table(StringBuilder md, W5Results w5) {
        md.append(
                "| database | p | loop rows/s | pipeline rows/s | pipeline / loop | per round "
                        + "| + changes rows/s | changes | stall p50 / p99 ms | flushing in it p50 / p99 ms "
                        + "| applier p50 / p99 ms | jobs loop / pipeline / + changes "
                        + "| tables not as generated / failed jobs |\n");
        md.append("|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (String[] key : keys(w5)) {
            String database = key[0];
            int p = Integer.parseInt(key[1]);
            W5Config loop = w5.find(database, p, W5Variant.LOOP).orElse(null);
            W5Config pipeline = w5.find(database, p, W5Variant.PIPELINE).orElse(null);
            W5Config changes = w5.find(database, p, W5Variant.PIPELINE_WITH_CHANGES).orElse(null);
            long unverified = 0;
            long failed = 0;
            for (W5Config c : new W5Config[] {loop, pipeline, changes}) {
                if (c != null) {
                    unverified += c.unverifiedJobs();
                    failed += c.failedJobs();
                }
            }
            md.append(
                    String.format(
                            Locale.ROOT,
                            "| %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s / %s / %s | %d / %d |\n",
                            database,
                            p,
                            rate(loop),
                            rate(pipeline),
                            ratio(w5.overLoop(database, p, W5Variant.PIPELINE)),
                            perRound(w5.overLoopPerRound(database, p, W5Variant.PIPELINE)),
                            rate(changes),
                            changes == null ? "-" : Integer.toString(changes.stallCount()),
                            changes == null
                                    ? "-"
                                    : pair(
                                            changes.stallPercentileMs(50),
                                            changes.stallPercentileMs(99)),
                            changes == null
                                    ? "-"
                                    : pair(
                                            changes.flushPercentileMs(50),
                                            changes.flushPercentileMs(99)),
                            changes == null
                                    ? "-"
                                    : pair(
                                            changes.applierPercentileMs(50),
                                            changes.applierPercentileMs(99)),
                            jobs(loop),
                            jobs(pipeline),
                            jobs(changes),
                            unverified,
                            failed));
        }
        md.append('\n');
    }

    static List<String> targets(W5Results w5) {
        List<String> lines = new ArrayList<>();
        for (String[] key : keys(w5)) {
            int p = Integer.parseInt(key[1]);
            double share = w5.overLoop(key[0], p, W5Variant.PIPELINE);
            lines.add(
                    String.format(
                            Locale.ROOT,
                            "%s W5 %s p%d: pipeline / loop >= %.1f (%s)",
                            share >= W5Results.TARGET ? "met:" : "**missed:**",
                            key[0],
                            p,
                            W5Results.TARGET,
                            ratio(share)));
        }
        if (w5.failures().isEmpty()) {
            if (!w5.configs().isEmpty()) {
                lines.add("met: every W5 table held every row once, in the expected shape");
            }
        } else {
            w5.failures().stream().limit(10).forEach(f -> lines.add("**failed:** " + f));
        }
        return lines;
    }

    static void json(ObjectNode root, W5Results w5) {
        ObjectNode node = root.putObject("w5");
        ArrayNode configs = node.putArray("configs");
        for (W5Config c : w5.configs()) {
            ObjectNode config = configs.addObject();
            config.put("database", c.database());
            config.put("parallelism", c.parallelism());
            config.put("variant", c.variant().label());
            config.put("description", c.workloadDescription());
            config.put("jobs", c.jobs().size());
            config.put("rowsPerSecondMedian", Math.round(c.medianRowsPerSecond()));
            ArrayNode each = config.putArray("rowsPerSecondOfEachJob");
            for (double value : c.rowsPerSecondOfEachJob()) {
                each.add(Math.round(value));
            }
            if (c.variant() != W5Variant.LOOP) {
                config.put(
                        "overLoop",
                        Reports.round(w5.overLoop(c.database(), c.parallelism(), c.variant())));
            }
            if (c.variant() == W5Variant.PIPELINE_WITH_CHANGES) {
                config.put("stallCount", c.stallCount());
                config.put("stallP50Ms", Reports.round(c.stallPercentileMs(50)));
                config.put("stallP99Ms", Reports.round(c.stallPercentileMs(99)));
                config.put("flushingInStallP50Ms", Reports.round(c.flushPercentileMs(50)));
                config.put("flushingInStallP99Ms", Reports.round(c.flushPercentileMs(99)));
                config.put("applierP50Ms", Reports.round(c.applierPercentileMs(50)));
                config.put("applierP99Ms", Reports.round(c.applierPercentileMs(99)));
            }
            config.put("tablesNotAsGenerated", c.unverifiedJobs());
            config.put("failedJobs", c.failedJobs());
            ArrayNode problems = config.putArray("problemSamples");
            c.problems().forEach(problems::add);
        }
        ArrayNode skipped = node.putArray("skipped");
        w5.skipped().forEach(skipped::add);
        ArrayNode failures = node.putArray("failures");
        w5.failures().forEach(failures::add);
        ArrayNode targets = node.putArray("targets");
        targets(w5).forEach(targets::add);
    }

    /** (database, parallelism) in the order measured. */
    private static List<String[]> keys(W5Results w5) {
        Set<String> seen = new LinkedHashSet<>();
        List<String[]> keys = new ArrayList<>();
        for (W5Config c : w5.configs()) {
            if (seen.add(c.database() + "\u0000" + c.parallelism())) {
                keys.add(new String[] {c.database(), Integer.toString(c.parallelism())});
            }
        }
        return keys;
    }

    private static String rate(W5Config c) {
        return c == null || Double.isNaN(c.medianRowsPerSecond())
                ? "-"
                : String.format(Locale.ROOT, "%,.0f", c.medianRowsPerSecond());
    }

    private static String perRound(double[] ratios) {
        if (ratios.length == 0) {
            return "-";
        }
        StringBuilder text = new StringBuilder();
        for (double value : ratios) {
            text.append(text.length() == 0 ? "" : ", ").append(ratio(value));
        }
        return text.toString();
    }

    private static String jobs(W5Config c) {
        return c == null ? "-" : Integer.toString(c.jobs().size());
    }

    private static String pair(double p50, double p99) {
        return Double.isNaN(p50) ? "-" : String.format(Locale.ROOT, "%.1f / %.1f", p50, p99);
    }

    private static String ratio(double value) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.2f", value);
    }
}
