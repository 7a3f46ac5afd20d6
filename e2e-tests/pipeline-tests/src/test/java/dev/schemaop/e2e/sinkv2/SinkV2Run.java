package dev.schemaop.e2e.sinkv2;

import dev.schemaop.cli.FlinkCdcCli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

/**
 * Runs a pipeline through the real front door ({@link FlinkCdcCli#execute}) on the embedded
 * cluster, and reads what a values sink wrote to {@code result.json} in the same directory.
 */
final class SinkV2Run {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SERVICES = "META-INF/services/org.apache.flink.cdc.common.factories.Factory";

    final int exitCode;
    final String stderr;
    private final JsonNode output;

    private SinkV2Run(int exitCode, String stderr, JsonNode output) {
        this.exitCode = exitCode;
        this.stderr = stderr;
        this.output = output;
    }

    /** Writes {@code pipelineYaml} into {@code dir} and runs it with the given extra arguments. */
    static SinkV2Run run(Path dir, String pipelineYaml, String... args) throws IOException {
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
        return new SinkV2Run(exit, stderr, Files.exists(result) ? JSON.readTree(result.toFile()) : null);
    }

    /**
     * A jar holding only the {@code sinkv2-test} connector's service registration, for {@code
     * --jar}; its classes come from the test class path. Registered on the class path itself, the
     * connector would join the list of available sinks that other tests' error messages print.
     */
    static Path connectorJar(Path dir) throws IOException {
        Path jar = dir.resolve("sinkv2-test-connector.jar");
        try (InputStream services = SinkV2Run.class.getResourceAsStream("/sinkv2-connector/" + SERVICES);
                OutputStream file = Files.newOutputStream(jar);
                JarOutputStream out = new JarOutputStream(file)) {
            out.putNextEntry(new JarEntry(SERVICES));
            services.transferTo(out);
            out.closeEntry();
        }
        return jar;
    }

    /** The table's rows, each as "col=value, ..." in column order, sorted by key. */
    List<String> rows(String table) {
        List<String> rows = new ArrayList<>();
        for (JsonNode row : output().path("tables").path(table).path("rows")) {
            StringBuilder line = new StringBuilder();
            Iterator<Map.Entry<String, JsonNode>> fields = row.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                line.append(line.length() > 0 ? ", " : "")
                        .append(field.getKey())
                        .append('=')
                        .append(field.getValue().isNull() ? "null" : field.getValue().asText());
            }
            rows.add(line.toString());
        }
        return rows;
    }

    /** The values sink's commit counters ({@code commits} in its output); 0 for a missing one. */
    long commits(String counter) {
        return output().path("commits").path(counter).asLong(0);
    }

    private JsonNode output() {
        if (output == null) {
            throw new AssertionError("The sink wrote no result file; stderr:\n" + stderr);
        }
        return output;
    }
}
