package dev.schemaop.e2e;

import dev.schemaop.cli.FlinkCdcCli;
import dev.schemaop.testing.SummaryLines;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Runs a pipeline through the real front door, {@code flink-cdc.sh}'s main class, on the embedded
 * Flink MiniCluster, and reads what the values sink wrote.
 */
public final class PipelineRun {
    private static final ObjectMapper JSON = new ObjectMapper();

    public final int exitCode;

    /** What the run printed on stderr but its closing summary. */
    public final String stderr;

    /** The run's closing summary (cli.RunSummary). */
    public final List<String> summary;

    private final JsonNode output;

    private PipelineRun(int exitCode, String printed, JsonNode output) {
        this.exitCode = exitCode;
        this.stderr = SummaryLines.without(printed);
        this.summary = SummaryLines.of(printed);
        this.output = output;
    }

    /**
     * Runs the pipeline with checkpoints every {@code checkpointInterval} and up to three restarts
     * 100 ms apart: the setting of the tests that inject a failure and expect the job to recover.
     */
    public static PipelineRun withRestarts(
            Path dir, String pipelineYaml, String checkpointInterval, String... args)
            throws IOException {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(
                List.of(
                        "-D",
                        "execution.checkpointing.interval=" + checkpointInterval,
                        "-D",
                        "restart-strategy.type=fixed-delay",
                        "-D",
                        "restart-strategy.fixed-delay.attempts=3",
                        "-D",
                        "restart-strategy.fixed-delay.delay=100ms"));
        return run(dir, pipelineYaml, all.toArray(new String[0]));
    }

    /** Writes {@code pipelineYaml} into {@code dir} and runs it with the given extra arguments. */
    public static PipelineRun run(Path dir, String pipelineYaml, String... args)
            throws IOException {
        Path pipeline = dir.resolve("pipeline.yaml");
        Files.writeString(pipeline, pipelineYaml);
        List<String> all = new ArrayList<>(List.of(args));
        all.add(pipeline.toString());
        PrintStream originalErr = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit;
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            exit = FlinkCdcCli.execute(all.toArray(new String[0]));
        } finally {
            System.setErr(originalErr);
        }
        String stderr = err.toString(StandardCharsets.UTF_8);
        originalErr.print(stderr);
        Path result = dir.resolve("result.json");
        JsonNode output = Files.exists(result) ? JSON.readTree(result.toFile()) : null;
        return new PipelineRun(exit, stderr, output);
    }

    boolean hasOutput() {
        return output != null;
    }

    /** The sink table's columns as "name TYPE" lines, in order. */
    List<String> columns(String table) {
        List<String> columns = new ArrayList<>();
        for (JsonNode column : table(table).path("schema").path("columns")) {
            columns.add(column.path("name").asText() + " " + column.path("type").asText());
        }
        return columns;
    }

    List<String> primaryKeys(String table) {
        List<String> keys = new ArrayList<>();
        table(table).path("schema").path("primaryKeys").forEach(k -> keys.add(k.asText()));
        return keys;
    }

    /** The sink table's rows, each as "col=value, ..." in column order, sorted by key. */
    public List<String> rows(String table) {
        List<String> rows = new ArrayList<>();
        for (JsonNode row : table(table).path("rows")) {
            StringBuilder line = new StringBuilder();
            Iterator<Map.Entry<String, JsonNode>> fields = row.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (line.length() > 0) {
                    line.append(", ");
                }
                line.append(field.getKey())
                        .append('=')
                        .append(field.getValue().isNull() ? "null" : field.getValue().asText());
            }
            rows.add(line.toString());
        }
        return rows;
    }

    /** The values sink's commit counters ({@code commits} in its output); 0 for a missing one. */
    public long commits(String counter) {
        if (output == null) {
            throw new AssertionError("The sink wrote no result file; stderr:\n" + stderr);
        }
        return output.path("commits").path(counter).asLong(0);
    }

    boolean hasTable(String table) {
        return output != null && output.path("tables").has(table);
    }

    /** The schema changes the sink's MetadataApplier applied, in order, as "table: event". */
    List<String> schemaChanges() {
        List<String> changes = new ArrayList<>();
        if (output != null) {
            for (JsonNode change : output.path("schemaChanges")) {
                changes.add(change.path("event").asText());
            }
        }
        return changes;
    }

    /**
     * The schema changes the sink's MetadataApplier applied, per table in the order each table's
     * were applied. Changes of different tables may interleave differently from run to run (a
     * subtask asks for a change of another table while one is pending).
     */
    Map<String, List<String>> schemaChangesByTable() {
        Map<String, List<String>> byTable = new TreeMap<>();
        if (output != null) {
            for (JsonNode change : output.path("schemaChanges")) {
                byTable.computeIfAbsent(change.path("table").asText(), t -> new ArrayList<>())
                        .add(change.path("event").asText());
            }
        }
        return byTable;
    }

    private JsonNode table(String table) {
        if (output == null) {
            throw new AssertionError("The sink wrote no result file; stderr:\n" + stderr);
        }
        JsonNode node = output.path("tables").path(table);
        if (node.isMissingNode()) {
            throw new AssertionError(
                    "The sink has no table " + table + ": " + output.path("tables").fieldNames());
        }
        return node;
    }
}
