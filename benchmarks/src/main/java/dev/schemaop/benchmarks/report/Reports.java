package dev.schemaop.benchmarks.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes {@code latest.json}, {@code latest.md} and {@code latest.png}; a run of W5 alone writes
 * {@code w5-latest.json} and {@code w5-latest.md} instead, so that it does not replace the figures
 * of W1 to W4 (W5 has no chart: its ratio is against the loop, not against a, a' or b).
 */
public final class Reports {
    private Reports() {}

    public static void write(Path dir, String mode, double seconds, List<ConfigResult> results)
            throws IOException {
        write(dir, mode, seconds, results, new W5Results());
    }

    /**
     * @return the name of the Markdown file written
     */
    public static String write(
            Path dir, String mode, double seconds, List<ConfigResult> results, W5Results w5)
            throws IOException {
        String stem = results.isEmpty() && !w5.isEmpty() ? "w5-latest" : "latest";
        List<Ratio> ratios = Ratio.of(results);
        ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode tree = tree(json, mode, seconds, results, ratios);
        if (!w5.isEmpty()) {
            W5Report.json(tree, w5);
        }
        Files.writeString(dir.resolve(stem + ".json"), json.writeValueAsString(tree));
        Files.writeString(
                dir.resolve(stem + ".md"),
                MarkdownReport.render(mode, seconds, results, ratios, w5));
        if (!results.isEmpty()) {
            RatioChart.save(dir.resolve("latest.png"), ratios);
        }
        return stem + ".md";
    }

    /**
     * Draws {@code latest.png} again from {@code latest.json}, e.g. after a change of the chart.
     */
    public static void redrawChart(Path dir) throws IOException {
        List<Ratio> ratios = new ArrayList<>();
        for (JsonNode node :
                new ObjectMapper().readTree(dir.resolve("latest.json").toFile()).get("ratios")) {
            ratios.add(
                    new Ratio(
                            node.get("workload").asText(),
                            node.get("parallelism").asInt(),
                            node.get("behavior").asText(),
                            node.get("cOverA").asDouble(Double.NaN),
                            node.get("cOverKeyedA").asDouble(Double.NaN),
                            node.get("cOverB").asDouble(Double.NaN)));
        }
        RatioChart.save(dir.resolve("latest.png"), ratios);
    }

    private static ObjectNode tree(
            ObjectMapper json,
            String mode,
            double seconds,
            List<ConfigResult> results,
            List<Ratio> ratios) {
        ObjectNode root = json.createObjectNode();
        root.put("mode", mode);
        root.put("finishedAt", Instant.now().toString());
        root.put("seconds", Math.round(seconds));
        root.put("cores", Runtime.getRuntime().availableProcessors());
        root.put("java", System.getProperty("java.version"));
        root.put("maxHeapBytes", Runtime.getRuntime().maxMemory());
        ArrayNode configs = root.putArray("configs");
        for (ConfigResult r : results) {
            ObjectNode node = configs.addObject();
            node.put("workload", r.workload());
            node.put("description", r.workloadDescription());
            node.put("parallelism", r.parallelism());
            node.put("topology", r.topology());
            node.put("behavior", r.behavior());
            node.put("jobs", r.runs().size());
            node.put("rowsPerSecondMedian", Math.round(r.medianRowsPerSecond()));
            ArrayNode each = node.putArray("rowsPerSecondOfEachJob");
            for (double value : r.rowsPerSecondOfEachRun()) {
                each.add(Math.round(value));
            }
            node.put(
                    "stallMeasures",
                    r.measuresCreations() ? "create.table" : "add.column/alter.column.type");
            node.put("stallCount", r.stallCount());
            node.put("stallP50Ms", round(r.stallPercentileMs(50)));
            node.put("stallP99Ms", round(r.stallPercentileMs(99)));
            node.put("wrongShapeRows", r.wrongShapeRows());
            node.put("rejectedSchemaEventsAtWriters", r.rejectedSchemaEvents());
            node.put("rowCountErrors", r.rowCountErrors());
            node.put("failedJobs", r.failedJobs());
            node.put(
                    "schemaEventsAtWriters",
                    r.runs().get(r.runs().size() - 1).schemaEventsAtWriters());
            node.put("applierCalls", r.runs().get(r.runs().size() - 1).applierCalls());
            if (r.workload().equals("W3")) {
                node.put("heapUsedAtEndBytes", Math.round(r.medianHeapUsedAtEnd()));
                node.put("registryStateBytes", Math.round(r.medianRegistryStateBytes()));
                node.put("checkpointBytes", Math.round(r.medianCheckpointBytes()));
            }
            ArrayNode problems = node.putArray("problemSamples");
            r.problems().forEach(problems::add);
        }
        ArrayNode ratioNodes = root.putArray("ratios");
        for (Ratio ratio : ratios) {
            ObjectNode node = ratioNodes.addObject();
            node.put("workload", ratio.workload());
            node.put("parallelism", ratio.parallelism());
            node.put("behavior", ratio.behavior());
            node.put("cOverA", round(ratio.cOverA()));
            node.put("cOverKeyedA", round(ratio.cOverKeyedA()));
            node.put("cOverB", round(ratio.cOverB()));
        }
        return root;
    }

    static double round(double value) {
        return Double.isNaN(value) ? Double.NaN : Math.round(value * 1000) / 1000.0;
    }
}
